import XCTest
import RouteItCore
@testable import RouteItEngine

/// A motorway running into another that goes on through the junction under another name is a
/// merge (OSRM's `getInstructionForObvious`, motorway.feature's "Merging Motorways").
final class MotorwayMergeTests: XCTestCase, HandMadeJunctions {
    func testAMotorwayJoiningAnotherFromTheRightMergesLeft() throws {
        var f = RoadFixture()
        f.node("W", -600, 0); f.node("X", 0, 0); f.node("E", 600, 0); f.node("S", -300, -300)
        f.way(1, ["W", "X", "E"], [("highway", "motorway"), ("oneway", "yes"), ("name", "Kehä")])
        f.way(2, ["S", "X"], [("highway", "motorway"), ("oneway", "yes"), ("name", "Länsiväylä")])
        let route = instructions(try f.build().route((-250, -250), (500, 0)).first)
        XCTAssertEqual(route, ["Head northeast on Länsiväylä", "Merge slightly left onto Kehä", "Arrive at your destination"])
    }
}
