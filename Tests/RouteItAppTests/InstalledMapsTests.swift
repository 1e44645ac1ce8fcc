import Foundation
import XCTest
import RouteItTestSupport
import RouteItCore

/// More than one map, through the real executable: `routeit import` installs a map under the
/// extract's name (replacing one only with --force), `routeit maps [info NAME]` describes them,
/// `--map NAME` and the shell's `use NAME` take them by name, and a point outside the map says so.
final class InstalledMapsTests: XCTestCase {
    /// One data directory per test run, with Helsinki and Monaco installed by `routeit import`.
    static let home: URL = {
        do { return try TestFiles.processDirectory("maps-tests") }
        catch { fatalError("cannot make a scratch directory under \(NSTemporaryDirectory()): \(error)") }
    }()
    static var environment: [String: String] {
        ["XDG_DATA_HOME": home.path + "/data", "XDG_CACHE_HOME": home.path + "/cache", "XDG_STATE_HOME": home.path + "/state",
         "ROUTEIT_LOCATION": "simulated"]
    }
    static var mapsDirectory: String { home.path + "/data/routeit/maps" }
    static let helsinkiArea = "60.16–60.18 N, 24.93–24.96 E"
    static let monacoArea = "43.71–43.77 N, 7.34–7.50 E"
    nonisolated(unsafe) private static var installed = false

    static func extract(_ name: String) throws -> String {
        let helsinki = try HelsinkiFlowTests.helsinkiExtract()
        return URL(fileURLWithPath: helsinki).deletingLastPathComponent().appendingPathComponent(name).path
    }

    override func setUpWithError() throws {
        guard !Self.installed else { return }
        // Imported once per build for every test process (see TestFiles.shared), then copied:
        // the tests add and replace maps in their own copy.
        let installed = try HelsinkiFlowTests.installedMaps(Self.environment)
        try FileManager.default.createDirectory(at: Self.home, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: installed, to: Self.home.appendingPathComponent("data"))
        Self.installed = true
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(at: home)
        super.tearDown()
    }

    private func routeit(_ arguments: [String], input: String? = nil) throws -> RouteItProcess.Result {
        try RouteItProcess.run(arguments, input: input, environment: Self.environment)
    }

    func testImportInstallsUnderTheFilesNameAndReplacesOnlyWithForce() throws {
        let source = try Self.extract("test.osm.pbf")
        let target = Self.mapsDirectory + "/test.routeit"
        try? FileManager.default.removeItem(atPath: target)
        let first = try routeit(["import", source])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, target + "\n")
        let before = try FileManager.default.attributesOfItem(atPath: target)

        let again = try routeit(["import", source])
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.stderr, "routeit import: a map named \"test\" is already installed (\(target)); add --force to replace it\n")
        let after = try FileManager.default.attributesOfItem(atPath: target)
        XCTAssertEqual(after[.systemFileNumber] as? Int, before[.systemFileNumber] as? Int, "the installed map was left alone")
        XCTAssertEqual(after[.modificationDate] as? Date, before[.modificationDate] as? Date)

        let forced = try routeit(["import", source, "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        let replaced = try FileManager.default.attributesOfItem(atPath: target)
        XCTAssertNotEqual(replaced[.systemFileNumber] as? Int, before[.systemFileNumber] as? Int, "--force replaced it")
        XCTAssertTrue(try routeit(["maps"]).stdout.contains("\n  test "), "listed once installed")
        try FileManager.default.removeItem(atPath: target)
    }

    func testMapsListsTheInstalledMaps() throws {
        let result = try routeit(["maps"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first?.split(separator: " ", omittingEmptySubsequences: true),
                       ["NAME", "AREA", "DATA", "DATE", "SIZE", "MODES"], result.stdout)
        let helsinki = try XCTUnwrap(lines.first { $0.hasPrefix("  helsinki ") }, result.stdout)
        let monaco = try XCTUnwrap(lines.first { $0.hasPrefix("  monaco ") }, result.stdout)
        XCTAssertTrue(helsinki.contains(Self.helsinkiArea), helsinki)
        XCTAssertTrue(helsinki.contains(" unknown "), "Helsinki's extract has no header timestamp: \(helsinki)")
        XCTAssertTrue(monaco.contains(Self.monacoArea), monaco)
        XCTAssertTrue(monaco.contains(" 2016-03-05 "), "the PBF header's osmosis_replication_timestamp: \(monaco)")
        for (line, file) in [(helsinki, "helsinki"), (monaco, "monaco")] {
            XCTAssertTrue(line.hasSuffix("car, walk, bike"), line)
            let bytes = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: "\(Self.mapsDirectory)/\(file).routeit")[.size] as? Int)
            XCTAssertTrue(line.contains(String(format: " %.1f MB ", Double(bytes) / 1_048_576)), line)
        }
        // A file that is no map is listed as unusable, in one row, and the others still are.
        let broken = Self.mapsDirectory + "/broken.routeit"
        try Data("not a map".utf8).write(to: URL(fileURLWithPath: broken))
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let withBroken = try routeit(["maps"])
        XCTAssertEqual(withBroken.status, 0, withBroken.stderr)
        XCTAssertTrue(withBroken.stdout.contains("\n  broken    unusable: not a RouteIt map  "), withBroken.stdout)
        XCTAssertTrue(withBroken.stdout.contains("\n  monaco "), withBroken.stdout)
        try FileManager.default.removeItem(atPath: broken)
        let empty = try RouteItProcess.run(["maps"], environment: ["XDG_DATA_HOME": Self.home.path + "/nothing"])
        XCTAssertEqual(empty.status, 0)
        XCTAssertTrue(empty.stdout.hasPrefix("No maps installed in "), empty.stdout)
    }

    /// A map named in wide characters keeps the table's columns in line on a terminal.
    func testAWideNameKeepsTheColumnsInLine() throws {
        let wide = Self.mapsDirectory + "/名前.routeit"
        try FileManager.default.copyItem(atPath: Self.mapsDirectory + "/monaco.routeit", toPath: wide)
        defer { try? FileManager.default.removeItem(atPath: wide) }
        let result = try routeit(["maps"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let named = try XCTUnwrap(lines.first { $0.hasPrefix("  名前 ") }, result.stdout)
        let monaco = try XCTUnwrap(lines.first { $0.hasPrefix("  monaco ") }, result.stdout)
        func areaColumn(_ line: String) throws -> Int {
            let prefix = try XCTUnwrap(line.range(of: Self.monacoArea), line)
            return TerminalColumns.width(String(line[..<prefix.lowerBound]))
        }
        XCTAssertEqual(try areaColumn(named), try areaColumn(monaco), result.stdout)
    }

    func testMapsInfoShowsOneMap() throws {
        let result = try routeit(["maps", "info", "Monaco"])
        XCTAssertEqual(result.status, 0, result.stderr)
        for line in ["Map: monaco", "File: \(Self.mapsDirectory)/monaco.routeit", "Area: \(Self.monacoArea) (Monaco)",
                     "Source: monaco.osm.pbf", "Data date: 2016-03-05 00:26 UTC (from the extract's header)",
                     "Modes: car, walk, bike", "© OpenStreetMap contributors"] {
            XCTAssertTrue(result.stdout.contains(line + "\n"), "\(line) in:\n\(result.stdout)")
        }
        let unknown = try routeit(["maps", "info", "paris"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.stderr, "routeit maps: no map named \"paris\" and no such file; installed: helsinki, monaco\n")
        XCTAssertEqual(try routeit(["maps", "list", "x"]).status, 2)
    }

    func testMapTakesAnInstalledMapByName() throws {
        let route = try routeit(["route", "--map", "monaco", "43.7384,7.4246", "43.7315,7.4197"])
        XCTAssertEqual(route.status, 0, route.stderr)
        XCTAssertTrue(route.stdout.hasPrefix("SEGMENT #1"), route.stdout)
        let reverse = try routeit(["reverse", "43.7384", "7.4246", "--map", "monaco"])
        XCTAssertEqual(reverse.status, 0, reverse.stderr)
        XCTAssertTrue(reverse.stdout.contains(", Monaco  43."), reverse.stdout)
        let shell = try routeit(["--map", "monaco"], input: "location 43.7384 7.4246\nlocate\n")
        XCTAssertEqual(shell.status, 0, shell.stderr)
        XCTAssertTrue(shell.stdout.contains("[✓] 1 From:   Avenue de l'Hermitage"), shell.stdout)
        let unknown = try routeit(["reverse", "43.7384", "7.4246", "--map", "paris"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.stderr, "routeit reverse: no map named \"paris\" and no such file; installed: helsinki, monaco\n")
    }

    func testAPointOutsideTheMapSaysSo() throws {
        let outside = "is outside the Helsinki map (\(Self.helsinkiArea)).\n"
        let route = try routeit(["route", "--map", "helsinki", "60.1710,24.9414", "43.7384,7.4246"])
        XCTAssertEqual(route.status, 1)
        XCTAssertEqual(route.stderr, "routeit route: 43.738400,7.424600 " + outside)
        let reverse = try routeit(["reverse", "--map", "helsinki", "43.7384", "7.4246"])
        XCTAssertEqual(reverse.status, 1)
        XCTAssertEqual(reverse.stderr, "routeit reverse: The position 43.738400,7.424600 " + outside)
        let json = try routeit(["reverse", "--map", "helsinki", "43.7384", "7.4246", "--json"])
        XCTAssertEqual(json.status, 1)
        XCTAssertEqual(json.stdout, "{\"error\":\"Unable to geocode\"}\n", "Nominatim's answer for nothing there")
        XCTAssertEqual(json.stderr, reverse.stderr)
        let shell = try routeit(["--map", "helsinki"], input: "location 43.7384 7.4246\nlocate\n")
        XCTAssertEqual(shell.stderr, "! The position 43.738400,7.424600 " + outside)
    }

    func testUseSwitchesMapsKeepingTheTrip() throws {
        let input = """
        type 1 Mannerheimintie 1
        enter 1
        pick 1
        type 2 Kalevankatu 20
        maps
        use monaco
        location 43.7384 7.4246
        locate
        maps
        use paris
        use helsinki
        """
        let result = try routeit(["--map", "helsinki"], input: input + "\n")
        XCTAssertEqual(result.status, 1, "use paris failed: \(result.stderr)")
        XCTAssertEqual(result.stderr, "error: No installed map named \"paris\"; installed: helsinki, monaco\n")
        let out = result.stdout
        XCTAssertTrue(out.contains("* helsinki "), out)
        XCTAssertTrue(out.contains("Using the Monaco map (\(Self.monacoArea)).\nOutside it, no longer chosen (✓): From.\n"
                                   + "Trip (car, miles)\n[ ] 1 From:   Mannerheimintie 1, 00100 Helsinki\n[ ] 2 Stop 1: Kalevankatu 20\n"), out)
        XCTAssertTrue(out.contains("[✓] 1 From:   Avenue de l'Hermitage"), "the new map answers: \(out)")
        XCTAssertTrue(out.contains("* monaco "), out)
        XCTAssertTrue(out.hasSuffix("Using the Helsinki map (\(Self.helsinkiArea)).\nOutside it, no longer chosen (✓): From.\n"
                                    + "Trip (car, miles)\n[ ] 1 From:   Avenue de l'Hermitage, Monaco\n[ ] 2 Stop 1: Kalevankatu 20\n[ ] 3 Stop 2:\n"), out)
    }

    /// `use` takes a path as --map does, and a trip saved after it remembers the map in use.
    func testUseTakesAPathAndSavedTripsRememberTheMapInUse() throws {
        let elsewhere = Self.home.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let copy = elsewhere.appendingPathComponent("mc.routeit").path
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: Self.mapsDirectory + "/monaco.routeit", toPath: copy)
        let input = """
        use \(elsewhere.path)/missing.routeit
        use \(copy)
        save on-the-copy
        use monaco
        save on-monaco
        trips
        """
        let result = try routeit(["--map", "helsinki"], input: input + "\n")
        XCTAssertEqual(result.stderr, "error: No map file at \(elsewhere.path)/missing.routeit; give an installed map's name (maps lists them) or a .routeit or OSM file.\n")
        let out = result.stdout
        XCTAssertTrue(out.contains("Using the Monaco map (\(Self.monacoArea))."), out)
        XCTAssertTrue(out.contains("on-the-copy  (0 places, saved "), out)
        XCTAssertTrue(out.contains(", map \(copy))"), out)
        XCTAssertTrue(out.contains(", map monaco)"), out)
    }
}
