import RouteItTestSupport
import XCTest

/// A map truncated or rewritten in place under a running shell: its next read of the map is
/// one line naming the map and exit status 1, never a crash (SIGBUS).
final class MapChangedUnderTests: XCTestCase {
    func testAMapTruncatedUnderARunningShellIsOneLineAndExitOne() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let map = directory.appendingPathComponent("helsinki.routeit").path
        try FileManager.default.copyItem(atPath: try HelsinkiFlowTests.importedMap(), toPath: map)
        let shell = try LiveShell(arguments: ["--map", map], environment: ["XDG_DATA_HOME": directory.path])
        shell.send("type 1 Mannerheimintie 1\nenter 1\npick 1\ntype 2 Aleksanterinkatu 52\nenter 2\npick 1\nroute")
        XCTAssertTrue(shell.wait(for: "© OpenStreetMap contributors", count: 1, seconds: 120), shell.stdout + shell.stderr)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: map)[.size] as? Int)
        // The SQLite part (addresses) stays; the mapped road graph after it is cut off.
        XCTAssertEqual(truncate(map, off_t(size / 2)), 0)
        shell.send("back\ntype 3 Kaivokatu 1\nenter 3\npick 1\nroute\nquit")
        shell.finish()
        XCTAssertEqual(shell.process.terminationReason, .exit, shell.stderr)
        XCTAssertEqual(shell.process.terminationStatus, 1, shell.stderr)
        XCTAssertTrue(shell.stderr.contains("The map helsinki changed or is damaged; import it again.\n")
                      || shell.stderr.contains("The map is damaged; import it again."), shell.stderr)
        XCTAssertFalse(shell.stderr.contains("Crash") || shell.stderr.contains("Fatal"), shell.stderr)
    }
}
