import Foundation
import RouteItSQLite
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// Maps of the real extracts, imported once per build and shared by the test classes and the test
/// processes of a parallel run (see TestFiles).
enum RealMaps {
    nonisolated(unsafe) private static var imported: [String: Result<String, Error>] = [:]
    private static let lock = NSLock()

    /// The map of `Scripts/fetch-data`'s `name` extract; the import error if it fails.
    static func path(_ name: String) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let result = imported[name] { return try result.get() }
        let file = MapLibrary.stem(of: name) + ".routeit"
        let result = Result<String, Error> {
            let source = try TestPaths.osmFile(name)
            return try TestFiles.shared("real-map-\(file)", builtBy: TestFiles.testBundle) { directory in
                try MapImporter().importMap(osmFile: source, to: directory.appendingPathComponent(file).path)
            }.appendingPathComponent(file).path
        }
        imported[name] = result
        return try result.get()
    }

    nonisolated(unsafe) private static var geocoders: [String: OfflineGeocoder] = [:]

    /// One geocoder on `path(name)` per test process, shared by the geocoding tests.
    static func geocoder(_ name: String) throws -> OfflineGeocoder {
        try shared(name, in: &geocoders) { try OfflineGeocoder(path: $0) }
    }

    nonisolated(unsafe) private static var routers: [String: OfflineDirections] = [:]

    /// One router on `path(name)` per test process, shared by the routing tests.
    static func directions(_ name: String) throws -> OfflineDirections {
        try shared(name, in: &routers) { try OfflineDirections(path: $0) }
    }

    /// `cache`'s service on `path(name)`, opened on first use (under `lock`).
    private static func shared<Service>(_ name: String, in cache: inout [String: Service],
                                        open: (String) throws -> Service) throws -> Service {
        let map = try path(name)
        lock.lock()
        defer { lock.unlock() }
        if let service = cache[name] { return service }
        let opened = try open(map)
        cache[name] = opened
        return opened
    }

    /// The map of `name` with the road layer only (what the routing tests need).
    static func roadsPath(_ name: String) throws -> String {
        let file = MapLibrary.stem(of: name) + "-roads.routeit"
        let source = try TestPaths.osmFile(name)
        return try TestFiles.shared("real-map-\(file)", builtBy: TestFiles.testBundle) { directory in
            try MapImporter(layers: [RoadLayerBuilder()]).importMap(from: try openOSMReader(at: URL(fileURLWithPath: source)),
                                                                   sourceName: name, to: directory.appendingPathComponent(file).path)
        }.appendingPathComponent(file).path
    }
}

/// The importer on the real extracts. Expected counts come from an independent count with
/// pyosmium (`pip install osmium`) applying the same rules: elements with addr:street (or
/// addr:place) and addr:housenumber, one point per `;`-separated number with a digit; ways only
/// from multipolygon/building relations; distinct (folded street, folded number) pairs; distinct
/// folded names of named highway ways with at least 2 nodes present in the extract.
final class ImportRealDataTests: XCTestCase {
    private func count(_ db: SQLiteDatabase, _ sql: String) throws -> Int64 { try XCTUnwrap(db.scalarInt(sql)) }

    func testHelsinkiCounts() throws {
        let map = try RouteItMap(path: RealMaps.path("Helsinki.osm.pbf"))
        let db = map.database
        XCTAssertEqual(try count(db, "SELECT count(*) FROM address_point"), 1451, "1359 nodes + 86 ways + 6 relations")
        XCTAssertEqual(try count(db, "SELECT count(*) FROM place WHERE kind = 0"), 597, "6 numbers with an addr:unit letter are doors of their own")
        XCTAssertEqual(try count(db, "SELECT count(DISTINCT street_key) FROM place WHERE kind = 3"), 100)
        XCTAssertGreaterThan(try streetSegments(db).count, 1000)
        XCTAssertEqual(map.sourceFile, "Helsinki.osm.pbf")
        let box = try XCTUnwrap(map.boundingBox)
        // The PBF header's bbox (osmium fileinfo: 24.9351763,60.164155,24.9534146,60.179113).
        XCTAssertEqual(box.minLatitude, 60.164155, accuracy: 1e-6)
        XCTAssertEqual(box.minLongitude, 24.9351763, accuracy: 1e-6)
        XCTAssertEqual(box.maxLatitude, 60.179113, accuracy: 1e-6)
        XCTAssertEqual(box.maxLongitude, 24.9534146, accuracy: 1e-6)
    }

    func testTestExtractCounts() throws {
        let db = try RouteItMap(path: RealMaps.path("test.osm.pbf")).database
        XCTAssertEqual(try count(db, "SELECT count(*) FROM address_point"), 7, "2 nodes + 5 ways")
        XCTAssertEqual(try count(db, "SELECT count(*) FROM place WHERE kind = 0"), 7)
        XCTAssertEqual(try count(db, "SELECT count(DISTINCT street_key) FROM place WHERE kind = 3"), 95)
    }

    func testMonacoCounts() throws {
        let db = try RouteItMap(path: RealMaps.path("monaco.osm.pbf")).database
        XCTAssertEqual(try count(db, "SELECT count(*) FROM address_point"), 63, "51 nodes + 11 ways + 1 relation")
        XCTAssertEqual(try count(db, "SELECT count(*) FROM place WHERE kind = 0"), 57)
        XCTAssertEqual(try count(db, "SELECT count(DISTINCT street_key) FROM place WHERE kind = 3"), 560)
    }

    func testTextIndexFindsFoldedNames() throws {
        let db = try RouteItMap(path: RealMaps.path("Helsinki.osm.pbf")).database
        // The street and the "Töölönlahdenkatu kaupunkipyöräasema" bike station.
        XCTAssertEqual(try count(db, "SELECT count(*) FROM place_text WHERE place_text MATCH 'toolonlahdenkatu'"), 2)
        XCTAssertGreaterThanOrEqual(try count(db, "SELECT count(*) FROM place_text WHERE place_text MATCH 'stockmann'"), 3)
    }

    func testBadInputFilesGiveOneLineErrorsAndNoMap() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        defer { try? FileManager.default.removeItem(at: directory) }
        let real = try Data(contentsOf: URL(fileURLWithPath: TestPaths.osmFile("test.osm.pbf")))
        var corrupt = real
        for i in stride(from: 200, to: corrupt.count, by: 97) { corrupt[i] ^= 0x5a }
        let inputs: [(String, Data)] = [
            ("empty.osm.pbf", Data()),
            ("truncated.osm.pbf", real.prefix(real.count / 2)),
            ("corrupt.osm.pbf", corrupt),
            ("notes.osm", Data("these are not the maps you are looking for\n".utf8)),
            ("truncated.osm", Data("<?xml version='1.0'?><osm version='0.6'><node id='1' lat='60.1' lon='24.9'>".utf8)),
        ]
        for (name, data) in inputs {
            let input = directory.appendingPathComponent(name)
            try data.write(to: input)
            let output = directory.appendingPathComponent(name + ".routeit").path
            XCTAssertThrowsError(try MapImporter().importMap(osmFile: input.path, to: output), name) { error in
                XCTAssertFalse("\(error)".isEmpty, name)
                XCTAssertFalse("\(error)".contains("\n"), "\(name): \(error)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), name)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [])
    }

    func testImportingOverAnExistingMapFromACorruptFileKeepsIt() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        defer { try? FileManager.default.removeItem(at: directory) }
        let map = directory.appendingPathComponent("test.routeit").path
        try MapImporter().importMap(osmFile: TestPaths.osmFile("test.osm.pbf"), to: map)
        let before = try Data(contentsOf: URL(fileURLWithPath: map))
        let real = try Data(contentsOf: URL(fileURLWithPath: TestPaths.osmFile("test.osm.pbf")))
        let truncated = directory.appendingPathComponent("cut.osm.pbf")
        try real.prefix(real.count * 3 / 4).write(to: truncated)
        XCTAssertThrowsError(try MapImporter().importMap(osmFile: truncated.path, to: map))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: map)), before)
        XCTAssertEqual(try RouteItMap(path: map).sourceFile, "test.osm.pbf")
    }
}
