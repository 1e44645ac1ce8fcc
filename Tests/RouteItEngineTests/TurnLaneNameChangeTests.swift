import XCTest
import RouteItCore
@testable import RouteItEngine

/// OSRM drops a name change too short to be worth a step, but never one where the road arriving
/// has turn lanes (`suppressShortNameSegments`, turn-lanes.feature): the lanes are said there.
final class TurnLaneNameChangeTests: XCTestCase {
    /// In runs east to X, where Side leaves south and Straight goes on east; `lanes` tags In.
    private func instructions(lanes: [(String, String)]) throws -> [String] {
        var f = RoadFixture()
        f.node("W", -200, 0); f.node("X", 0, 0); f.node("E", 60, 0); f.node("S", 0, -100)
        f.street(1, ["W", "X"], "In", lanes)
        f.street(2, ["X", "E"], "Straight")
        f.street(3, ["X", "S"], "Side")
        return try f.build().route((-150, 0), (40, 0)).first?.steps.map(\.instruction) ?? []
    }

    func testAShortNameChangeAfterTurnLanesIsSaid() throws {
        XCTAssertEqual(try instructions(lanes: [("turn:lanes:forward", "through|right")]),
                       ["Head east on In", "Continue onto Straight", "Arrive at your destination"])
        XCTAssertEqual(try instructions(lanes: [("turn:lanes", "through|right")]),
                       ["Head east on In", "Continue onto Straight", "Arrive at your destination"])
    }

    func testWithoutLanesOrWithLanesOnlyTheOtherWayItIsNot() throws {
        XCTAssertEqual(try instructions(lanes: []), ["Head east on In", "Arrive at your destination"])
        XCTAssertEqual(try instructions(lanes: [("turn:lanes:backward", "left|through")]), ["Head east on In", "Arrive at your destination"])
    }
}
