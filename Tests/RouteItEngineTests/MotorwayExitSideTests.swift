import XCTest
import RouteItCore
@testable import RouteItEngine

/// An exit leaves on the side of the motorway going on that it lies (OSRM's
/// `MotorwayHandler::fromMotorway`, motorway.feature's curved exits).
final class MotorwayExitSideTests: XCTestCase, HandMadeJunctions {
    /// Kehä curves 45° left at X; the ramp goes on nearly straight, 6° left: right of the motorway.
    func testARampAheadWhereTheMotorwayCurvesLeftIsAnExitRight() throws {
        var f = RoadFixture()
        f.node("W", -600, 0); f.node("X", 0, 0); f.node("N", 283, 283); f.node("R", 400, 40)
        f.way(1, ["W", "X", "N"], [("highway", "motorway"), ("oneway", "yes"), ("name", "Kehä")])
        f.way(2, ["X", "R"], [("highway", "motorway_link"), ("oneway", "yes")])
        let route = instructions(try f.build().route((-500, 0), (300, 30)).first)
        XCTAssertEqual(route.dropFirst().first, "Take the exit slightly right", "\(route)")
    }

    /// An on-ramp ends where the motorway passes and an off-ramp starts at the same node
    /// (motorway.feature's "On And Off Ramp Right"): from ramp to ramp is an exit (OSRM's
    /// four-way `fromRamp`), not a plain turn.
    func testFromTheOnRampStraightOntoTheOffRampIsAnExit() throws {
        var f = RoadFixture()
        f.node("W", -600, 0); f.node("X", 0, 0); f.node("E", 600, 0)
        f.node("F", -400, -60); f.node("G", -200, -60); f.node("H", 200, -60); f.node("I", 400, -60)
        f.way(1, ["W", "X", "E"], [("highway", "motorway"), ("oneway", "yes"), ("name", "Kehä")])
        f.way(2, ["F", "G", "X"], [("highway", "motorway_link"), ("oneway", "yes")])
        f.way(3, ["X", "H", "I"], [("highway", "motorway_link"), ("oneway", "yes")])
        let route = instructions(try f.build().route((-390, -60), (390, -60)).first)
        XCTAssertEqual(route.dropFirst().first?.hasPrefix("Take the exit"), true, "\(route)")
    }

    /// motorway.feature's "On And Off Ramp Right" at 10 m a cell: the on-ramp comes up 20 m
    /// east and 10 m north into X, the off-ramp goes down as much and on east. Read over 20 m
    /// the ramps meet 53° apart ("Take the exit right"); as OSRM perceives them (a line fitted
    /// to each ramp's metres) the way on bends off slightly.
    func testFromRampToRampTheBearingsArePerceived() throws {
        var f = RoadFixture()
        f.node("A", -30, 0); f.node("X", 0, 0); f.node("E", 30, 0)
        f.node("F", -30, -10); f.node("G", -20, -10); f.node("H", 20, -10); f.node("I", 30, -10)
        f.way(1, ["A", "X", "E"], [("highway", "motorway")])
        f.way(2, ["F", "G", "X"], [("highway", "motorway_link"), ("oneway", "yes")])
        f.way(3, ["X", "H", "I"], [("highway", "motorway_link"), ("oneway", "yes")])
        let route = instructions(try f.build().route((-29, -10), (29, -10)).first)
        XCTAssertEqual(route.dropFirst().first, "Take the exit slightly right", "\(route)")
    }

    /// motorway.feature's "Ramp Exit Right Curved Left": the motorway bends 45° left at X, the
    /// ramp runs 10 m east and then north-east, which OSRM perceives as bearing 42° left. It
    /// still lies right of the motorway, and bends off less than 35° to the right of straight
    /// on: "slightly right" (OSRM's `fromMotorway` reads the side, then the ramp's own angle).
    func testARampBearingLeftLessThanTheMotorwayIsAnExitSlightlyRight() throws {
        var f = RoadFixture()
        f.node("A", -20, 0); f.node("X", 0, 0); f.node("D", 10, 10); f.node("N", 20, 20)
        f.node("R", 10, 0); f.node("S", 20, 10)
        f.way(1, ["A", "X", "D", "N"], [("highway", "motorway")])
        f.way(2, ["X", "R", "S"], [("highway", "motorway_link"), ("oneway", "yes")])
        let route = instructions(try f.build().route((-19, 0), (19, 9)).first)
        XCTAssertEqual(route.dropFirst().first, "Take the exit slightly right", "\(route)")
    }
}
