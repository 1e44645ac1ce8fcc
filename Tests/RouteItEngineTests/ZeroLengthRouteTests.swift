import XCTest
import RouteItCore
@testable import RouteItEngine

/// A trip whose two ends snap to the same point: OSRM still departs on the road it snapped to
/// (`area.feature`: "Don't route on buildings", both ends on the end of one street).
final class ZeroLengthRouteTests: XCTestCase {
    func testATripThatGoesNowhereDepartsOnItsRoad() throws {
        var f = RoadFixture()
        f.node("S", 0, -300); f.node("N", 0, 0)
        f.street(1, ["S", "N"], "Katu")
        let directions = try f.build()
        for mode in [TransportType.walk, .car, .bike] {
            // Both points lie beyond the street's end N, so both snap onto N.
            let route = try XCTUnwrap(try directions.route((0, 50), (40, 60), mode).first)
            XCTAssertEqual(route.steps.first?.streetName, "Katu", "\(mode)")
            XCTAssertEqual(route.distance, 0, accuracy: 0.5)
        }
    }
}
