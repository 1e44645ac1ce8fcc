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
}
