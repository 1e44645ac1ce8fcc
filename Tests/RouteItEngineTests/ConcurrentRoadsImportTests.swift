import Foundation
import XCTest
import RouteItSQLite
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

    /// Pass 1 of the roads on a thread of their own (`ApartCollection`) makes the same map as
    /// on the reading thread, the layers taking each element in turn.
    func testARealMapIsTheSameWithTheRoadsCollectedApartOrNot() throws {
        let source = try OSMTestData.realFile("test.osm.pbf")
        let a = try RoutingTestMaps.newPath(), b = try RoutingTestMaps.newPath()
        let apart = MapImporter(layers: [AddressLayerBuilder(), RoadLayerBuilder()])
        let inTurn = MapImporter(layers: [AddressLayerBuilder(), RoadLayerBuilder()])
        inTurn.collectsApart = false
        try apart.importMap(from: try openOSMReader(at: source), sourceName: "test.osm.pbf", to: a)
        try inTurn.importMap(from: try openOSMReader(at: source), sourceName: "test.osm.pbf", to: b)
        XCTAssertEqual(apart.collectedApart, ProcessInfo.processInfo.activeProcessorCount > 1)
        XCTAssertFalse(inTurn.collectedApart)
        XCTAssertEqual(try bytesWithoutImportDate(a), try bytesWithoutImportDate(b))
    }

    /// A layer collecting apart that fails stops the import with its error, and its thread.
    func testAnErrorOfALayerCollectingApartStopsTheImport() throws {
        let source = try OSMTestData.realFile("test.osm.pbf")
        let importer = MapImporter(layers: [AddressLayerBuilder(), FailingApartLayer()])
        XCTAssertThrowsError(try importer.importMap(from: try openOSMReader(at: source), sourceName: "test.osm.pbf",
                                                    to: try RoutingTestMaps.newPath())) { error in
            XCTAssertEqual(error as? MapImportError, MapImportError("way failed"))
        }
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

/// A layer collecting apart whose 100th way fails.
private final class FailingApartLayer: MapLayerCollectingApart {
    var phaseName: String { "failing" }
    private var ways = 0
    func collect(way: OSMWay, needNode: (Int64) -> Void) throws {
        ways += 1
        if ways == 100 { throw MapImportError("way failed") }
    }
    func collect(relation: OSMRelation, needNode: (Int64) -> Void) throws {}
    func visit(node: OSMNode) throws {}
    func write(to db: SQLiteDatabase, coordinates: NodeCoordinates, progress: (Double) throws -> Void) throws {}
}
