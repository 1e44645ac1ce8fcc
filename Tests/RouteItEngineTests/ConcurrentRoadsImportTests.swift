import Foundation
import XCTest
@testable import RouteItEngine

/// A small network's modes are built on threads of their own while the addresses are written
/// (`RoadLayerBuilder.prepare`); the map must be the same, byte for byte, as the one built in
/// turn (apart from the import date).
final class ConcurrentRoadsImportTests: XCTestCase {
    func testARealMapIsTheSameBuiltConcurrentlyOrInTurn() throws {
        // The Kotka extract: real tagging and turn restrictions, imported twice in a few seconds.
        let source = try OSMTestData.realFile("test.osm.pbf")
        let concurrent = RoadLayerBuilder()
        let inTurn = RoadLayerBuilder(concurrentRefLimit: -1)
        let a = try RoutingTestMaps.newPath(), b = try RoutingTestMaps.newPath()
        try MapImporter(layers: [AddressLayerBuilder(), concurrent]).importMap(from: try openOSMReader(at: source),
                                                                            sourceName: "test.osm.pbf", to: a)
        try MapImporter(layers: [AddressLayerBuilder(), inTurn]).importMap(from: try openOSMReader(at: source),
                                                                        sourceName: "test.osm.pbf", to: b)
        XCTAssertTrue(concurrent.builtConcurrently)
        XCTAssertFalse(inTurn.builtConcurrently)
        XCTAssertEqual(try bytesWithoutImportDate(a), try bytesWithoutImportDate(b))
    }

    /// The map's bytes with its import date (the one metadata value that differs) blanked.
    private func bytesWithoutImportDate(_ path: String) throws -> Data {
        let date = try XCTUnwrap(RouteItMap(path: path).metadata[MapSchema.Key.importDate])
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let range = try XCTUnwrap(bytes.range(of: Data(date.utf8)))
        bytes.replaceSubrange(range, with: Data(repeating: 0x2D, count: range.count))
        return bytes
    }
}
