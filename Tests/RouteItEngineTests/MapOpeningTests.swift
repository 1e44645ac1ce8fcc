import Foundation
import RouteItSQLite
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// Opening anything that is not a RouteIt map of this schema gives one clear line.
final class MapOpeningTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestFiles.temporaryDirectory(for: self) }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func file(_ name: String, _ contents: Data) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try contents.write(to: URL(fileURLWithPath: path))
        return path
    }

    private func assertOpenFails(_ path: String, _ expected: RouteItMapError, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try RouteItMap(path: path), file: file, line: line) { error in
            XCTAssertEqual(error as? RouteItMapError, expected, file: file, line: line)
            XCTAssertFalse("\(error)".contains("\n"), file: file, line: line)
        }
    }

    func testMissingFile() {
        let path = directory.appendingPathComponent("nope.routeit").path
        assertOpenFails(path, .missing(path))
        XCTAssertEqual("\(RouteItMapError.missing(path))", "no map at \(path)")
    }

    func testEmptyTextAndDirectoryAreNotMaps() throws {
        assertOpenFails(try file("empty.routeit", Data()), .notAMap(directory.appendingPathComponent("empty.routeit").path))
        let text = try file("notes.routeit", Data("hello, this is not a map\n".utf8))
        assertOpenFails(text, .notAMap(text))
        assertOpenFails(directory.path, .notAMap(directory.path))
    }

    func testOtherSQLiteDatabaseIsNotAMap() throws {
        let path = directory.appendingPathComponent("other.sqlite").path
        let db = try SQLiteDatabase(path: path, mode: .create)
        try db.execute("CREATE TABLE metadata(key TEXT, value TEXT); INSERT INTO metadata VALUES ('schema_version', '1')")
        assertOpenFails(path, .notAMap(path))
    }

    /// A map whose header says RouteIt map and whose rest is wrong is damaged, not "not a map".
    func testCorruptMapIsDamaged() throws {
        let good = directory.appendingPathComponent("good.routeit").path
        try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader(TownFixture.entities), sourceName: "t", to: good)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        // Keep the header, scramble the rest (page 1 holds the schema).
        for i in 100..<min(bytes.count, 4096) { bytes[i] = UInt8(truncatingIfNeeded: i * 31) }
        let corrupt = try file("corrupt.routeit", bytes)
        assertOpenFails(corrupt, .damaged(path: corrupt, cutShort: false))
        XCTAssertEqual("\(RouteItMapError.damaged(path: corrupt, cutShort: false))", "\(corrupt) is damaged; import it again")
        let truncated = try file("truncated.routeit", bytes.prefix(50))
        assertOpenFails(truncated, .notAMap(truncated))
    }

    /// A copy cut short (a full disk, an interrupted cp) is said to be one: early, it does not
    /// open (it was "not a RouteIt map"); late, it opens but `maps` lists it as unusable (it was
    /// listed with its area, as if usable).
    func testAMapCutShortIsDamagedAndListedAsUnusable() throws {
        let good = directory.appendingPathComponent("good.routeit").path
        try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader(TownFixture.entities), sourceName: "t", to: good)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        XCTAssertNil(InstalledMap(path: good).problem)
        XCTAssertEqual(MapFileWholeness.of(good), .whole)

        let early = try file("early.routeit", bytes.prefix(8192))
        assertOpenFails(early, .damaged(path: early, cutShort: true))
        XCTAssertEqual(InstalledMap(path: early).shortProblem, "damaged (cut short); import it again")

        let late = try file("late.routeit", bytes.prefix(bytes.count - 100))
        XCTAssertNoThrow(try RouteItMap(path: late), "its SQLite part is whole")
        let listed = InstalledMap(path: late)
        XCTAssertEqual(listed.shortProblem, "damaged (cut short); import it again")
        XCTAssertEqual(listed.problem, "\(late) is damaged (cut short); import it again")

        var scrambled = bytes
        scrambled[scrambled.count - 30] ^= 0xFF
        let damaged = try file("trailer.routeit", scrambled)
        XCTAssertEqual(InstalledMap(path: damaged).shortProblem, "damaged; import it again")
    }

    func testOtherSchemaVersion() throws {
        let path = directory.appendingPathComponent("old.routeit").path
        try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader(TownFixture.entities), sourceName: "t", to: path)
        do {
            let db = try SQLiteDatabase(path: path, mode: .readWrite)
            try db.execute("UPDATE metadata SET value = '999' WHERE key = 'schema_version'")
        }
        assertOpenFails(path, .otherSchemaVersion(path: path, found: 999))
        XCTAssertTrue("\(RouteItMapError.otherSchemaVersion(path: path, found: 999))".contains("re-import"))
    }
}
