import XCTest

/// The shell reading commands from a pipe (no libedit): same commands, same screens.
final class ReplTests: XCTestCase {
    func testPipedSessionRunsUntilEndOfInput() throws {
        let result = try RouteItProcess.run([], input: "type 1 Kaivokatu 1\nunits km\nshow\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Trip (car, miles)\n[ ] 1 From:"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Trip (car, kilometres)\n[ ] 1 From:   Kaivokatu 1"), result.stdout)
        XCTAssertFalse(result.stdout.contains("routeit>"), "no prompt when not on a terminal")
        XCTAssertEqual(result.stderr, "", "no spinner when stderr is not a terminal")
    }

    func testModeAndUnitsOptionsSetWhereTheShellStarts() throws {
        let result = try RouteItProcess.run(["--units=km", "--mode", "foot"], input: "show\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Trip (walk, kilometres)\n"), result.stdout)
    }

    func testQuitStopsReading() throws {
        let result = try RouteItProcess.run([], input: "quit\ntype 1 After quit\n")
        XCTAssertEqual(result.status, 0)
        XCTAssertFalse(result.stdout.contains("After quit"))
    }

    func testColourNeverInAPipeEvenWhenForcedTerminalType() throws {
        let result = try RouteItProcess.run([], input: "route\n", environment: ["TERM": "xterm-256color"])
        XCTAssertTrue(result.stderr.contains("! Please enter a valid starting point and at least one destination."), "alerts on stderr")
        XCTAssertFalse(result.stdout.contains("\u{1B}[") || result.stderr.contains("\u{1B}["))
        XCTAssertEqual(result.status, 1, "piped input with a failed command ends non-zero")
    }

    /// Said at start, in one line, before any command runs (not at the first lookup or route).
    func testMissingMapIsOneLineAtStartNotACrash() throws {
        let result = try RouteItProcess.run(["--map", "/nonexistent/map.routeit"],
                                            input: "type 1 Kaivokatu 1\nenter 1\nlocate\nshow\n")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "routeit: --map: no map at /nonexistent/map.routeit; give an installed map's name "
                       + "(routeit maps lists them) or a .routeit or OSM file\n")
        XCTAssertEqual(result.stdout, "", "no command runs")
    }

    func testInterruptWhileIdleEndsAPipedSession() throws {
        let shell = try LiveShell(arguments: [])
        shell.send("show")
        // Idle for sure: the screen `show` draws is out (the first one comes at start-up).
        XCTAssertTrue(shell.wait(for: "[ ] 3 Stop 2:\n", count: 2, seconds: 60), shell.stdout)
        kill(shell.process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(10)
        while shell.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertFalse(shell.process.isRunning, "Ctrl-C must not be ignored forever")
        if shell.process.isRunning { shell.process.terminate() }
        shell.finish()
        XCTAssertEqual(shell.process.terminationStatus, 130)
    }
}
