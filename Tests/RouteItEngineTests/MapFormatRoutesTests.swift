import Foundation
import RouteItCore
import XCTest
@testable import RouteItEngine

/// The memory-mapped graph (map schema 5) answers exactly what the SQLite-BLOB graph (schema 4,
/// commit f35d725) answered on the same seeded pairs: Tests/Fixtures/format-routes.json, made
/// by Tests/Fixtures/make-format-routes.py with that commit's binary, and remade when routing
/// itself changed (snapping fallback to the network, walkable squares: issue 11).
final class MapFormatRoutesTests: XCTestCase {
    private struct Expected: Decodable {
        var map: String
        var mode: String
        var from: [Double]
        var to: [Double]
        var duration: Double?
        var distance: Double?
    }

    func testRoutesEqualThoseOfTheBlobFormat() throws {
        let fixture = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/format-routes.json")
        let expected = try JSONDecoder().decode([Expected].self, from: Data(contentsOf: fixture))
        XCTAssertEqual(expected.count, 240)
        var directions: [String: OfflineDirections] = [:]
        var compared = 0
        for e in expected {
            if directions[e.map] == nil { directions[e.map] = try OfflineDirections(path: try RealMaps.path(e.map + ".osm.pbf")) }
            let mode = try XCTUnwrap(TransportType(rawValue: e.mode))
            let a = Coordinate(latitude: e.from[0], longitude: e.from[1]), b = Coordinate(latitude: e.to[0], longitude: e.to[1])
            let label = "\(e.map) \(e.mode) \(e.from) → \(e.to)"
            guard let duration = e.duration, let distance = e.distance else {
                XCTAssertThrowsError(try directions[e.map]!.routes(from: a, to: b, mode: mode), label)
                continue
            }
            let route = try XCTUnwrap(directions[e.map]!.routes(from: a, to: b, mode: mode).first, label)
            XCTAssertEqual((route.expectedTravelTime * 10).rounded() / 10, duration, label)
            XCTAssertEqual((route.distance * 10).rounded() / 10, distance, label)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 200)
    }
}
