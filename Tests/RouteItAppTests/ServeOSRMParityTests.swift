import Foundation
import XCTest
import RouteItCore
@testable import routeit

/// Where `routeit serve` answers as osrm-routed and Nominatim answer what their clients read:
/// `skip_waypoints` and `generate_hints` (against a real osrm-routed on the same extract), the
/// annotations' road-only durations, the depart, arrive and ring modifiers and the exit on
/// leaving a ring, and the Nominatim parameters the map can or cannot answer.
final class ServeOSRMParityTests: XCTestCase {
    private let a = "24.9422,60.1677", b = "24.95,60.17"

    private func keys(_ object: [String: Any]) -> [String] { object.keys.filter { $0 != "routeit" }.sorted() }

    /// The steps of an OSRM answer's first route's first leg.
    private static func firstLegSteps(_ object: [String: Any]) throws -> [[String: Any]] {
        try XCTUnwrap(((object["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])
    }

    /// osrm-routed's answer to `target`.
    private static func answer(of osrm: OSRMProcess, to target: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(string: osrm.url + target)!)) as? [String: Any])
    }

    func testSkipWaypointsAndGenerateHintsAreHonouredAsOSRMHonoursThem() throws {
        let osrm = try OSRMProcess.start()
        defer { osrm.kill() }
        let server = try ServeProcess(map: try HelsinkiFlowTests.importedMap())
        defer { _ = server.stop() }
        func theirs(_ target: String) throws -> [String: Any] {
            try Self.answer(of: osrm, to: target)
        }
        for target in ["/route/v1/driving/\(a);\(b)?skip_waypoints=true", "/table/v1/driving/\(a);\(b)?skip_waypoints=true",
                       "/trip/v1/driving/\(a);\(b)?skip_waypoints=true", "/nearest/v1/driving/\(a)?skip_waypoints=true"] {
            let ours = try server.get(target)
            XCTAssertEqual(ours.status, 200, target)
            XCTAssertEqual(keys(ours.object), keys(try theirs(target)), target)
            XCTAssertNil(ours.object["waypoints"], target)
        }
        for (target, member) in [("/route/v1/driving/\(a);\(b)?generate_hints=false", "waypoints"),
                                 ("/trip/v1/driving/\(a);\(b)?generate_hints=false", "waypoints"),
                                 ("/table/v1/driving/\(a);\(b)?generate_hints=false", "sources"),
                                 ("/table/v1/driving/\(a);\(b)?generate_hints=false", "destinations"),
                                 ("/nearest/v1/driving/\(a)?generate_hints=false", "waypoints")] {
            let ours = try XCTUnwrap(try server.get(target).object[member] as? [[String: Any]], target)
            let reference = try XCTUnwrap(try theirs(target)[member] as? [[String: Any]], target)
            XCTAssertEqual(ours.map(keys), reference.map(keys), target)
            XCTAssertTrue(ours.allSatisfy { $0["hint"] == nil }, target)
        }
        // Hints are still given by default, and the values are checked as OSRM checks them.
        let hinted = try XCTUnwrap(try server.get("/route/v1/driving/\(a);\(b)").object["waypoints"] as? [[String: Any]])
        XCTAssertTrue(hinted.allSatisfy { $0["hint"] != nil })
        XCTAssertEqual(try server.get("/route/v1/driving/\(a);\(b)?skip_waypoints=yes").status, 400)
    }

    /// Each step lists the junctions it passes, as osrm-routed does (it had its maneuver's alone):
    /// on the tester's pair the same junctions per step, each with the roads meeting there.
    func testStepsListTheJunctionsTheyPassAsOSRMs() throws {
        let osrm = try OSRMProcess.start()
        defer { osrm.kill() }
        let server = try ServeProcess(map: try HelsinkiFlowTests.importedMap())
        defer { _ = server.stop() }
        let target = "/route/v1/driving/\(a);\(b)?steps=true"
        func junctions(_ object: [String: Any]) throws -> [[[String: Any]]] {
            let steps = try Self.firstLegSteps(object)
            return try steps.map { try XCTUnwrap($0["intersections"] as? [[String: Any]]) }
        }
        let ours = try junctions(try server.get(target).object)
        let theirs = try junctions(try Self.answer(of: osrm, to: target))
        XCTAssertEqual(ours.map(\.count), theirs.map(\.count))
        XCTAssertGreaterThan(ours.joined().count, ours.count, "junctions passed are listed")
        var same = 0
        for (a, b) in zip(ours.joined(), theirs.joined()) {
            let p = try XCTUnwrap(a["location"] as? [Double]), q = try XCTUnwrap(b["location"] as? [Double])
            XCTAssertEqual(p[0], q[0], accuracy: 1e-5)
            XCTAssertEqual(p[1], q[1], accuracy: 1e-5)
            XCTAssertEqual((a["bearings"] as? [Int])?.count, (b["bearings"] as? [Int])?.count)
            if ["bearings", "entry", "in", "out"].allSatisfy({ "\(a[$0] ?? "-")" == "\(b[$0] ?? "-")" }) { same += 1 }
        }
        // Bearings are OSRM's 15° classes of each road's perceived heading; one may fall in the next class.
        XCTAssertGreaterThanOrEqual(Double(same), Double(ours.joined().count) * 0.6)
    }

    /// The arrival is named after the road the place is on, as osrm-routed names it: past a
    /// name change no step says (Yliopistonkatu into Mikonkatu), and on an unnamed way after a
    /// named street. It took the last street a step had named.
    func testTheArrivalIsNamedAfterTheRoadThePlaceIsOnAsOSRMs() throws {
        let osrm = try OSRMProcess.start()
        defer { osrm.kill() }
        let server = try ServeProcess(map: try HelsinkiFlowTests.importedMap())
        defer { _ = server.stop() }
        func arrival(_ object: [String: Any]) throws -> String? {
            let steps = try Self.firstLegSteps(object)
            return steps.last?["name"] as? String
        }
        for pair in ["24.946353,60.177794;24.945522,60.170355", "24.950445,60.169236;24.947472,60.173024",
                     "24.942899,60.175221;24.938508,60.171601"] {
            let target = "/route/v1/driving/\(pair)?steps=true"
            let theirs = try arrival(try Self.answer(of: osrm, to: target))
            XCTAssertEqual(try arrival(try server.get(target).object), theirs, pair)
        }
    }

    /// A car turn's modifier is read from the perceived bearings, as osrm-routed reads it: onto
    /// Mikonkatu a "slight left" (the headings over 20 m read a plain left).
    func testACarTurnsModifierIsReadAsOSRMReadsIt() throws {
        let osrm = try OSRMProcess.start()
        defer { osrm.kill() }
        let server = try ServeProcess(map: try HelsinkiFlowTests.importedMap())
        defer { _ = server.stop() }
        func maneuvers(_ object: [String: Any]) throws -> [String] {
            let steps = try Self.firstLegSteps(object)
            return steps.map { step in
                let m = step["maneuver"] as? [String: Any]
                return "\(m?["type"] ?? "") \(m?["modifier"] ?? "") \(step["name"] ?? "")"
            }
        }
        let target = "/route/v1/driving/24.945800,60.176155;24.943518,60.170694?steps=true"
        let theirs = try maneuvers(try Self.answer(of: osrm, to: target))
        XCTAssertTrue(theirs.contains("turn slight left Mikonkatu"), "osrm-routed: \(theirs)")
        XCTAssertEqual(try maneuvers(try server.get(target).object), theirs)
    }

    /// The intersections' `lanes` are osrm-routed's on two drives past junctions with turn lanes:
    /// lanes for a turn at the junction after (a junction in two parts), lanes of the road before
    /// a short one, and (the second) lanes narrowed for a right turn close ahead.
    func testIntersectionLanesAreOSRMs() throws {
        let osrm = try OSRMProcess.start()
        defer { osrm.kill() }
        let server = try ServeProcess(map: try HelsinkiFlowTests.importedMap())
        defer { _ = server.stop() }
        func lanes(_ object: [String: Any]) throws -> [String] {
            let steps = try Self.firstLegSteps(object)
            return steps.flatMap { ($0["intersections"] as? [[String: Any]]) ?? [] }.compactMap { junction in
                guard let lanes = junction["lanes"] as? [[String: Any]], let at = junction["location"] as? [Double] else { return nil }
                let text = lanes.map { (($0["indications"] as? [String]) ?? []).joined(separator: ";") + ($0["valid"] as? Bool == true ? "*" : "") }
                return String(format: "%.5f,%.5f ", at[0], at[1]) + text.joined(separator: "|")
            }
        }
        for (pair, count) in [("24.9366,60.1701;24.9512,60.1771", 8), ("24.9517,60.1671;24.9495,60.1751", 5)] {
            let target = "/route/v1/driving/\(pair)?steps=true&overview=false"
            let theirs = try lanes(try Self.answer(of: osrm, to: target))
            XCTAssertEqual(theirs.count, count)
            XCTAssertEqual(try lanes(try server.get(target).object), theirs)
        }
    }

    /// OSRM's annotation durations and speeds are the road's: the turns and traffic signals
    /// are in the leg's duration, not spread over the segments (the tester's pair: OSRM's
    /// segments add up to 152.3 s of a 175.7 s leg; ours added up to the whole leg).
    func testAnnotationDurationsAreTheRoadsAloneAsOSRMs() throws {
        let osrm = try OSRMProcess.start()
        defer { osrm.kill() }
        let server = try ServeProcess(map: try HelsinkiFlowTests.importedMap())
        defer { _ = server.stop() }
        let target = "/route/v1/driving/\(a);\(b)?annotations=true&overview=full"
        func leg(_ object: [String: Any]) throws -> (duration: Double, segments: Double, medianSpeed: Double) {
            let leg = try XCTUnwrap(((object["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])?.first)
            let annotation = try XCTUnwrap(leg["annotation"] as? [String: Any])
            let durations = try XCTUnwrap(annotation["duration"] as? [Double])
            let speeds = try XCTUnwrap(annotation["speed"] as? [Double])
            return (try XCTUnwrap(leg["duration"] as? Double), durations.reduce(0, +), speeds.sorted()[speeds.count / 2])
        }
        let ours = try leg(try server.get(target).object)
        let theirs = try leg(try Self.answer(of: osrm, to: target))
        XCTAssertEqual(ours.duration, theirs.duration, accuracy: theirs.duration * 0.05)
        XCTAssertLessThan(ours.segments, ours.duration - 10, "the turns are left out of the segments")
        XCTAssertEqual(ours.segments, theirs.segments, accuracy: theirs.segments * 0.05)
        // The road's speed, not slowed by the turns (it was 5.9 m/s where OSRM's is 6.7).
        XCTAssertEqual(ours.medianSpeed, theirs.medianSpeed, accuracy: 0.3)
    }

    /// Nominatim's endpoints RouteIt does not serve answer in Nominatim's error shape; names per
    /// language and the name tags are answered; a polygon asked for is the place's point, as
    /// Nominatim gives a node's.
    func testNominatimParametersAreAnsweredOrRefusedInNominatimsShape() throws {
        let server = try ServeProcess(map: try HelsinkiFlowTests.importedMap())
        defer { _ = server.stop() }
        func error(_ target: String, _ status: Int) throws {
            let answer = try server.get(target)
            XCTAssertEqual(answer.status, status, target)
            let error = try XCTUnwrap(answer.object["error"] as? [String: Any], target)
            XCTAssertEqual(error["code"] as? Int, status, target)
            XCTAssertFalse((error["message"] as? String ?? "").isEmpty, target)
        }
        try error("/details?place_id=1", 404)
        try error("/details.php?osmtype=N&osmid=1", 404)
        try error("/polygons", 404)
        // Names per language and the name tags are the map's (they were refused before schema 19).
        let swedish = try server.get("/search?q=Annankatu+25&format=jsonv2&addressdetails=1&accept-language=sv,en;q=0.5")
        XCTAssertEqual(swedish.status, 200)
        XCTAssertEqual(((swedish.json as? [[String: Any]])?.first?["address"] as? [String: String])?["road"], "Annegatan")
        XCTAssertEqual(((swedish.json as? [[String: Any]])?.first?["address"] as? [String: String])?["city"], "Helsingfors")
        let named = try server.get("/search?q=Annankatu&namedetails=1")
        XCTAssertEqual(((named.json as? [[String: Any]])?.first?["namedetails"] as? [String: String])?["name:sv"], "Annegatan")
        XCTAssertEqual(try server.get("/reverse?lat=60.1677&lon=24.9422&accept-language=en").status, 200)
        try error("/search?q=Annankatu+25&polygon_geojson=1&polygon_text=1", 400)
        XCTAssertEqual(try server.get("/search?q=Annankatu+25&namedetails=0").status, 200)
        for target in ["/search?q=Annankatu+25&format=jsonv2&polygon_geojson=1", "/reverse?lat=60.1677&lon=24.9422&format=json&polygon_geojson=1",
                       "/search?q=Annankatu+25&format=json&polygon_text=1"] {
            let answer = try server.get(target)
            XCTAssertEqual(answer.status, 200, target)
            let places = answer.json as? [[String: Any]] ?? [answer.object]
            XCTAssertFalse(places.isEmpty, target)
            for place in places {
                let lat = try XCTUnwrap(Double(place["lat"] as? String ?? "")), lon = try XCTUnwrap(Double(place["lon"] as? String ?? ""))
                if target.contains("polygon_text") {
                    XCTAssertEqual(place["geotext"] as? String, NominatimPointGeometry.value("geotext", Coordinate(latitude: lat, longitude: lon)) as? String)
                    XCTAssertTrue((place["geotext"] as? String ?? "").hasPrefix("POINT(24.9"), target)
                    continue
                }
                let geometry = try XCTUnwrap(place["geojson"] as? [String: Any], target)
                XCTAssertEqual(geometry["type"] as? String, "Point")
                let point = try XCTUnwrap(geometry["coordinates"] as? [Double])
                XCTAssertEqual(point[0], lon, accuracy: 1e-9)
                XCTAssertEqual(point[1], lat, accuracy: 1e-9)
            }
        }
        // Without the parameter, no geometry.
        let plain = try XCTUnwrap(try server.get("/search?q=Annankatu+25&format=jsonv2").json as? [[String: Any]])
        XCTAssertTrue(plain.allSatisfy { $0["geojson"] == nil })
    }
}

/// The step fields RouteIt's maneuvers do not carry, written as osrm-routed writes them.
final class OSRMStepModifierTests: XCTestCase {
    private let start = Coordinate(latitude: 60.17, longitude: 24.93)

    private func point(east: Double, north: Double) -> Coordinate {
        Coordinate(latitude: start.latitude + north / Geodesy.metresPerDegree,
                   longitude: start.longitude + east / (Geodesy.metresPerDegree * cos(start.latitude * .pi / 180)))
    }

    private func step(_ maneuver: Maneuver, _ line: [Coordinate]) -> RouteStep {
        RouteStep(instruction: InstructionText.sentence(for: maneuver), distance: 100, expectedTravelTime: 10, polyline: line)
    }

    private func written(_ steps: [RouteStep], ends: (from: Coordinate, to: Coordinate)?,
                         junctions: [RouteIntersection]? = nil) throws -> [[String: Any]] {
        var json = JSONStream()
        json.openArray()
        OSRMStepJSON.steps(&json, steps, mode: .car, geometries: .geojson, ends: ends, junctions: junctions)
        json.closeArray()
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.bytes)) as? [[String: Any]])
    }

    private func maneuvers(_ steps: [RouteStep], ends: (from: Coordinate, to: Coordinate)?,
                           junctions: [RouteIntersection]? = nil) throws -> [[String: Any]] {
        try written(steps, ends: ends, junctions: junctions).map { try XCTUnwrap($0["maneuver"] as? [String: Any]) }
    }

    /// East 100 m on A, onto ring B to its 2nd exit, then north on B 100 m, and arrive.
    private func eastThenRoundTheRingThenNorth() -> [RouteStep] {
        [
            step(Maneuver(kind: .depart, streetName: "A", bearing: 90), [point(east: 0, north: 0), point(east: 100, north: 0)]),
            step(Maneuver(kind: .roundabout, streetName: "B", exitNumber: 2),
                 [point(east: 100, north: 0), point(east: 120, north: -10), point(east: 130, north: 10)]),
            step(Maneuver(kind: .exitRoundabout, direction: .right, streetName: "B"),
                 [point(east: 130, north: 10), point(east: 130, north: 110)]),
            step(Maneuver(kind: .arrive), [point(east: 130, north: 110)]),
        ]
    }

    /// East 100 m, north into a ring (a right turn onto it), its 2nd exit, west, and the
    /// destination south of the road's end: the place asked 20 m north of the start.
    func testDepartArriveRingModifiersAndTheExitOnLeavingTheRing() throws {
        let steps = eastThenRoundTheRingThenNorth()
        let from = point(east: -1, north: 20), to = point(east: 150, north: 110)
        let m = try maneuvers(steps, ends: (from, to))
        XCTAssertEqual(m.map { $0["type"] as? String }, ["depart", "roundabout", "exit roundabout", "arrive"])
        // From the place south onto the road, then east: a left turn, as OSRM's angle says.
        XCTAssertEqual(m[0]["modifier"] as? String, "left")
        // Heading east, onto the ring heading south-east: OSRM's turn direction for that turn.
        XCTAssertEqual(m[1]["modifier"] as? String, "slight right")
        XCTAssertEqual(m[1]["exit"] as? Int, 2)
        XCTAssertEqual(m[2]["exit"] as? Int, 2)
        XCTAssertEqual(m[2]["modifier"] as? String, "right")
        // Heading north at the end, the place 20 m east: on the right.
        XCTAssertEqual(m[3]["modifier"] as? String, "right")
        // Places on the road (under 5 m) or far from it (over 300 m) have no side, as in OSRM.
        let onRoad = try maneuvers(steps, ends: (point(east: 0, north: 2), point(east: 130, north: 600)))
        XCTAssertNil(onRoad[0]["modifier"])
        XCTAssertNil(onRoad[3]["modifier"])
    }

    /// The router's junctions go to the steps that pass them; the one at a ring's entry is its
    /// maneuver's, and its roads in and out give the turn onto the ring.
    func testJunctionsGoToTheirStepsAndTheRingEntrysGivesItsModifier() throws {
        let steps = eastThenRoundTheRingThenNorth()
        let passed = RouteIntersection(location: point(east: 50, north: 0), distance: 50, bearings: [0, 90, 270],
                                       entry: [true, true, false], into: 2, out: 1)
        // Arriving heading east (the road in leaves west, 270), onto the ring heading south: right.
        let entry = RouteIntersection(location: point(east: 100, north: 0), distance: 100, bearings: [180, 270],
                                      entry: [true, false], into: 1, out: 0)
        let written = try written(steps, ends: nil, junctions: [passed, entry])
        let intersections = written.map { ($0["intersections"] as? [[String: Any]]) ?? [] }
        XCTAssertEqual(intersections.map(\.count), [2, 1, 1, 1])
        XCTAssertEqual(intersections[0][1]["bearings"] as? [Int], [0, 90, 270])
        XCTAssertEqual(intersections[1][0]["bearings"] as? [Int], [180, 270])
        XCTAssertEqual(intersections[1][0]["in"] as? Int, 1)
        XCTAssertEqual((written[1]["maneuver"] as? [String: Any])?["modifier"] as? String, "right")
        // Without the junction, from the step's own pieces: a slighter turn.
        XCTAssertEqual(try maneuvers(steps, ends: nil)[1]["modifier"] as? String, "slight right")
    }

    /// A ring the route starts on has no entry step: leaving it, no exit is counted (nor the
    /// exit of a ring left before).
    func testAnExitIsTheRingJustEnteredsOnly() throws {
        let line = [point(east: 0, north: 0), point(east: 100, north: 0)]
        let steps = [
            step(Maneuver(kind: .depart, streetName: "A", bearing: 90), line),
            step(Maneuver(kind: .roundabout, streetName: "B", exitNumber: 3), line),
            step(Maneuver(kind: .exitRoundabout, direction: .right, streetName: "B"), line),
            step(Maneuver(kind: .exitRoundabout, direction: .right, streetName: "C"), line),
            step(Maneuver(kind: .arrive), [line[1]]),
        ]
        let m = try maneuvers(steps, ends: nil)
        XCTAssertEqual(m.map { $0["exit"] as? Int }, [nil, 3, 3, nil, nil])
    }

    func testOSRMsTurnDirectionThresholds() {
        let cases: [(Double, Maneuver.Direction)] = [(0, .straight), (19, .straight), (21, .slightRight), (45, .right), (119, .right),
                                                     (121, .sharpRight), (180, .uTurn), (-21, .slightLeft), (-45, .left), (-121, .sharpLeft)]
        for (turn, expected) in cases {
            XCTAssertEqual(OSRMModifiers.turnDirection(from: 10, to: 10 + turn), expected, "\(turn)")
        }
    }
}
