import XCTest
import RouteItCore
@testable import RouteItEngine

/// A route asked with a start bearing (a re-route from a moving user, OSRM's `bearings` on the
/// first place) leaves the way the user goes instead of with a U-turn, and never costs the route.
final class StartBearingRoutingTests: XCTestCase {
    /// A straight two-way street A–B (400 m east) closed into a loop by a ring B–C–D–A.
    private func loop() throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 400, 0); f.node("C", 400, 200); f.node("D", 0, 200)
        f.street(1, ["A", "B"], "Suora")
        f.street(2, ["B", "C", "D", "A"], "Kehä")
        return try f.build()
    }

    private func route(_ d: OfflineDirections, heading: Double?) throws -> Route {
        let bearing = heading.map { StartBearing(value: $0, range: StartBearing.rerouteRange) }
        return try XCTUnwrap(d.routes(from: RoadFixture.coordinate(200, 0), to: RoadFixture.coordinate(100, 0), mode: .car,
                                      quickestOnly: true, startBearing: bearing).first)
    }

    func testAUserHeadingEastIsRoutedOnEastAndRoundRatherThanTurnedBack() throws {
        let d = try loop()
        let plain = try route(d, heading: nil)
        XCTAssertEqual(plain.distance, 100, accuracy: 1, "without a heading: straight back west")
        XCTAssertEqual(plain.steps.first?.instruction, "Head west on Suora")
        let east = try route(d, heading: 85)
        XCTAssertEqual(east.steps.first?.instruction, "Head east on Suora")
        XCTAssertEqual(east.distance, RoadFixture.measured([(200, 0), (400, 0), (400, 200), (0, 200), (0, 0), (100, 0)]), accuracy: 2,
                       "on east, round the ring, back along Suora")
        let west = try route(d, heading: 275)
        XCTAssertEqual(west.distance, 100, accuracy: 1, "heading west: the short way is the way it goes")
    }

    func testAHeadingNoRoadNearGoesStillGivesTheRoute() throws {
        let d = try loop()
        let north = try route(d, heading: 0)
        XCTAssertEqual(north.distance, 100, accuracy: 1, "no road near the user goes north: the route as without a heading")
    }

    func testTheTravelBearingOfAnEdgeFollowsItsShapeBothWays() throws {
        let d = try loop()
        let engine = try d.loadedEngine()
        let start = RoadFixture.coordinate(200, 0)
        let edge = try XCTUnwrap(engine.shortestPath(from: start, to: RoadFixture.coordinate(300, 0), mode: .car).source.edge)
        let forward = try XCTUnwrap(engine.travelBearing(edge: edge, at: 0.5, forward: true))
        let backward = try XCTUnwrap(engine.travelBearing(edge: edge, at: 0.5, forward: false))
        XCTAssertEqual(RouteLine.angle(forward, backward), 180, accuracy: 0.1)
        XCTAssertTrue([90.0, 270.0].contains { RouteLine.angle(forward, $0) < 1 }, "\(forward)")
    }
}
