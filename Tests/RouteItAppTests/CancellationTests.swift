import XCTest

/// Ctrl-C (SIGINT) while a command computes cancels that command, leaves the trip unchanged and
/// the session goes on. The slow computation is real: the first lookup imports the map.
final class CancellationTests: XCTestCase {
    func testInterruptCancelsTheRunningCommandAndTheSessionGoesOn() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("routeit-cancel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        // Empty cache: `enter` must import the map first, which takes seconds.
        let shell = try LiveShell(arguments: ["--map", map], environment: ["XDG_CACHE_HOME": cache.path])
        shell.send("type 1 Mannerheimintie 1\nenter 1")
        // Ctrl-C only once the shell is up and has moved on to `enter` (a loaded machine may take
        // a while to start it; a signal before then would test nothing).
        XCTAssertTrue(shell.wait(for: "[ ] 1 From:   Mannerheimintie 1\n", count: 1, seconds: 60), shell.stdout)
        Thread.sleep(forTimeInterval: 0.3)
        let interrupted = Date()
        kill(shell.process.processIdentifier, SIGINT)
        XCTAssertTrue(shell.wait(for: "Cancelled.", count: 1, seconds: 10), shell.stdout)
        XCTAssertTrue(shell.process.isRunning, "Ctrl-C during a command must not end the session")
        // The abandoned import may still be running: commands must not wait for it.
        let resumed = Date()
        shell.send("show\nquit")
        XCTAssertTrue(shell.wait(for: "[ ] 3 Stop 2:\n", count: 2, seconds: 60), shell.stdout)
        shell.finish()
        XCTAssertLessThan(Date().timeIntervalSince(resumed), 6, "show and quit waited for the cancelled work")
        XCTAssertEqual(shell.process.terminationStatus, 0)
        let text = shell.stdout
        XCTAssertFalse(text.contains("Choose the address"), "a cancelled lookup shows no picker: \(text)")
        XCTAssertTrue(text.hasSuffix("[ ] 1 From:   Mannerheimintie 1\n[ ] 2 Stop 1:\n[ ] 3 Stop 2:\n"), text)
        XCTAssertLessThan(Date().timeIntervalSince(interrupted), 60)
    }
}
