import XCTest
import RouteItTestSupport

/// Ctrl-C (SIGINT) while a command computes cancels that command, leaves the trip unchanged and
/// the session goes on. The slow computation is real: the first lookup imports the map, and
/// the import stops with the command.
final class CancellationTests: XCTestCase {
    func testInterruptCancelsTheRunningCommandAndTheSessionGoesOn() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let cache = try TestFiles.temporaryDirectory(for: self)
        // Empty cache: `enter` must import the map first, which takes seconds.
        let shell = try LiveShell(arguments: ["--map", map], environment: ["XDG_CACHE_HOME": cache.path])
        shell.send("type 1 Mannerheimintie 1\nenter 1")
        // Ctrl-C only once the shell is up and has moved on to `enter` (a loaded machine may take
        // a while to start it; a signal before then would test nothing).
        XCTAssertTrue(shell.wait(for: "[ ] 1 From:   Mannerheimintie 1\n", count: 1, seconds: 60), shell.stdout)
        // The import under `enter` has started (its progress goes to stderr).
        XCTAssertTrue(shell.waitForStderr("import: ", seconds: 60), "stderr: \(shell.stderr)")
        kill(shell.process.processIdentifier, SIGINT)
        XCTAssertTrue(shell.waitForStderr("Cancelled.", seconds: 10), shell.stderr)
        XCTAssertTrue(shell.process.isRunning, "Ctrl-C during a command must not end the session")
        // The import stopped too (at its next progress step), before "Cancelled." was printed.
        XCTAssertTrue(shell.waitForStderr("import: cancelled during "), "stderr: \(shell.stderr)")
        XCTAssertFalse(shell.stderr.contains("import: finishing"), "stderr: \(shell.stderr)")
        // `show` answers without waiting for the cancelled work: that import has already
        // stopped (above), and none runs to its end before the next lookup (below: one "done").
        shell.send("show")
        XCTAssertTrue(shell.wait(for: "[ ] 3 Stop 2:\n", count: 3, seconds: 60), shell.stdout)
        XCTAssertFalse(shell.stderr.contains("import: finishing"), "show waited for the cancelled work: \(shell.stderr)")
        XCTAssertFalse(shell.stdout.contains("Choose the address"), "a cancelled lookup shows no picker: \(shell.stdout)")
        XCTAssertTrue(shell.stdout.hasSuffix("[ ] 1 From:   Mannerheimintie 1\n[ ] 2 Stop 1:\n[ ] 3 Stop 2:\n"), shell.stdout)

        // The next lookup imports the map from the start, and this time it is used.
        shell.send("enter 1\nquit")
        XCTAssertTrue(shell.wait(for: "Choose the address for From", count: 1, seconds: 120), shell.stdout)
        shell.finish()
        XCTAssertEqual(shell.process.terminationStatus, 1, "a piped session with a cancelled command ends non-zero")
        XCTAssertEqual(shell.stderr.components(separatedBy: "import: finishing: done").count - 1, 1, shell.stderr)
    }

    /// Ctrl-C while `optimize` searches stops the search and keeps its best plan so far, and
    /// the directions of that plan follow, as after an optimize left to finish (not the entry,
    /// which needed a `route` to see them).
    func testInterruptedOptimizeShowsTheBestPlansDirections() throws {
        let map = try HelsinkiFlowTests.importedMap()
        let directory = try TestFiles.temporaryDirectory(for: self)
        var lines: [String] = []
        for i in 0..<4 { for j in 0..<4 { lines.append(String(format: "%.4f,%.4f", 60.1655 + Double(i) * 0.001, 24.937 + Double(j) * 0.0022)) } }
        let list = directory.appendingPathComponent("grid16.txt")
        try (lines.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
        let shell = try LiveShell(arguments: ["--map", map],
                                  environment: ["XDG_DATA_HOME": directory.path, "XDG_STATE_HOME": directory.path,
                                                "ROUTEIT_DIRECTIONS": "", "ROUTEIT_GEOCODER": ""])
        shell.send("type 1 60.1650,24.9350\nstops \(list.path)")
        XCTAssertTrue(shell.wait(for: "17 Stop 16:", count: 1, seconds: 60), shell.stdout + shell.stderr)
        // A search of 60 s: Ctrl-C comes while it searches.
        shell.send("optimize budget 60")
        sleep(3)
        kill(shell.process.processIdentifier, SIGINT)
        XCTAssertTrue(shell.wait(for: "Total Time:", count: 1, seconds: 40), shell.stdout + shell.stderr)
        XCTAssertTrue(shell.stdout.contains("Stopped early: best plan so far.\n"), shell.stdout)
        XCTAssertEqual(shell.stdout.components(separatedBy: "SEGMENT #").count - 1, 17, "every stop and back: \(shell.stdout)")
        XCTAssertFalse(shell.stderr.contains("Cancelled."), shell.stderr)
        XCTAssertTrue(shell.process.isRunning, "Ctrl-C during a command must not end the session")
        shell.send("quit")
        shell.finish()
        XCTAssertEqual(shell.process.terminationStatus, 0, shell.stderr)
    }

    /// Before `optimize` searches (here: importing the map at its first use) Ctrl-C cancels it
    /// as any command, the import too, and the trip is unchanged; only a Ctrl-C during the
    /// search keeps a plan.
    func testInterruptBeforeOptimizeSearchesCancelsIt() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let directory = try TestFiles.temporaryDirectory(for: self)
        let shell = try LiveShell(arguments: ["--map", map],
                                  environment: ["XDG_CACHE_HOME": directory.path, "XDG_DATA_HOME": directory.path,
                                                "XDG_STATE_HOME": directory.path, "ROUTEIT_DIRECTIONS": "", "ROUTEIT_GEOCODER": ""])
        shell.send("type 1 60.1650,24.9350\ntype 2 60.1680,24.9410\ntype 3 60.1660,24.9390\noptimize")
        XCTAssertTrue(shell.waitForStderr("import: ", seconds: 60), "stderr: \(shell.stderr)")
        kill(shell.process.processIdentifier, SIGINT)
        XCTAssertTrue(shell.waitForStderr("Cancelled.", seconds: 10), shell.stderr)
        XCTAssertTrue(shell.waitForStderr("import: cancelled during "), "stderr: \(shell.stderr)")
        XCTAssertFalse(shell.stdout.contains("SEGMENT #"), shell.stdout)
        XCTAssertFalse(shell.stdout.contains("Stopped early"), shell.stdout)
        shell.send("quit")
        shell.finish()
    }
}
