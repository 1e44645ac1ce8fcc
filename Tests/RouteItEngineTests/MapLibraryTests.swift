import Foundation
import RouteItSQLite
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// Where maps are found, and the default map imported on first use.
final class MapLibraryTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestFiles.temporaryDirectory(for: self) }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func library(repo: URL? = nil) -> MapLibrary {
        MapLibrary(environment: ["HOME": directory.appendingPathComponent("home").path,
                                 "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
                                 "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path],
                   repositoryRoot: repo)
    }

    /// A checkout-like folder with a default extract in .data/osm: the small Kotka extract under
    /// Helsinki's file name (the library goes by the name; a town imports in a fraction of the time).
    private func repoWithDefaultExtract() throws -> URL {
        let repo = directory.appendingPathComponent("repo")
        let osm = repo.appendingPathComponent(".data/osm")
        try FileManager.default.createDirectory(at: osm, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.osmFile("test.osm.pbf"),
                                         toPath: osm.appendingPathComponent(MapLibrary.defaultOSMFile).path)
        return repo
    }

    func testDefaultPathsFollowXDG() {
        XCTAssertEqual(MapLibrary(environment: ["HOME": "/home/u"], repositoryRoot: nil).defaultMapPath,
                       "/home/u/.local/share/routeit/maps/helsinki.routeit")
        XCTAssertEqual(MapLibrary(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/x"], repositoryRoot: nil).defaultMapPath,
                       "/x/routeit/maps/helsinki.routeit")
        // The XDG spec says relative values are to be ignored.
        XCTAssertEqual(MapLibrary(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "rel"], repositoryRoot: nil).defaultMapPath,
                       "/home/u/.local/share/routeit/maps/helsinki.routeit")
        XCTAssertEqual(MapLibrary(environment: ["HOME": "/home/u"], repositoryRoot: URL(fileURLWithPath: "/r")).osmDirectories.map(\.path),
                       ["/home/u/.local/share/routeit/osm", "/r/.data/osm"])
        XCTAssertEqual(MapLibrary.stem(of: "Helsinki.osm.pbf"), "helsinki")
        XCTAssertEqual(MapLibrary.stem(of: "monaco.osm"), "monaco")
        // A name `maps` lists and `--map` takes, whatever the file was called.
        XCTAssertEqual(MapLibrary.stem(of: ".hidden.osm"), "hidden")
        XCTAssertEqual(MapLibrary.stem(of: "..osm"), "map")
        XCTAssertEqual(MapLibrary.stem(of: "nl\nname.osm"), "nl-name")
        XCTAssertEqual(MapLibrary.stem(of: "Uusimaa latest.osm.pbf"), "uusimaa-latest")
        XCTAssertEqual(MapLibrary.stem(of: "monaco-latest.osm.pbf"), "monaco-latest")
    }

    func testMissingDefaultMapIsImportedOnceFromTheRepositoryExtract() throws {
        let library = library(repo: try repoWithDefaultExtract())
        XCTAssertFalse(FileManager.default.fileExists(atPath: library.defaultMapPath))
        let map = try library.open()
        XCTAssertEqual(map.path, library.defaultMapPath)
        XCTAssertEqual(map.sourceFile, "Helsinki.osm.pbf")
        XCTAssertEqual(try OfflineGeocoder(map: map).search("Suntionkatu 27").first?.formattedAddress, "Suntionkatu 27, 48600 Kotka")
        // An import writes a new file and renames it over the map: another inode, whatever the
        // clock's resolution says of the modification times.
        func identity() throws -> [String] {
            let attributes = try FileManager.default.attributesOfItem(atPath: library.defaultMapPath)
            return ["\(attributes[.systemFileNumber] ?? "?")", "\(attributes[.modificationDate] ?? "?")"]
        }
        let firstImport = try identity()
        _ = try library.open()
        XCTAssertEqual(try identity(), firstImport, "opened, not imported again")
    }

    func testDefaultMapOfAnotherSchemaIsReimportedWhenTheExtractIsThere() throws {
        let library = library(repo: try repoWithDefaultExtract())
        _ = try library.open()
        do {
            let db = try SQLiteDatabase(path: library.defaultMapPath, mode: .readWrite)
            try db.execute("UPDATE metadata SET value = '1' WHERE key = 'schema_version'")
        }
        XCTAssertThrowsError(try RouteItMap(path: library.defaultMapPath))
        // Without the extract: the error says to re-import.
        let withoutExtract = self.library(repo: directory.appendingPathComponent("empty-repo"))
        XCTAssertThrowsError(try withoutExtract.open()) { XCTAssertTrue("\($0)".contains("re-import"), "\($0)") }
        // With it: rebuilt.
        let map = try library.open()
        XCTAssertEqual(map.metadata[MapSchema.Key.schemaVersion], String(MapSchema.version))
    }

    func testMissingDefaultMapAndExtractIsAOneLineError() throws {
        let library = library(repo: directory.appendingPathComponent("empty-repo"))
        XCTAssertThrowsError(try library.open()) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("no map at \(library.defaultMapPath)"), message)
            XCTAssertTrue(message.hasSuffix("run Scripts/install-maps"), message)
            XCTAssertFalse(message.contains("\n"))
        }
    }

    func testOSMFileIsImportedIntoTheCacheOnce() throws {
        let library = library()
        let source = try TestPaths.osmFile("test.osm.pbf")
        let map = try library.open(path: source)
        XCTAssertTrue(map.path.hasPrefix(library.cacheDirectory.path), map.path)
        XCTAssertEqual(map.sourceFile, "test.osm.pbf")
        let again = try library.open(path: source)
        XCTAssertEqual(again.path, map.path)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: library.cacheDirectory.path).count, 1)
    }

    func testRouteItPathIsOpenedAsIs() throws {
        let path = directory.appendingPathComponent("town.routeit").path
        try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader(TownFixture.entities), sourceName: "town.osm", to: path)
        XCTAssertEqual(try library().open(path: path).path, path)
    }

    func testBadPathsGiveClearErrors() throws {
        let missing = directory.appendingPathComponent("nowhere.routeit").path
        XCTAssertThrowsError(try library().open(path: missing)) { XCTAssertEqual("\($0)", "no map at \(missing)") }
        let text = directory.appendingPathComponent("notes.routeit")
        try Data("not a map".utf8).write(to: text)
        XCTAssertThrowsError(try library().open(path: text.path)) { XCTAssertEqual("\($0)", "\(text.path) is not a RouteIt map") }
        let other = directory.appendingPathComponent("notes.txt")
        try Data("not osm either".utf8).write(to: other)
        XCTAssertThrowsError(try library().open(path: other.path)) { error in
            XCTAssertTrue("\(error)".contains("not an OSM file"), "\(error)")
        }
    }
}
