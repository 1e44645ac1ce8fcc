import XCTest
import RouteItCore
@testable import RouteItEngine

/// Cars pay for turns as OSRM's car.lua charges them, and the router weighs those costs when
/// it picks a route; U-turns happen only at dead ends.
final class TurnCostTests: XCTestCase {
    private let model = TurnCostModel.osrmCar

    private func ms(_ angle: Double, roads: Int = 3, uTurn: Bool = false, roundabout: Bool = false) -> UInt32 {
        model.milliseconds(angle: angle, roads: roads, isUTurn: uTurn, onRoundabout: roundabout)
    }

    /// Figures worked out by hand from car.lua's process_turn (turn_penalty 7.5, turn_bias
    /// 1.075, oncoming_turn_penalty 2, u_turn_penalty 20), cut to whole deciseconds as OSRM
    /// stores them.
    func testCostsFollowOSRMsCarProfile() {
        XCTAssertEqual(ms(0), 0)                     // straight on: 7 ms, cut to nothing
        XCTAssertEqual(ms(-1e-9), 0, "a hair off straight is straight")
        XCTAssertEqual(ms(90), 2100)                 // 2.105 s right, away from oncoming traffic
        XCTAssertEqual(ms(-90), 7300)                // left: sigmoid 5.395 s + 1.925 s waiting for a gap
        XCTAssertEqual(ms(45), 100)
        XCTAssertEqual(ms(-45), 1500)
        XCTAssertEqual(ms(-90, roundabout: true), 5300)  // no oncoming traffic on a roundabout
        XCTAssertEqual(ms(-90, roads: 2), 0)         // where one way meets the next: no junction
        XCTAssertEqual(ms(0, roads: 1, uTurn: true), 27400)
        var left = model
        left.leftHandDriving = true
        XCTAssertEqual(left.milliseconds(angle: 90, roads: 3, isUTurn: false, onRoundabout: false), 7300,
                       "where traffic keeps left, right turns cross it")
    }

    /// From the avenue to the cross street: an L of 980 m with one free corner (two roads meet),
    /// or a diagonal staircase 38 m (5.5 s) shorter that turns right, left and right at
    /// junctions (about 11 s). Only a router that counts turns keeps to the avenue.
    func testFewerTurnsBeatAShorterStaircase() throws {
        var f = RoadFixture()
        f.node("S", 0, 0); f.node("A1", 0, 250); f.node("A2", 0, 500); f.node("C", 250, 500); f.node("T", 500, 500)
        f.node("Z", 230, 270); f.node("P", 300, 200)
        f.street(1, ["S", "A1", "A2"], "Avenue")
        f.street(2, ["A2", "C", "T"], "Cross")
        f.street(3, ["A1", "Z"], "Link")
        f.street(4, ["Z", "C"], "Zag")
        f.street(5, ["Z", "P"], "Piha")
        let d = try f.build()
        let route = try d.checkedCarRoute((0, 10), (490, 500))
        // The corner offers no choice: a new name, as OSRM reads it (`ModeThroughNodeTests`), with
        // the bend's direction (new-name.feature's `new name right`).
        XCTAssertEqual(route.steps.map(\.instruction), ["Head north on Avenue", "Continue right onto Cross", "Arrive at your destination"])
        XCTAssertEqual(route.distance, RoadFixture.measured([(0, 10), (0, 500), (490, 500)]), accuracy: 1)
        // Walkers pay no turn costs: they take the staircase.
        let walk = try XCTUnwrap(d.route((0, 10), (490, 500), .walk).first)
        XCTAssertEqual(walk.distance, RoadFixture.measured([(0, 10), (0, 250), (230, 270), (250, 500), (490, 500)]), accuracy: 1)
    }

    /// Arriving at X from the south, left is forbidden. Without turn rules a router would go on
    /// to the next junction J, U-turn there and come back to turn right; a car must instead go
    /// round the block behind J (J is no dead end, so no U-turn).
    func testNoUTurnAtAJunctionOnlyAtDeadEnds() throws {
        var f = RoadFixture()
        f.node("S", 0, -100); f.node("X", 0, 0); f.node("W", -100, 0); f.node("J", 0, 100)
        f.node("B1", 100, 100); f.node("B2", 100, 200); f.node("B3", 0, 200)
        f.street(1, ["S", "X"], "Etelä", [("oneway", "yes")])
        f.street(2, ["X", "W"], "Länsi")
        f.street(3, ["X", "J"], "Pohjoinen")
        f.street(4, ["J", "B1", "B2"], "Kortteli")
        f.street(5, ["B2", "B3", "J"], "Kortteli")
        f.restriction(100, "no_left_turn", from: 1, via: "X", to: 2)
        let d = try f.build()
        let route = try d.checkedCarRoute((0, -50), (-50, 0))
        XCTAssertFalse(route.steps.contains { $0.instruction.hasPrefix("Make a U-turn") }, "\(route.steps.map(\.instruction))")
        XCTAssertEqual(route.distance, RoadFixture.measured([(0, -50), (0, 100), (100, 100), (100, 200), (0, 200), (0, 0), (-50, 0)]), accuracy: 1)

        // With the block cut off, J is a dead end and the U-turn there is the way back.
        var g = RoadFixture()
        g.node("S", 0, -100); g.node("X", 0, 0); g.node("W", -100, 0); g.node("J", 0, 100)
        g.street(1, ["S", "X"], "Etelä", [("oneway", "yes")])
        g.street(2, ["X", "W"], "Länsi")
        g.street(3, ["X", "J"], "Pohjoinen")
        g.restriction(100, "no_left_turn", from: 1, via: "X", to: 2)
        let deadEnd = try g.build().checkedCarRoute((0, -50), (-50, 0))
        XCTAssertTrue(deadEnd.steps.contains { $0.instruction.hasPrefix("Make a U-turn") })
        XCTAssertEqual(deadEnd.distance, 50 + 100 + 100 + 50, accuracy: 1)
    }
}

/// Odd shapes the edge-based car graph must survive.
final class EdgeBasedGraphEdgeCaseTests: XCTestCase {
    /// A way that loops back to where it starts gives one edge from a junction to itself.
    func testALoopRoadIsDrivenAroundNotReversed() throws {
        var f = RoadFixture()
        f.node("S", 0, -100); f.node("J", 0, 0); f.node("L1", 100, 0); f.node("L2", 100, 100); f.node("L3", 0, 100)
        f.street(1, ["S", "J"], "Tulotie")
        f.street(2, ["J", "L1", "L2", "L3", "J"], "Lenkki", [("oneway", "yes")])
        let d = try f.build()
        // From the loop's last side back to its first: all the way round (it is one-way).
        let round = try XCTUnwrap(d.route((0, 50), (50, 0)).first)
        XCTAssertEqual(round.distance, 50 + 50, accuracy: 1)
        let c = try d.costs(RoadFixture.coordinate(0, 50), RoadFixture.coordinate(50, 0), .car)
        XCTAssertEqual(c.ch, c.reference)
        let far = try XCTUnwrap(d.route((0, -50), (0, 50)).first)
        XCTAssertEqual(far.distance, 50 + 300 + 50, accuracy: 1)
    }

    /// With no road a car may use, car routes are simply not available.
    func testAMapWithoutCarRoadsHasNoCarRoutes() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 200, 0)
        f.way(1, ["A", "B"], [("highway", "footway"), ("name", "Polku")])
        let d = try f.build()
        XCTAssertThrowsError(try d.route((10, 0), (190, 0)))
        XCTAssertEqual(try XCTUnwrap(d.route((10, 0), (190, 0), .walk).first).distance, 180, accuracy: 1)
    }
}
