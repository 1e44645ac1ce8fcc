import XCTest
import RouteItCore
@testable import RouteItEngine

/// OSRM's name oscillation (collapse_turns.cpp): off a street by a name change and straight back
/// onto it by another says nothing, however long the street between, unless that street passes
/// a junction (foot/use_sidepath.feature: "Connector,Connector" round a sidewalk).
final class NameOscillationTests: XCTestCase {
    /// Connector south 200 m, Sidewalk east 200 m, Connector north 200 m; `sideWay` adds a
    /// footway off the middle of Sidewalk.
    private func square(sideWay: Bool) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("A", 0, 200); f.node("C", 0, 0); f.node("M", 100, 0); f.node("D", 200, 0); f.node("B", 200, 200)
        f.node("S", 100, -100)
        f.way(1, ["A", "C"], [("highway", "footway"), ("name", "Connector")])
        f.way(2, ["C", "M", "D"], [("highway", "footway"), ("name", "Sidewalk")])
        f.way(3, ["D", "B"], [("highway", "footway"), ("name", "Connector")])
        if sideWay { f.way(4, ["M", "S"], [("highway", "footway"), ("name", "Sivupolku")]) }
        return try f.build()
    }

    func testTwoNameChangesBackOntoTheStreetSayNothing() throws {
        let route = try XCTUnwrap(square(sideWay: false).route((0, 150), (200, 150), .walk).first)
        XCTAssertEqual(route.steps.map(\.instruction), ["Head south on Connector", "Arrive at your destination"])
        XCTAssertEqual(route.steps[0].distance, route.distance, accuracy: 1e-6)
    }

    func testAJunctionOnTheStreetBetweenKeepsBothNameChanges() throws {
        let route = try XCTUnwrap(square(sideWay: true).route((0, 150), (200, 150), .walk).first)
        XCTAssertEqual(route.steps.count, 4, "\(route.steps.map(\.instruction))")
        XCTAssertTrue(route.steps[1].instruction.contains("Sidewalk"), route.steps[1].instruction)
    }
}
