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
}
