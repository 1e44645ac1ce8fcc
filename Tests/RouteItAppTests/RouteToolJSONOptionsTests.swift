import Foundation
import XCTest
import RouteItCore

/// `routeit route --json` with OSRM's own options (`--overview`, `--geometries`, `--steps`) and
/// defaults, field by field against osrm-routed's answer for the same options.
extension RouteToolTests {
    /// `--json` as osrm-routed answers by default (the simplified overview as a precision-5
    /// polyline, no steps), and with OSRM's `--overview`, `--geometries` and `--steps`; steps carry
    /// their intersections (depart: out only, arrive: in only).
    func testJSONTakesOSRMsOptionsWithItsDefaults() throws {
        let map = try helsinki()
        func route(_ extra: [String]) throws -> [String: Any] {
            let result = try run(["route", text(station), text(kalevankatu), "--json", "--map", map] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            return try XCTUnwrap((object["routes"] as? [[String: Any]])?.first)
        }
        let plain = try route([])
        let simplified = try XCTUnwrap(EncodedPolyline.decode(try XCTUnwrap(plain["geometry"] as? String)))
        XCTAssertEqual(((plain["legs"] as? [[String: Any]])?.first?["steps"] as? [Any])?.count, 0)

        let full = try route(["--overview", "full", "--geometries", "polyline6", "--steps"])
        let line = try XCTUnwrap(EncodedPolyline.decode(try XCTUnwrap(full["geometry"] as? String), precision: 6))
        XCTAssertGreaterThan(line.count, simplified.count, "the simplified line leaves points out")
        XCTAssertEqual(simplified.first?.latitude ?? 0, line.first?.latitude ?? 1, accuracy: 1e-5)
        XCTAssertEqual(simplified.last?.longitude ?? 0, line.last?.longitude ?? 1, accuracy: 1e-5)
        let steps = try XCTUnwrap((full["legs"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])
        XCTAssertGreaterThan(steps.count, 2)
        XCTAssertNotNil(steps[0]["geometry"] as? String, "steps' lines as asked")
        // The junction keeps each road's bearing in OSRM's 15° classes, the maneuver its own degree
        // (as osrm-routed writes them): `in` and `out` are the junction's roads nearest them.
        func nearest(_ bearings: [Int], _ index: Int?, _ bearing: Int?, _ message: String) {
            guard let index, let bearing else { return XCTFail("no bearing: \(message)") }
            func apart(_ a: Int) -> Int { min((a - bearing + 360) % 360, (bearing - a + 360) % 360) }
            XCTAssertEqual(apart(bearings[index]), bearings.map(apart).min(), message)
        }
        for (i, step) in steps.enumerated() {
            let crossing = try XCTUnwrap((step["intersections"] as? [[String: Any]])?.first, "step \(i)")
            let maneuver = try XCTUnwrap(step["maneuver"] as? [String: Any])
            XCTAssertEqual(crossing["location"] as? [Double], maneuver["location"] as? [Double])
            let bearings = try XCTUnwrap(crossing["bearings"] as? [Int])
            XCTAssertEqual((crossing["entry"] as? [Bool])?.count, bearings.count)
            if i == 0 {
                XCTAssertNil(crossing["in"])
                XCTAssertEqual(bearings[try XCTUnwrap(crossing["out"] as? Int)], maneuver["bearing_after"] as? Int)
            } else if i == steps.count - 1 {
                XCTAssertNil(crossing["out"])
                XCTAssertEqual(bearings[try XCTUnwrap(crossing["in"] as? Int)], ((maneuver["bearing_before"] as? Int ?? 0) + 180) % 360)
            } else {
                nearest(bearings, crossing["out"] as? Int, maneuver["bearing_after"] as? Int, "step \(i) out")
                nearest(bearings, crossing["in"] as? Int, ((maneuver["bearing_before"] as? Int ?? 0) + 180) % 360, "step \(i) in")
            }
        }
        XCTAssertNil(try route(["--overview", "false"])["geometry"])

        let bad = try run(["route", text(station), text(kalevankatu), "--json", "--overview", "some", "--map", map])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr.split(separator: "\n").count, 1, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("--overview takes simplified, full or false"), bad.stderr)
    }

    /// Field by field with osrm-routed's own answer for the same options: every field it writes
    /// (a step's, a maneuver's, an intersection's) is there with the same JSON type, and nothing
    /// else but RouteIt's `routeit` additions.
    func testJSONHasOSRMsFieldsForTheSameOptions() throws {
        let map = try helsinki()
        let server = try OSRMProcess.start()
        defer { server.kill() }
        let south = (60.1642, 24.9455), north = (60.1700, 24.9400)
        let path = [south, north].map { String(format: "%.6f,%.6f", $0.1, $0.0) }.joined(separator: ";")
        // What osrm-routed writes only for some roads (lanes, refs, exits, road classes).
        let sometimes: Set<String> = ["classes", "lanes", "ref", "destinations", "exits", "rotary_name", "pronunciation"]
        for (query, options) in [("", []), ("steps=true", ["--steps"]), ("overview=full&geometries=geojson", ["--overview", "full", "--geometries", "geojson"]),
                                 ("overview=false&geometries=polyline6&steps=true", ["--overview", "false", "--geometries", "polyline6", "--steps"])] {
            let url = URL(string: "\(server.url)/route/v1/driving/\(path)" + (query.isEmpty ? "" : "?\(query)"))!
            let theirs = try JSONSerialization.jsonObject(with: try Data(contentsOf: url))
            let result = try run(["route", text(south), text(north), "--json", "--map", map] + options)
            XCTAssertEqual(result.status, 0, result.stderr)
            let ours = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            let theirFields = Self.fields(theirs), ourFields = Self.fields(ours)
            func optional(_ field: String) -> Bool { sometimes.contains { field.contains(".\($0):") || field.contains(".\($0).") } }
            let missing = theirFields.filter { !ourFields.contains($0) && !optional($0) }
            XCTAssertEqual(missing, [], "?\(query): osrm-routed writes these, routeit route --json \(options) does not")
            let extra = ourFields.filter { !theirFields.contains($0) && !$0.contains("routeit") && !optional($0) }
            XCTAssertEqual(extra, [], "?\(query): routeit writes these, osrm-routed does not")
        }
    }

    /// Every field's path and JSON type (`routes.legs.steps.maneuver.type:string`), arrays by their elements.
    static func fields(_ value: Any, _ path: String = "") -> Set<String> {
        switch value {
        case let object as [String: Any]:
            return object.reduce(into: Set<String>()) { $0.formUnion(fields($1.value, path + "." + $1.key)) }
        case let array as [Any]:
            return array.reduce(into: Set<String>()) { $0.formUnion(fields($1, path)) }
        case is String: return [path + ":string"]
        case let number as NSNumber: return [path + (["c", "B"].contains(String(cString: number.objCType)) ? ":bool" : ":number")]
        default: return [path + ":null"]
        }
    }
}
