import Foundation
import XCTest
import RouteItTestSupport

/// A shell outlives its map file changing under it: cut short or rewritten in place, the next
/// command opens the file again (and says so) instead of ending the session or answering from a
/// mix of two maps; the trip is kept and can still be saved.
final class ShellMapChangedTests: XCTestCase {
    /// A shell on a copy of Helsinki named `name`, after its first route; and that copy.
    private func shellAfterARoute(on name: String) throws -> (LiveShell, URL) {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let map = directory.appendingPathComponent(name)
        try FileManager.default.copyItem(atPath: try HelsinkiFlowTests.importedMap(), toPath: map.path)
        let shell = try LiveShell(arguments: ["--map", map.path],
                                  environment: ["XDG_DATA_HOME": directory.appendingPathComponent("data").path,
                                                "XDG_STATE_HOME": directory.appendingPathComponent("state").path])
        shell.send("type 1 60.1687,24.9414\nenter 1\ntype 2 60.1700,24.9500\nenter 2\nroute")
        XCTAssertTrue(shell.wait(for: "Total Time:", count: 1, seconds: 120), shell.stdout + shell.stderr)
        return (shell, map)
    }

    func testAMapCutShortUnderTheShellKeepsTheSessionAndItsTrip() throws {
        let (shell, map) = try shellAfterARoute(on: "cut.routeit")

        // Cut short (a disk filling up, a copy stopped half way): the session goes on.
        let handle = try FileHandle(forWritingTo: map)
        try handle.truncate(atOffset: 1_500_000)
        try handle.close()
        shell.send("route")
        XCTAssertTrue(shell.waitForEither("changed on disk since it was opened; it is opened again at its next use (the trip is kept).", seconds: 60), shell.stdout + shell.stderr)
        XCTAssertTrue(shell.stderr.contains("The map is damaged; import it again."), shell.stderr)
        shell.send("save kept")
        XCTAssertTrue(shell.wait(for: "Saved trip \"kept\"", count: 1, seconds: 60), shell.stdout + shell.stderr)
        XCTAssertTrue(shell.process.isRunning, "a map cut short must not end the session: \(shell.stderr)")
        XCTAssertFalse(shell.stderr.contains("changed or is damaged"), "the fault handler's exit: \(shell.stderr)")
        shell.send("quit")
        shell.finish()
    }

    func testAMapRewrittenInPlaceIsOpenedAgainNotMixed() throws {
        let (shell, map) = try shellAfterARoute(on: "swapped.routeit")
        // The same map written again in place (same inode: what cp does): a new modification time.
        let bytes = try Data(contentsOf: map)
        Thread.sleep(forTimeInterval: 0.05)
        let handle = try FileHandle(forWritingTo: map)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
        shell.send("swap\nroute")
        // Said with the command's answer (on stdout: the command itself went well).
        XCTAssertTrue(shell.waitForEither("changed on disk since it was opened; it is opened again", seconds: 60), shell.stdout + shell.stderr)
        XCTAssertTrue(shell.wait(for: "Total Time:", count: 2, seconds: 120), "routed on the file as it is now: \(shell.stdout)\n\(shell.stderr)")
        shell.send("quit")
        shell.finish()
    }
}
