import Foundation
import RouteItTestSupport
import XCTest

/// `routeit maps get|list-remote|update` and the shell's `maps update`, through the real
/// executable, against a local server that serves an index in Geofabrik's format and the small
/// test extract: the map installs, lists, routes, and a trip saved on it opens and routes after
/// the map was replaced by `update`.
final class MapsDownloadTests: XCTestCase {
    private var server: ExtractHTTPServer!
    private var home: URL!
    private let extractPath = "/europe/testland-latest.osm.pbf"

    override func setUpWithError() throws {
        server = try ExtractHTTPServer()
        home = try TestFiles.temporaryDirectory(for: self)
        let index = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"id":"testland","parent":"europe","name":"Testland","iso3166-1:alpha2":["TL"],
             "urls":{"pbf":"\(server.url(extractPath).absoluteString)"}},"geometry":null},
            {"type":"Feature","properties":{"id":"europe","name":"Europe","urls":{"pbf":"\(server.url("/europe-latest.osm.pbf").absoluteString)"}}}]}
            """
        server.serve("/index-v1.json", Array(index.utf8))
    }

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    private var environment: [String: String] {
        ["XDG_DATA_HOME": home.path + "/data", "XDG_CACHE_HOME": home.path + "/cache", "XDG_STATE_HOME": home.path + "/state",
         "ROUTEIT_LOCATION": "simulated", "ROUTEIT_MAPS_INDEX": server.url("/index-v1.json").absoluteString]
    }

    private func routeit(_ arguments: [String], input: String? = nil) throws -> RouteItProcess.Result {
        try RouteItProcess.run(arguments, input: input, environment: environment)
    }

    private func publish(_ bytes: [UInt8], lastModified: String) throws {
        server.serve(extractPath, bytes, lastModified: lastModified)
        let file = home.appendingPathComponent("extract")
        try Data(bytes).write(to: file)
        let md5 = try RouteItProcess.runCommand("/usr/bin/md5sum", [file.path])
        server.serve(extractPath + ".md5", Array((md5.stdout.prefix(32) + "  testland-latest.osm.pbf\n").utf8))
    }

    func testGetInstallsARegionThatRoutesAndUpdateKeepsSavedTripsWorking() throws {
        let extract = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try InstalledMapsTests.extract("test.osm.pbf"))))
        try publish(extract, lastModified: "Sat, 05 Dec 2026 10:00:00 GMT")
        server.cutOff(extractPath, after: 50_000)

        let cut = try routeit(["maps", "get", "testland"])
        XCTAssertEqual(cut.status, 1)
        XCTAssertEqual(cut.stderr, "routeit maps: the download of testland-latest.osm.pbf stopped at 48 KB of 134 KB (connection lost); "
                       + "run the same command again to resume it\n")
        // On a terminal: a redrawn bar, then the import's.
        let terminal = try PseudoTerminal(command: "exec '\(try RouteItProcess.locate().path)' maps get testland",
                                          environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }
                                              .merging(["TERM": "xterm", "SHELL": "/bin/sh"]) { $1 })
        XCTAssertTrue(terminal.finish(), terminal.screen)
        XCTAssertEqual(terminal.process.terminationStatus, 0, terminal.screen)
        let mapPath = home.path + "/data/routeit/maps/testland.routeit"
        XCTAssertTrue(terminal.screen.contains("\r\u{1b}[Ktestland-latest.osm.pbf"), terminal.screen)
        XCTAssertTrue(terminal.screen.contains(" 100%  134 KB  "), terminal.screen)
        XCTAssertTrue(terminal.screen.contains("download: testland-latest.osm.pbf: 134 KB in "), terminal.screen)
        XCTAssertTrue(terminal.screen.contains("Installed the map \"testland\" (testland, 134 KB downloaded, resumed at 48 KB): \(mapPath)\r\n"
                                               + "Use it with --map testland or the shell's use testland. Map data © OpenStreetMap contributors (ODbL), "
                                               + "extracts from 127.0.0.1:\(server.port).\r\n"), terminal.screen)
        XCTAssertTrue(server.requests(for: extractPath).last!.contains("Range: bytes=50000-"))

        let listed = try routeit(["maps", "list-remote", "test"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.hasPrefix("  ID        NAME      PARENT\n* testland  Testland  europe\n"), listed.stdout)
        XCTAssertTrue(listed.stdout.contains("© OpenStreetMap contributors"))

        let installed = try routeit(["maps"])
        XCTAssertTrue(installed.stdout.contains("\n  testland  60.52–60.54 N, 26.93–26.97 E  "), installed.stdout)
        XCTAssertTrue(installed.stdout.hasSuffix("\nMap data © OpenStreetMap contributors (ODbL).\n"), installed.stdout)

        let trip = "use testland\ntype 1 60.53,26.94\nenter 1\ntype 2 60.535,26.96\nenter 2\nsave t1\n"
        let saved = try routeit([], input: trip)
        XCTAssertTrue(saved.stdout.contains("Saved trip \"t1\" (2 places)."), saved.stdout + saved.stderr)

        // A newer extract of the same place (an extra blob of a type readers skip changes its MD5).
        try publish(extract + [0, 0, 0, 5, 0x0A, 1, 0x58, 0x18, 0], lastModified: "Sun, 06 Dec 2026 10:00:00 GMT")
        let before = try FileManager.default.attributesOfItem(atPath: mapPath)[.systemFileNumber] as? Int
        let updated = try routeit([], input: "use testland\nmaps update testland\nopen t1\nroute\n")
        XCTAssertEqual(updated.status, 0, updated.stderr)
        // Piped: one line for the download (no bar), then the import's lines.
        XCTAssertTrue(updated.stderr.hasPrefix("download: testland-latest.osm.pbf: 134 KB in "), updated.stderr)
        XCTAssertFalse(updated.stderr.contains("\u{1b}"))
        XCTAssertTrue(updated.stdout.contains("testland: updated (testland, 134 KB downloaded): \(mapPath)"), updated.stdout)
        XCTAssertTrue(updated.stdout.contains("Total Distance: 2.44 miles"), updated.stdout)
        XCTAssertNotEqual(try FileManager.default.attributesOfItem(atPath: mapPath)[.systemFileNumber] as? Int, before, "replaced")

        let again = try routeit(["maps", "update"])
        XCTAssertEqual(again.stdout.components(separatedBy: "\n").first, "testland: up to date (testland, fetched \(Self.today)).")
    }

    /// A local import over a fetched map (`import --force`) makes it the user's map: no longer
    /// starred as the region's, and `maps update` no longer fetches the region over it.
    func testAnImportOverAFetchedMapIsNoLongerTheRegions() throws {
        let extract = try InstalledMapsTests.extract("test.osm.pbf")
        try publish([UInt8](try Data(contentsOf: URL(fileURLWithPath: extract))), lastModified: "Sat, 05 Dec 2026 10:00:00 GMT")
        XCTAssertEqual(try routeit(["maps", "get", "testland"]).status, 0)
        XCTAssertTrue(try routeit(["maps", "list-remote", "test"]).stdout.contains("\n* testland  Testland"))

        let local = home.appendingPathComponent("testland.osm.pbf")
        try FileManager.default.copyItem(atPath: extract, toPath: local.path)
        let imported = try routeit(["import", local.path, "--force"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let listed = try routeit(["maps", "list-remote", "test"])
        XCTAssertTrue(listed.stdout.contains("\n  testland  Testland"), listed.stdout)
        let update = try routeit(["maps", "update", "testland"])
        XCTAssertEqual(update.status, 1)
        XCTAssertTrue(update.stderr.hasPrefix("routeit maps: testland: the map \"testland\" was not fetched with routeit maps get"), update.stderr)
    }

    func testCtrlCStopsTheShellsDownloadAndKeepsWhatCameForTheNextGet() throws {
        try publish([UInt8](repeating: 7, count: 100_000), lastModified: "Sat, 05 Dec 2026 10:00:00 GMT")
        server.stall(extractPath, after: 30_000)
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        env["TERM"] = "xterm"
        env["SHELL"] = "/bin/sh"
        let terminal = try PseudoTerminal(command: "exec '\(try RouteItProcess.locate().path)'", environment: env)
        XCTAssertTrue(terminal.waitUntilIdle(at: "routeit> ", after: 0), terminal.screen)
        let mark = terminal.mark
        terminal.type("maps get testland\r")
        XCTAssertTrue(terminal.waitUntil(shows: "testland-latest.osm.pbf ", after: mark), terminal.screen)   // the bar
        terminal.type("\u{03}")
        XCTAssertTrue(terminal.waitUntil(shows: "Cancelled.", after: mark), terminal.screen)
        // The download itself stopped (its connection closed), not only the shell's wait for it.
        XCTAssertTrue(server.waitForStalledClose(seconds: 10))
        XCTAssertTrue(terminal.waitUntilIdle(at: "routeit> ", after: mark), terminal.screen)
        terminal.type("quit\r")
        XCTAssertTrue(terminal.finish(), terminal.screen)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/data/routeit/maps/testland.routeit"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: home.path + "/cache/routeit/downloads/testland-latest.osm.pbf.part"),
                      "kept for the next maps get to resume")
    }

    func testFailuresAreOneLineAndInstallNothing() throws {
        let unknown = try routeit(["maps", "get", "testlnd"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.stderr, "routeit maps: no region \"testlnd\" in the index; did you mean testland? routeit maps list-remote [FILTER] lists them\n")
        let noChecksum = try routeit(["maps", "get", "europe"])
        XCTAssertEqual(noChecksum.stderr, "routeit maps: no checksum is published at \(server.url("/europe-latest.osm.pbf.md5").absoluteString) "
                       + "(its download cannot be checked); nothing was installed\n")
        let badOption = try routeit(["maps", "list-remote", "--index", "ftp://example.test/index.json"])
        XCTAssertEqual(badOption.status, 2)
        XCTAssertTrue(badOption.stderr.contains("--index takes an http:// or https:// address, not \"ftp://example.test/index.json\""), badOption.stderr)
        let notJSON = try routeit(["maps", "list-remote", "--index", server.url(extractPath + ".md5").absoluteString])
        XCTAssertEqual(notJSON.status, 1)
        let notInstalled = try routeit(["maps", "update", "elsewhere"])
        XCTAssertEqual(notInstalled.status, 1)
        XCTAssertEqual(notInstalled.stdout, "")
        XCTAssertEqual(notInstalled.stderr, "routeit maps: elsewhere: no map named \"elsewhere\" is installed; routeit maps get REGION installs one\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/data/routeit/maps"))
    }

    private static var today: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}
