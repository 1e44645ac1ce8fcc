import XCTest
import RouteItCore
@testable import RouteItEngine

/// The router on hand-made networks: oneways, turn restrictions, roundabouts, snapping,
/// unreachable islands and the wording of steps.
final class RoutingFixtureTests: XCTestCase {
    private func assertStepsAddUp(_ route: Route, file: StaticString = #filePath, line: UInt = #line) {
        let d = route.steps.reduce(0) { $0 + $1.distance }
        let t = route.steps.reduce(0) { $0 + $1.expectedTravelTime }
        XCTAssertEqual(d, route.distance, accuracy: 1e-6, "step distances", file: file, line: line)
        XCTAssertEqual(t, route.expectedTravelTime, accuracy: 1e-6, "step times", file: file, line: line)
        XCTAssertEqual(route.steps.last?.instruction, "Arrive at your destination", file: file, line: line)
    }

    private func assertCHMatchesReference(_ d: OfflineDirections, _ a: (Double, Double), _ b: (Double, Double),
                                          _ mode: TransportType = .car, file: StaticString = #filePath, line: UInt = #line) throws {
        let c = try d.costs(RoadFixture.coordinate(a.0, a.1), RoadFixture.coordinate(b.0, b.1), mode)
        XCTAssertNotNil(c.ch, file: file, line: line)
        XCTAssertEqual(c.ch, c.reference, file: file, line: line)
    }

    func testOnewayForcesCarsAroundButNotWalkers() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 100, 0); f.node("C", 100, 100); f.node("D", 0, 100)
        f.street(1, ["A", "B"], "Yksisuuntainen", [("oneway", "yes")])
        f.street(2, ["B", "C", "D", "A"], "Kiertotie")
        let d = try f.build()
        let car = try XCTUnwrap(d.route((80, 0), (20, 0)).first)
        XCTAssertEqual(car.distance, 340, accuracy: 1)
        assertStepsAddUp(car)
        let walk = try XCTUnwrap(d.route((80, 0), (20, 0), .walk).first)
        XCTAssertEqual(walk.distance, 60, accuracy: 1)
        XCTAssertEqual(walk.steps.first?.instruction, "Head west on Yksisuuntainen")
        try assertCHMatchesReference(d, (80, 0), (20, 0))
        try assertCHMatchesReference(d, (20, 0), (80, 0))
    }

    /// A cross X with four arms whose ends are joined by a ring road.
    private func cross(_ restriction: String?, to toWay: Int64) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("X", 0, 0); f.node("N", 0, 100); f.node("E", 100, 0); f.node("S", 0, -100); f.node("W", -100, 0)
        f.street(1, ["S", "X"], "Etelä"); f.street(2, ["X", "W"], "Länsi")
        f.street(3, ["X", "N"], "Pohjoinen"); f.street(4, ["X", "E"], "Itä")
        f.street(5, ["N", "E", "S", "W", "N"], "Kehä")
        if let restriction { f.restriction(100, restriction, from: 1, via: "X", to: toWay) }
        return try f.build()
    }

    func testNoLeftTurnIsObeyedByCarsOnly() throws {
        let free = try cross(nil, to: 2)
        XCTAssertEqual(try XCTUnwrap(free.route((0, -50), (-50, 0)).first).distance, 100, accuracy: 1)

        let d = try cross("no_left_turn", to: 2)
        let car = try XCTUnwrap(d.route((0, -50), (-50, 0)).first)
        XCTAssertEqual(car.distance, 50 + 141.42 + 50, accuracy: 1)   // back out and round the ring
        XCTAssertFalse(car.steps.contains { $0.instruction == "Turn left onto Länsi" })
        assertStepsAddUp(car)
        XCTAssertEqual(try XCTUnwrap(d.route((0, -50), (-50, 0), .walk).first).distance, 100, accuracy: 1)
        // Other turns at X stay allowed.
        XCTAssertEqual(try XCTUnwrap(d.route((0, -50), (50, 0)).first).distance, 100, accuracy: 1)
        try assertCHMatchesReference(d, (0, -50), (-50, 0))
        try assertCHMatchesReference(d, (0, -50), (50, 0))
    }

    func testOnlyStraightOnForbidsEveryOtherTurn() throws {
        let d = try cross("only_straight_on", to: 3)
        XCTAssertEqual(try XCTUnwrap(d.route((0, -50), (0, 50)).first).distance, 100, accuracy: 1)
        XCTAssertEqual(try XCTUnwrap(d.route((0, -50), (50, 0)).first).distance, 50 + 141.42 + 50, accuracy: 1)
        XCTAssertEqual(try XCTUnwrap(d.route((0, -50), (-50, 0)).first).distance, 50 + 141.42 + 50, accuracy: 1)
        // Coming from another arm, X is unrestricted.
        XCTAssertEqual(try XCTUnwrap(d.route((50, 0), (-50, 0)).first).distance, 100, accuracy: 1)
        try assertCHMatchesReference(d, (0, -50), (50, 0))
        try assertCHMatchesReference(d, (50, 0), (0, -50))
    }

    func testRestrictionWithDeadEndMakesAUTurn() throws {
        var f = RoadFixture()
        f.node("S", 0, -100); f.node("X", 0, 0); f.node("W", -100, 0); f.node("E", 100, 0)
        f.street(1, ["S", "X"], "Sivukatu")
        f.street(2, ["W", "X"], "Pääkatu")
        f.street(3, ["X", "E"], "Pääkatu")
        f.restriction(100, "no_left_turn", from: 1, via: "X", to: 2)
        let d = try f.build()
        let car = try XCTUnwrap(d.route((0, -50), (-50, 0)).first)
        XCTAssertEqual(car.distance, 300, accuracy: 1)
        XCTAssertEqual(car.steps.map(\.instruction), ["Head north on Sivukatu", "Turn right onto Pääkatu", "Make a U-turn onto Pääkatu",
                                                      "Arrive at your destination"])
        XCTAssertEqual(car.steps[2].distance, 150, accuracy: 1)
        assertStepsAddUp(car)
        try assertCHMatchesReference(d, (0, -50), (-50, 0))
    }

    func testRoundaboutCountsExits() throws {
        var f = RoadFixture()
        let ring = f.ringNodes(radius: 30)
        f.node("s", 0, -130); f.node("e", 130, 0); f.node("n", 0, 130); f.node("w", -130, 0)
        // Counter-clockwise, as roundabouts run where traffic keeps right.
        f.way(1, ring, [("highway", "primary"), ("junction", "roundabout"), ("name", "Kiertoliittymä")])
        f.street(2, ["s", "r6"], "Etelä"); f.street(3, ["r0", "e"], "Itä")
        f.street(4, ["r2", "n"], "Pohjoinen"); f.street(5, ["r4", "w"], "Länsi")
        let d = try f.build()
        let north = try XCTUnwrap(d.route((0, -100), (0, 100)).first)
        // A named ring 30 m across whose name no road meeting it carries is a rotary to OSRM,
        // entered by its name; leaving it is a step of its own.
        XCTAssertEqual(north.steps.map(\.instruction), ["Head north on Etelä", "Enter Kiertoliittymä and take the 2nd exit onto Pohjoinen",
                                                        "Exit the traffic circle right onto Pohjoinen", "Arrive at your destination"])
        assertStepsAddUp(north)
        XCTAssertEqual(try XCTUnwrap(d.route((0, -100), (100, 0)).first).steps[1].instruction,
                       "Enter Kiertoliittymä and take the 1st exit onto Itä")
        XCTAssertEqual(try XCTUnwrap(d.route((0, -100), (-100, 0)).first).steps[1].instruction,
                       "Enter Kiertoliittymä and take the 3rd exit onto Länsi")
        // Leaving east then going back south means nearly a full circle for cars.
        let back = try XCTUnwrap(d.route((100, 0), (0, -100)).first)
        XCTAssertEqual(back.steps[1].instruction, "Enter Kiertoliittymä and take the 3rd exit onto Etelä")
        try assertCHMatchesReference(d, (100, 0), (0, -100))
    }

    func testSnapsOntoTheEdgeNotTheNearestNode() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 200, 0)
        f.street(1, ["A", "B"], "Suora")
        let d = try f.build()
        let route = try XCTUnwrap(d.route((50, 10), (150, -10)).first)
        XCTAssertEqual(route.distance, 100, accuracy: 0.5)
        XCTAssertEqual(route.steps.first?.instruction, "Head east on Suora")
        let start = try XCTUnwrap(route.polyline.first)
        XCTAssertEqual(start.distance(to: RoadFixture.coordinate(50, 0)), 0, accuracy: 0.5)
        XCTAssertEqual(route.steps.count, 2)
        assertStepsAddUp(route)
        // Backwards along the same edge, on foot.
        XCTAssertEqual(try XCTUnwrap(d.route((150, 5), (20, 5), .walk).first).distance, 130, accuracy: 0.5)
    }

    /// A point on a junction may be reached by any road into it, not only the one it snapped to:
    /// here the nearest road is a one-way into the junction whose other end is far round.
    func testAJunctionIsReachedByAnyOfItsRoads() throws {
        var f = RoadFixture()
        f.node("W", -200, 0); f.node("J", 0, 0); f.node("E", 200, 0); f.node("X", 0, 100); f.node("XW", -200, 100)
        f.street(1, ["W", "J", "E"], "Pääkatu")
        f.street(2, ["X", "J"], "Pistokatu", [("oneway", "yes")])
        f.street(3, ["W", "XW", "X"], "Kierto")
        let d = try f.build()
        let toJunction = try XCTUnwrap(d.route((-100, 0), (0, 0.5)).first)
        XCTAssertEqual(toJunction.distance, 100, accuracy: 1.5)
        // And a start on it may leave by any of them.
        let fromJunction = try XCTUnwrap(d.route((0, 0.5), (100, 0)).first)
        XCTAssertEqual(fromJunction.distance, 100, accuracy: 1.5)
        try assertCHMatchesReference(d, (-100, 0), (0, 0.5))
        // Half a street away from the junction the one-way rules again.
        XCTAssertEqual(try XCTUnwrap(d.route((-100, 0), (0, 50)).first).distance, 100 + 200 + 100 + 50, accuracy: 1.5)
    }

    func testUnreachableIslandHasNoRoute() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 100, 0); f.node("C", 0, 500); f.node("D", 100, 500)
        f.street(1, ["A", "B"], "Saari"); f.street(2, ["C", "D"], "Manner")
        let d = try f.build()
        _ = try d.route((10, 0), (90, 0))
        // No stopwatch (timing is the benchmark's): both searches run dry on the island and the
        // answer is "no route", from the hierarchy and the reference search alike (below).
        XCTAssertThrowsError(try d.route((50, 0), (50, 500))) { XCTAssertEqual($0 as? DirectionsError, .noRoute) }
        // Far from every road: no route either.
        XCTAssertThrowsError(try d.route((50, 0), (50, 20_000))) { XCTAssertEqual($0 as? DirectionsError, .noRoute) }
        let c = try d.costs(RoadFixture.coordinate(50, 0), RoadFixture.coordinate(50, 500), .car)
        XCTAssertNil(c.ch); XCTAssertNil(c.reference)
    }

    func testPedestrianStreetsAreForWalkingOnly() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 100, 0); f.node("C", 100, 200); f.node("D", 0, 200)
        f.street(1, ["A", "B"], "Kävelykatu", highway: "pedestrian")
        f.street(2, ["B", "C", "D", "A"], "Ajotie")
        let d = try f.build()
        XCTAssertEqual(try XCTUnwrap(d.route((10, 0), (90, 0), .walk).first).distance, 80, accuracy: 1)
        // Cars snap onto the road instead and never use the pedestrian street.
        let car = try XCTUnwrap(d.route((10, 0), (90, 0)).first)
        XCTAssertFalse(car.steps.contains { $0.instruction.contains("Kävelykatu") })
    }

    /// Mannerheimintie north with a side street, then Kaivokatu west, Aleksanterinkatu beyond,
    /// plus a slight-right and a sharp-left street at the corner.
    private func corner() throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("M0", 0, 0); f.node("M1", 0, 100); f.node("M2", 0, 200); f.node("side", 100, 100)
        f.node("K", -200, 200); f.node("A", -400, 200)
        f.node("V", 100, 200 + 173.2); f.node("T", -100, 200 - 173.2)
        f.street(1, ["M0", "M1", "M2"], "Mannerheimintie", highway: "primary")
        f.street(2, ["M1", "side"], "Sivukatu")
        f.street(3, ["M2", "K"], "Kaivokatu")
        f.street(4, ["K", "A"], "Aleksanterinkatu")
        f.street(5, ["M2", "V"], "Vinokatu")
        f.street(6, ["M2", "T"], "Terävä")
        return try f.build()
    }

    func testStepsReadLikeANavigator() throws {
        let d = try corner()
        let left = try XCTUnwrap(d.route((0, 10), (-150, 200)).first)
        XCTAssertEqual(left.steps.map(\.instruction),
                       ["Head north on Mannerheimintie", "Turn left onto Kaivokatu", "Arrive at your destination"])
        XCTAssertEqual(left.steps[0].distance, 190, accuracy: 1)
        XCTAssertEqual(left.steps[1].distance, 150, accuracy: 1)
        assertStepsAddUp(left)

        // (A name for the last 105 m or less before arriving is not worth a step, as in OSRM.)
        let on = try XCTUnwrap(d.route((0, 10), (-350, 200)).first)
        XCTAssertEqual(on.steps.map(\.instruction),
                       ["Head north on Mannerheimintie", "Turn left onto Kaivokatu", "Continue onto Aleksanterinkatu",
                        "Arrive at your destination"])
        assertStepsAddUp(on)
        XCTAssertEqual(try XCTUnwrap(d.route((0, 10), (50, 286.6)).first).steps[1].instruction, "Turn slight right onto Vinokatu")
        XCTAssertEqual(try XCTUnwrap(d.route((0, 10), (-60, 96)).first).steps[1].instruction, "Turn sharp left onto Terävä")
        XCTAssertEqual(try XCTUnwrap(d.route((0, 10), (50, 100)).first).steps[1].instruction, "Turn right onto Sivukatu")
        XCTAssertEqual(try XCTUnwrap(d.route((-300, 200), (0, 10)).first).steps.map(\.instruction),
                       ["Head east on Aleksanterinkatu", "Continue onto Kaivokatu", "Turn right onto Mannerheimintie",
                        "Arrive at your destination"])
    }

    /// A divided road: one-way carriageways 20 m apart joined by a short unnamed link at the
    /// top, with a side street there. Turning round through the link is one U-turn for a
    /// navigator, not "Turn left", "Turn left".
    func testTurningRoundBetweenCarriagewaysIsOneUTurn() throws {
        let f = RoadFixture.dividedRoad
        let d = try f.build()
        let route = try XCTUnwrap(d.route((10, 100), (-10, 300)).first)
        XCTAssertEqual(route.steps.map(\.instruction), ["Head north on Mannerheimintie", "Make a U-turn onto Mannerheimintie", "Arrive at your destination"])
        XCTAssertEqual(route.steps[1].distance, 20 + 200, accuracy: 1)
        assertStepsAddUp(route)
        // A real side street stays a turn of its own.
        let side = try XCTUnwrap(d.route((10, 100), (100, 500)).first)
        XCTAssertEqual(side.steps.map(\.instruction), ["Head north on Mannerheimintie", "Turn right onto Sivukatu", "Arrive at your destination"])
    }

    /// Carriageways that part at an angle: the two turns reverse the heading by only 130°, which
    /// is a U-turn when the road taken back is the road left, and one sharp turn otherwise.
    func testANearUTurnCountsOnlyBackOntoTheSameRoad() throws {
        func divided(_ backName: String) throws -> OfflineDirections {
            var f = RoadFixture()
            f.node("N0", 10, 0); f.node("N1", 10, 500); f.node("S1", -7.3, 510); f.node("S0", -390.3, 188.6)
            f.node("E", 200, 500)
            f.street(1, ["N0", "N1"], "Mannerheimintie", highway: "primary", [("oneway", "yes")])
            f.street(2, ["S1", "S0"], backName, highway: "primary", [("oneway", "yes")])
            f.way(3, ["N1", "S1"], [("highway", "primary_link")])
            f.street(4, ["N1", "E"], "Sivukatu")
            return try f.build()
        }
        let same = try XCTUnwrap(try divided("Mannerheimintie").route((10, 100), (-160.5, 381.4)).first)
        XCTAssertEqual(same.steps.map(\.instruction), ["Head north on Mannerheimintie", "Make a U-turn onto Mannerheimintie", "Arrive at your destination"])
        assertStepsAddUp(same)
        let other = try XCTUnwrap(try divided("Kaivokatu").route((10, 100), (-160.5, 381.4)).first)
        // Onto another road the two turns across a 20 m link read as one, as OSRM says them.
        XCTAssertEqual(other.steps.map(\.instruction), ["Head north on Mannerheimintie", "Turn sharp left onto Kaivokatu",
                                                         "Arrive at your destination"])
    }

    func testRoutesHaveGeometryNamesAndTimes() throws {
        let d = try corner()
        let route = try XCTUnwrap(d.route((0, 10), (-150, 200)).first)
        XCTAssertEqual(route.transportType, .car)
        XCTAssertEqual(route.name, "Mannerheimintie, Kaivokatu")
        // Primary at 65 km/h for 190 m, residential at 25 km/h for 150 m, straight on past
        // Sivukatu (3 roads meet) and left at the 4-road junction onto Kaivokatu.
        let turns = TurnCostModel.osrmCar.milliseconds(angle: 0, roads: 3, isUTurn: false, onRoundabout: false)
            + TurnCostModel.osrmCar.milliseconds(angle: -90, roads: 4, isUTurn: false, onRoundabout: false)
        // Each segment is timed in whole deciseconds, as OSRM times it: a few hundredths each.
        let primary = RoadFixture.measured([(0, 10), (0, 200)]), residential = RoadFixture.measured([(0, 200), (-150, 200)])
        XCTAssertEqual(route.expectedTravelTime, primary / (65 / 3.6) + residential / (25 / 3.6) + Double(turns) / 1000, accuracy: 0.1)
        let end = try XCTUnwrap(route.polyline.last)
        XCTAssertEqual(end.distance(to: RoadFixture.coordinate(-150, 200)), 0, accuracy: 0.5)
        let walk = try XCTUnwrap(d.route((0, 10), (-150, 200), .walk).first)
        XCTAssertEqual(walk.expectedTravelTime, 340 / (5 / 3.6), accuracy: 1)
        // The backdrop lists the roads in a box around the corner.
        let roads = d.roads(in: BoundingBox(covering: [RoadFixture.coordinate(-50, 150), RoadFixture.coordinate(50, 250)])!)
        XCTAssertGreaterThanOrEqual(roads.count, 3)
        XCTAssertTrue(d.roads(in: BoundingBox(covering: [RoadFixture.coordinate(5000, 5000), RoadFixture.coordinate(5100, 5100)])!).isEmpty)
    }

    func testInvalidCoordinatesAreRejected() throws {
        let d = try corner()
        XCTAssertThrowsError(try d.routes(from: Coordinate(latitude: .nan, longitude: 0), to: RoadFixture.origin, mode: .car))
        XCTAssertThrowsError(try d.routes(from: Coordinate(latitude: 95, longitude: 0), to: RoadFixture.origin, mode: .car))
    }
}
