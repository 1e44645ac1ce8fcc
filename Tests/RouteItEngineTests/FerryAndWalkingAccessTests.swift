import XCTest
import RouteItCore
@testable import RouteItEngine

/// Ferries for every mode and the ways walkers may use, as OSRM's car.lua and foot.lua decide
/// (the scenarios of OSRM's features/car/ferry, foot/ferry and foot/access).
final class FerryAndWalkingAccessTests: XCTestCase {
    /// Two roads 2 km apart, joined by a 1 km ferry (and by nothing else).
    private func crossing(_ ferryTags: [(String, String)]) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 300, 0); f.node("C", 300, 1000); f.node("D", 600, 1000)
        f.street(1, ["A", "B"], "Rantatie", highway: "primary")
        f.way(2, ["B", "C"], [("route", "ferry"), ("name", "Lautta")] + ferryTags)
        f.street(3, ["C", "D"], "Saaritie", highway: "primary")
        return try f.build()
    }

    func testCarsAndWalkersTakeAFerryAndAreToldSo() throws {
        let d = try crossing([])
        for mode in [TransportType.car, .walk] {
            let route = try XCTUnwrap(d.route((50, 0), (550, 1000), mode).first, "\(mode)")
            XCTAssertTrue(route.steps.contains(where: Self.boardsLautta), "\(mode): \(route.steps.map(\.instruction))")
            // The ferry's 1,000 m at 5 km/h (car.lua's and foot.lua's route speed): 720 s.
            XCTAssertGreaterThan(route.expectedTravelTime, 720, "\(mode)")
        }
    }

    /// A step that takes the fixtures' ferry ("Board the ferry left (Lautta)").
    static func boardsLautta(_ step: RouteStep) -> Bool {
        let maneuver = InstructionText.maneuver(from: step.instruction)
        return maneuver?.travel == .ferry && maneuver?.streetName == "Lautta"
    }

    /// OSRM's `notification`s: boarding where the road just goes on, and driving off onto the
    /// road beyond, are steps of their own; the ferry's step is the crossing alone.
    func testBoardingAndLeavingTheFerryAreStepsOfTheirOwn() throws {
        let route = try XCTUnwrap(try crossing([]).route((50, 0), (550, 1000), .car).first)
        let instructions = route.steps.map(\.instruction)
        XCTAssertEqual(instructions, ["Head east on Rantatie", "Board the ferry left (Lautta)", "Leave the ferry right onto Saaritie",
                                      "Arrive at your destination"])
        XCTAssertEqual(route.steps[1].distance, 1000, accuracy: 5)
    }

    /// Off the ferry two roads go on nearly straight, a primary and a service road: no fork
    /// (OSRM forks only between ways travelled as the way in) and neither is the obvious way, so
    /// each is a turn, not a notification (collapse-ferry.feature, "Don't Detect
    /// Suppressed/Obvious Forks on Ferries").
    func testLeavingAFerryWhereTwoRoadsGoOnIsATurn() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 300, 0); f.node("C", 1300, 0); f.node("D", 3800, 100); f.node("E", 3800, -100)
        f.street(1, ["A", "B"], "Rantatie", highway: "primary")
        f.way(2, ["B", "C"], [("route", "ferry"), ("name", "Lautta")])
        f.street(3, ["C", "D"], "Pihatie", highway: "service")
        f.street(4, ["C", "E"], "Saaritie", highway: "primary")
        let d = try f.build()
        for (to, name) in [((3700.0, 96.0), "Pihatie"), ((3700.0, -96.0), "Saaritie")] {
            let steps = try XCTUnwrap(d.route((50, 0), to, .car).first).steps
            let off = try XCTUnwrap(steps.first { InstructionText.maneuver(from: $0.instruction)?.streetName == name }, "\(steps.map(\.instruction))")
            let maneuver = InstructionText.maneuver(from: off.instruction)
            XCTAssertEqual(maneuver?.kind, .turn, off.instruction)
            XCTAssertEqual(maneuver?.direction, .straight, off.instruction)
        }
    }

    func testAFerrysDurationIsItsCrossingTime() throws {
        let d = try crossing([("duration", "00:05")])
        let route = try XCTUnwrap(d.route((50, 0), (550, 1000), .walk).first)
        // 500 m walked at 5 km/h (360 s) and the 5-minute crossing.
        XCTAssertEqual(route.expectedTravelTime, 360 + 300, accuracy: 3)
    }

    func testAFerryClosedToCarsIsNotDriven() throws {
        let d = try crossing([("motor_vehicle", "no")])
        XCTAssertThrowsError(try d.route((50, 0), (550, 1000), .car))
        XCTAssertNotNil(try d.route((50, 0), (550, 1000), .walk).first)
    }

    func testWalkersKeepToTheWaysFootLuaWalks() {
        func walked(_ tags: [(String, String)]) -> Bool { RoadProfile(tags: tags)?.foot ?? false }
        XCTAssertFalse(walked([("highway", "trunk")]), "no speed for trunks in foot.lua")
        XCTAssertFalse(walked([("highway", "motorway")]))
        XCTAssertTrue(walked([("highway", "motorway"), ("foot", "yes")]))
        XCTAssertTrue(walked([("highway", "motorway"), ("access", "yes")]), "an access tag that is not blacklisted gives a speed")
        XCTAssertFalse(walked([("highway", "footway"), ("access", "no")]))
        XCTAssertTrue(walked([("highway", "footway"), ("access", "no"), ("foot", "yes")]))
        XCTAssertFalse(walked([("highway", "primary"), ("sidewalk", "separate")]), "walked on its sidewalks instead")
        XCTAssertTrue(walked([("highway", "primary"), ("sidewalk", "separate"), ("foot", "yes")]))
        XCTAssertFalse(walked([("highway", "primary"), ("motorroad", "yes")]))
        XCTAssertTrue(walked([("highway", "pier")]))
        // Ways with no highway that foot.lua walks: platforms, car parks' outlines, piers.
        XCTAssertTrue(walked([("railway", "platform")]))
        XCTAssertTrue(walked([("amenity", "parking")]))
        XCTAssertTrue(walked([("man_made", "pier")]))
        XCTAssertTrue(walked([("bridge", "yes"), ("foot", "yes")]), "any of foot.lua's keys with an access tag")
        XCTAssertFalse(walked([("bridge", "yes")]))
        XCTAssertFalse(walked([("building", "yes"), ("access", "yes")]), "none of foot.lua's keys")
        XCTAssertNil(RoadProfile(tags: [("amenity", "parking")]).flatMap { $0.carForward ? $0 : nil }, "not driven")
    }

    func testWalkersKeepToTheDirectionsFootLuaWalks() throws {
        func directions(_ tags: [(String, String)]) throws -> (Bool, Bool) {
            let p = try XCTUnwrap(RoadProfile(tags: tags))
            return (p.foot && !p.footBackwardOnly, p.foot && !p.footForwardOnly)
        }
        XCTAssertTrue(try directions([("highway", "footway"), ("oneway:foot", "yes")]) == (true, false))
        XCTAssertTrue(try directions([("highway", "footway"), ("oneway:foot", "-1"), ("oneway", "yes")]) == (false, true))
        XCTAssertTrue(try directions([("highway", "footway"), ("oneway", "yes")]) == (true, true), "foot.lua reads oneway:foot only")
        XCTAssertTrue(try directions([("highway", "cycleway"), ("foot:backward", "designated")]) == (false, true),
                      "a class with no walking speed, opened one way only")
        XCTAssertTrue(try directions([("highway", "footway"), ("foot:forward", "no")]) == (false, true))
    }

    /// A footway walked one way only is walked round against it.
    func testAOneWayFootwayIsWalkedRoundAgainstIt() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 200, 0); f.node("C", 100, 150)
        f.way(1, ["A", "B"], [("highway", "footway"), ("oneway:foot", "yes")])
        f.way(2, ["B", "C", "A"], [("highway", "footway")])
        let d = try f.build()
        let along = try XCTUnwrap(d.route((20, 0), (180, 0), .walk).first)
        let against = try XCTUnwrap(d.route((180, 0), (20, 0), .walk).first)
        XCTAssertEqual(along.distance, 160, accuracy: 5)
        XCTAssertGreaterThan(against.distance, 300, "round by C")
    }
}

extension FerryAndWalkingAccessTests {
    /// foot.lua's startpoint rule: a walk beside a ferry starts on the road, not on the ferry.
    func testAWalkDoesNotStartOrEndOnAFerry() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 200, 0); f.node("C", 400, 0)
        f.street(1, ["A", "B"], "Rantatie", highway: "primary")
        f.way(2, ["B", "C"], [("route", "ferry"), ("name", "Lautta")])
        let d = try f.build()
        let route = try XCTUnwrap(d.route((100, 0), (300, 0), .walk).first)
        XCTAssertFalse(route.steps.contains { $0.instruction.hasPrefix("Take the ferry") }, "\(route.steps.map(\.instruction))")
    }
}
