import XCTest
import RouteItCore
@testable import RouteItEngine

/// A sliproad cutting the corner of a junction is one turn onto the road it runs into, as OSRM's
/// sliproad handler says it (dedicated-turn-roads.feature).
final class SliproadGuidanceTests: XCTestCase, HandMadeJunctions {
    /// Main runs east through B, where Cross crosses it; a link (Slip) leaves Main
    /// at A and joins Cross at E, 100 m south of B, past traffic signals at T (a node of its own,
    /// which is no junction).
    private func corner() throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("S", -300, 0); f.node("A", -100, 0); f.node("B", 0, 0); f.node("C", 100, 0)
        f.node("D", 0, 100); f.node("E", 0, -100); f.node("F", 0, -300)
        f.node("T", -50, -50, [("highway", "traffic_signals")])
        f.way(1, ["S", "A", "B", "C"], [("highway", "primary"), ("name", "Main")])
        f.way(2, ["D", "B", "E", "F"], [("highway", "primary"), ("name", "Cross")])
        f.way(3, ["A", "T", "E"], [("highway", "primary_link"), ("oneway", "yes"), ("name", "Slip"), ("maxspeed", "65")])
        return try f.build()
    }

    func testTheTurnOntoASliproadAndOffItIsOneTurnOntoTheRoadItJoins() throws {
        let found = try XCTUnwrap(try corner().route((-250, 0), (0, -250)).first)
        // By the link, not round the corner at B (150 + 141 + 150 m).
        XCTAssertLessThan(found.distance, 460)
        let route = instructions(found)
        XCTAssertEqual(route, ["Head east on Main", "Turn right onto Cross", "Arrive at your destination"])
    }

    func testARouteEndingOnTheSliproadTurnsOntoIt() throws {
        let route = instructions(try corner().route((-250, 0), (-60, -40)).first)
        XCTAssertEqual(route.count, 3)
        XCTAssertEqual(route.first, "Head east on Main")
        XCTAssertTrue(route[1].hasPrefix("Turn right"), route[1])
    }
}
