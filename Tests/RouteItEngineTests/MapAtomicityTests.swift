import Foundation
import RouteItSQLite
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// A failed import must never damage the map already at the destination.
final class MapAtomicityTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestFiles.temporaryDirectory(for: self) }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    final class FailingLayer: MapLayerBuilder {
        let phaseName = "failing"
        func collect(way: OSMWay, needNode: (Int64) -> Void) throws {}
        func collect(relation: OSMRelation, needNode: (Int64) -> Void) throws {}
        func visit(node: OSMNode) throws {}
        func write(to db: SQLiteDatabase, coordinates: NodeCoordinates, progress: (Double) throws -> Void) throws {
            try db.execute("CREATE TABLE half_written(x)")
            try progress(0.5)
            throw MapImportError("disk full (simulated)")
        }
    }

    private func existingMap() throws -> (path: String, bytes: Data) {
        let path = directory.appendingPathComponent("city.routeit").path
        try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader(TownFixture.entities), sourceName: "town.osm", to: path)
        return (path, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private func assertIntact(_ existing: (path: String, bytes: Data), file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: existing.path)), existing.bytes, file: file, line: line)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "city.routeit" }
        XCTAssertEqual(leftovers, [], "no temporary file left behind", file: file, line: line)
        let map = try RouteItMap(path: existing.path)
        XCTAssertEqual(try OfflineGeocoder(map: map).search("Annankatu 25").first?.formattedAddress, "Annankatu 25, 00100 Helsinki",
                       file: file, line: line)
    }

    func testTruncatedInputLeavesExistingMapIntact() throws {
        let existing = try existingMap()
        // Pass 2 stops after 5 nodes, like a file cut short.
        let reader = ArrayOSMReader(TownFixture.entities, failAfter: 5)
        XCTAssertThrowsError(try MapImporter(layers: DefaultLayers.make()).importMap(from: reader, sourceName: "cut.osm", to: existing.path)) {
            XCTAssertEqual("\($0)", "truncated input")
        }
        try assertIntact(existing)
    }

    func testFailingLayerLeavesExistingMapIntact() throws {
        let existing = try existingMap()
        let importer = MapImporter(layers: DefaultLayers.make() + [FailingLayer()])
        XCTAssertThrowsError(try importer.importMap(from: ArrayOSMReader(TownFixture.entities), sourceName: "town.osm", to: existing.path)) {
            XCTAssertEqual("\($0)", "disk full (simulated)")
        }
        try assertIntact(existing)
    }

    /// Says stop once `phase` has finished, or at the first progress step inside it.
    final class CancellingReporter: ImportProgressReporting {
        let phase: String, insidePhase: Bool
        private var stop = false
        var started: [String] = [], finished: [String] = []
        var cancelledDuring: String?
        init(after phase: String) { self.phase = phase; insidePhase = false }
        init(inside phase: String) { self.phase = phase; insidePhase = true }
        func importPhaseStarted(_ name: String) { started.append(name) }
        func importProgress(fraction: Double?, items: Int) { if insidePhase && started.last == phase { stop = true } }
        func importPhaseFinished(_ name: String, summary: String) {
            finished.append(name)
            if !insidePhase && name == phase { stop = true }
        }
        var isImportCancelled: Bool { stop }
        func importCancelled(during name: String) { cancelledDuring = name }
    }

    func testCancelledImportStopsAtTheNextStepAndLeavesTheMapIntact() throws {
        let existing = try existingMap()
        let cases: [(CancellingReporter, stopsIn: String)] = [
            (CancellingReporter(after: "reading ways"), "reading nodes"),
            (CancellingReporter(after: "addresses"), "roads"),
            (CancellingReporter(after: "roads"), "finishing"),
            // Inside a layer: the road layer's first progress step (before its hierarchies).
            (CancellingReporter(inside: "roads"), "roads"),
        ]
        for (reporter, stopsIn) in cases {
            let importer = MapImporter(layers: DefaultLayers.make(), progress: reporter)
            XCTAssertThrowsError(try importer.importMap(from: ArrayOSMReader(TownFixture.entities), sourceName: "town.osm", to: existing.path)) {
                XCTAssertTrue($0 is CancellationError, "\($0)")
            }
            XCTAssertEqual(reporter.cancelledDuring, stopsIn, "\(reporter.started)")
            XCTAssertFalse(reporter.finished.contains(stopsIn), "\(stopsIn) was not finished: \(reporter.finished)")
            XCTAssertFalse(reporter.finished.contains("finishing"))
            try assertIntact(existing)
        }
    }

    func testSuccessfulImportReplacesTheMap() throws {
        let existing = try existingMap()
        let smaller = Array(TownFixture.entities.prefix(12))
        try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader(smaller), sourceName: "small.osm", to: existing.path)
        XCTAssertEqual(try RouteItMap(path: existing.path).sourceFile, "small.osm")
    }

    func testTemporaryFilesOfKilledImportsAreCleanedUpButLiveOnesKept() throws {
        let existing = try existingMap()
        // pid 2^22+1 is above Linux's pid_max default range: no such process.
        let stale = directory.appendingPathComponent(".city.routeit.4194305.importing").path
        let live = directory.appendingPathComponent(".city.routeit.1.importing").path  // init is alive
        for path in [stale, live] { try Data("partial".utf8).write(to: URL(fileURLWithPath: path)) }
        try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader(TownFixture.entities), sourceName: "town.osm", to: existing.path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live), "another running import's file is left alone")
        try FileManager.default.removeItem(atPath: live)
    }
}
