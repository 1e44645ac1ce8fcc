import XCTest
import RouteItCore
@testable import RouteItEngine

/// A motorway going on past ways off it (OSRM's `MotorwayHandler::fromMotorway`, motorway.feature's
/// "Ramp Exit with Lower Priority" and "Highway Fork with a Link"): a link of any class off it is
/// an exit, another motorway off it a turn.
final class MotorwayPassingTests: XCTestCase, HandMadeJunctions {
    func testAPrimaryLinkOffATrunkIsAnExit() throws {
        var f = RoadFixture()
        f.node("W", -300, 0); f.node("X", 0, 0); f.node("E", 300, 0); f.node("L", 150, -60)
        f.way(1, ["W", "X", "E"], [("highway", "trunk"), ("name", "Kehä")])
        f.way(2, ["X", "L"], [("highway", "primary_link"), ("oneway", "yes"), ("name", "Ramppi")])
        let route = instructions(try f.build().route((-200, 0), (140, -56)).first)
        XCTAssertEqual(route, ["Head east on Kehä", "Take the exit slightly right onto Ramppi", "Arrive at your destination"])
    }

    func testAMotorwayLeavingBesideTheOneGoingOnIsATurn() throws {
        var f = RoadFixture()
        f.node("W", -300, 0); f.node("X", 0, 0); f.node("E", 300, 0); f.node("F", 300, -60); f.node("D", 300, 60)
        f.way(1, ["W", "X", "E"], [("highway", "motorway"), ("oneway", "yes"), ("name", "Kehä")])
        f.way(2, ["X", "F"], [("highway", "motorway"), ("oneway", "yes"), ("name", "Länsiväylä")])
        f.way(3, ["X", "D"], [("highway", "motorway_link"), ("oneway", "yes")])
        let route = instructions(try f.build().route((-200, 0), (290, -58)).first)
        XCTAssertEqual(route, ["Head east on Kehä", "Turn slight right onto Länsiväylä", "Arrive at your destination"])
    }
}
