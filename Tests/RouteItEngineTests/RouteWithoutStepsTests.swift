import XCTest
import RouteItCore
@testable import RouteItEngine

/// A route asked without steps (`steps: false`, OSRM's `steps=false`) is the same route as with
/// them, line, length, time and the streets at its ends alike; only the steps are left out.
final class RouteWithoutStepsTests: XCTestCase {
    private static let map = Result { try RoadFixture.dividedRoad.build() }

    private func assertSameRoute(_ a: (Double, Double), _ b: (Double, Double), _ mode: TransportType = .car,
                                 alternatives: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws -> Route {
        let d = try Self.map.get()
        let from = RoadFixture.coordinate(a.0, a.1), to = RoadFixture.coordinate(b.0, b.1)
        let full = try d.routes(from: from, to: to, mode: mode, alternatives: alternatives)
        let bare = try d.routes(from: from, to: to, mode: mode, alternatives: alternatives, steps: false)
        XCTAssertEqual(bare.count, full.count, file: file, line: line)
        for (with, without) in zip(full, bare) {
            XCTAssertFalse(with.steps.isEmpty, file: file, line: line)
            XCTAssertTrue(without.steps.isEmpty, file: file, line: line)
            XCTAssertEqual(without.polyline, with.polyline, file: file, line: line)
            XCTAssertEqual(without.distance, with.distance, accuracy: 1e-6, file: file, line: line)
            XCTAssertEqual(without.expectedTravelTime, with.expectedTravelTime, file: file, line: line)
            XCTAssertEqual(without.name, with.name, file: file, line: line)
            XCTAssertEqual(without.departureStreet, with.departureStreet, file: file, line: line)
            XCTAssertEqual(without.arrivalStreet, with.arrivalStreet, file: file, line: line)
        }
        return try XCTUnwrap(bare.first, file: file, line: line)
    }

    func testTheSameRouteWithoutItsSteps() throws {
        let turn = try assertSameRoute((10, 100), (100, 500))
        XCTAssertEqual(turn.departureStreet, "Mannerheimintie")
        XCTAssertEqual(turn.arrivalStreet, "Sivukatu")
        // Round by the unnamed link onto the other carriageway.
        let back = try assertSameRoute((10, 100), (-10, 50))
        XCTAssertGreaterThan(back.distance, 700)
        _ = try assertSameRoute((100, 500), (-10, 20), .walk)
        _ = try assertSameRoute((-10, 400), (150, 500), .bike, alternatives: true)
    }
}
