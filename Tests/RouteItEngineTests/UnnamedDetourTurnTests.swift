import XCTest
import RouteItCore
@testable import RouteItEngine

/// collapse.feature's "No Name During Turns": off a street by a short unnamed piece and back onto
/// it folds away where the route had no other way, but where another road goes on ahead the turn
/// off the street stays, as OSRM's "continue right".
final class UnnamedDetourTurnTests: XCTestCase, HandMadeJunctions {
    private func detour(withRoadAhead: Bool) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("A", -300, 0); f.node("B", 0, 0); f.node("C", 0, -20); f.node("D", 300, -20); f.node("E", 300, 0)
        f.street(1, ["A", "B"], "Tie", highway: "tertiary")
        f.way(2, ["B", "C"], [("highway", "tertiary")])
        f.street(3, ["C", "D"], "Tie", highway: "tertiary")
        if withRoadAhead { f.street(4, ["B", "E"], "Muu", highway: "tertiary") }
        return try f.build()
    }

    func testTheTurnOffTheStreetStaysWhereAnotherRoadGoesOnAhead() throws {
        let route = instructions(try detour(withRoadAhead: true).route((-250, 0), (250, -20)).first)
        XCTAssertEqual(route, ["Head east on Tie", "Turn right to stay on Tie", "Arrive at your destination"])
    }

    func testWithoutAnotherWayTheDetourFoldsAway() throws {
        let route = instructions(try detour(withRoadAhead: false).route((-250, 0), (250, -20)).first)
        XCTAssertEqual(route.count, 2, "\(route)")
    }
}
