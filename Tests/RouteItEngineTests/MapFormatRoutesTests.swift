import Foundation
import RouteItCore
import XCTest
@testable import RouteItEngine

/// Routes read from the map file answer exactly what the recorded ones did on the same seeded
/// pairs (Tests/Fixtures/format-routes.json, made by Tests/Fixtures/make-format-routes.py). At
/// the move to the memory-mapped graph (schema 5) the record came from the SQLite-BLOB graph's
/// binary (schema 4) and all 240 answers were equal; since issue 11 changed the answers on
/// purpose it is today's, so a change of the map format cannot change a route unnoticed.
final class MapFormatRoutesTests: XCTestCase {
    private struct Expected: Decodable {
        var map: String
        var mode: String
        var from: [Double]
        var to: [Double]
        var duration: Double?
        var distance: Double?
    }

    func testRoutesEqualTheRecordedOnes() throws {
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
