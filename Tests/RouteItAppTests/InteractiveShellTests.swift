import XCTest
import RouteItTestSupport

/// The libedit prompt on a real pseudo-terminal (util-linux `script` provides it): tab
/// completion, the history file, history recall, colour, Ctrl-D.
final class InteractiveShellTests: XCTestCase {
    var stateDirectory: URL!

    override func setUpWithError() throws {
        stateDirectory = try TestFiles.temporaryDirectory(for: self)
    }

    /// Types `keystrokes`, each chunk once the previous one is taken in: a chunk that ends a line
    /// when the prompt is drawn again and waits for input; Ctrl-C when the line is cleared (typing ahead of it would be
    /// lost: libedit sets the terminal up afresh for each line); other text when it is echoed;
    /// the last chunk (quit, Ctrl-D) when the terminal ends.
    /// `echoes[i]`: after chunk i, wait until the terminal shows that text. Needed before a Ctrl-C:
    /// the signal overtakes keys still queued in the terminal, so it must follow their echo.
    /// `actions[i]`: after chunk i (and its echo), do something and wait until the terminal shows
    /// the given text.
    func session(_ keystrokes: [String], arguments: [String] = [], echoes: [Int: String] = [:],
                 actions: [Int: (run: () -> Void, thenShows: String)] = [:],
                 environment: [String: String] = [:]) throws -> (status: Int32, screen: String) {
        guard FileManager.default.isExecutableFile(atPath: PseudoTerminal.script) else {
            XCTFail("\(PseudoTerminal.script) (util-linux) is needed to give routeit a terminal")
            return (-1, "")
        }
        let command = ([try RouteItProcess.locate().path] + arguments)
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        var env = ProcessInfo.processInfo.environment
        env["SHELL"] = "/bin/sh"
        env["XDG_STATE_HOME"] = stateDirectory.path
        env["TERM"] = "xterm"
        env.removeValue(forKey: "NO_COLOR")
        env.merge(environment) { $1 }
        let terminal = try PseudoTerminal(command: "exec " + command, environment: env)
        // Typing before the first prompt would be lost (the terminal is set up then), so wait for it.
        XCTAssertTrue(terminal.waitUntilIdle(at: "routeit> ", after: 0), "no prompt: \(terminal.screen)")
        for (index, chunk) in keystrokes.enumerated() {
            let mark = terminal.mark
            terminal.type(chunk)
            if let echo = echoes[index] { XCTAssertTrue(terminal.waitUntil(shows: echo, after: mark), terminal.screen) }
            if let action = actions[index] {
                action.run()
                XCTAssertTrue(terminal.waitUntil(shows: action.thenShows, after: mark), terminal.screen)
                // The line is drawn again after what the action made the terminal show.
                XCTAssertTrue(terminal.waitUntil(shows: "routeit> " + chunk, following: action.thenShows), terminal.screen)
            }
            if index == keystrokes.count - 1 {
                XCTAssertTrue(terminal.waitUntilEnded(), "the last keys did not end the session: \(terminal.screen)")
            } else if chunk == "\u{03}" {
                // Ctrl-C clears the line in place (back to the prompt's end, erase to end of line).
                XCTAssertTrue(terminal.waitUntil(shows: "\u{1B}[K", after: mark), "the line was not cleared: \(terminal.screen)")
            } else if chunk.hasSuffix("\r") {
                XCTAssertTrue(terminal.waitUntilIdle(at: "routeit> ", after: mark), "no prompt after \(chunk.debugDescription): \(terminal.screen)")
            } else {
                XCTAssertTrue(terminal.waitUntil(shows: chunk, after: mark), "no echo of \(chunk.debugDescription): \(terminal.screen)")
            }
        }
        if !terminal.finish() { XCTFail("the interactive shell did not exit") }
        return (terminal.process.terminationStatus, terminal.screen)
    }

    var historyFile: String { stateDirectory.appendingPathComponent("routeit/history").path }

    func testCompletionHistoryAndControlD() throws {
        let first = try session(["ty\t 1 Kaivokatu 1\r", "uni\t k\t\r", "\u{04}"])
        XCTAssertEqual(first.status, 0, first.screen)
        XCTAssertTrue(first.screen.contains("routeit> "), first.screen)
        XCTAssertTrue(first.screen.contains("From:   Kaivokatu 1"), "ty<Tab> completed to type: \(first.screen)")
        XCTAssertTrue(first.screen.contains("(car, kilometres)"), "uni<Tab> k<Tab> completed to units km: \(first.screen)")
        XCTAssertTrue(first.screen.contains("\u{1B}[1mTrip"), "colour on a terminal")
        let history = try String(contentsOfFile: historyFile, encoding: .utf8)
        XCTAssertTrue(history.contains("Kaivokatu"), history)
        XCTAssertTrue(history.contains("units"), history)

        // A new session reads the history: Up recalls the last command (units km), Up again the one before.
        let second = try session(["\u{1B}[A\u{1B}[A\r", "quit\r"], environment: ["NO_COLOR": "1"])
        XCTAssertEqual(second.status, 0, second.screen)
        XCTAssertTrue(second.screen.contains("From:   Kaivokatu 1"), second.screen)
        XCTAssertFalse(second.screen.contains("\u{1B}[1m"), "NO_COLOR turns colour off: \(second.screen)")
    }

    func testBadInputAtThePromptKeepsTheSessionGoing() throws {
        let result = try session(["fly away\r", "pick 3\r", "type 1 Kaivokatu 1\r", "quit\r"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.screen.contains("error: Unknown command \"fly\""), result.screen)
        XCTAssertTrue(result.screen.contains("error: There is nothing to pick from"), result.screen)
        XCTAssertTrue(result.screen.contains("From:   Kaivokatu 1"), result.screen)
    }

    func testNonASCIIInputAndControlCClearsTheLine() throws {
        // Even in the C locale: libedit must not drop the ö of Lönnrotinkatu.
        let result = try session(["type 1 Lönnrotinkatu 5\r", "type 2 half-typed", "\u{03}", "type 3 Kalevankatu 20\r", "quit\r"],
                                 echoes: [1: "type 2 half-typed"],
                                 environment: ["LC_ALL": "C", "LANG": "C", "NO_COLOR": "1"])
        XCTAssertEqual(result.status, 0, "exit status \(result.status): \(result.screen)")
        XCTAssertTrue(result.screen.contains("[ ] 1 From:   Lönnrotinkatu 5"), result.screen)
        XCTAssertTrue(result.screen.contains("[ ] 3 Stop 2: Kalevankatu 20"), result.screen)
        XCTAssertFalse(result.screen.contains("half-typedtype"), "Ctrl-C cleared the half-typed line: \(result.screen)")
        XCTAssertTrue(result.screen.contains("[ ] 2 Stop 1:\r\n"), result.screen)
    }

    func testServerNoticeAtThePromptKeepsTheHalfTypedLine() throws {
        let osrm = try OSRMProcess.start()
        defer { osrm.kill() }
        let down = "! Routing server unreachable — using the offline map"
        // The server dies while a line is half-typed: the notice goes above the prompt, which is
        // drawn again with the half-typed text, and typing goes on where it was.
        let result = try session(["type 1 Kaivo", "katu 1\r", "quit\r"],
                                 arguments: ["--directions", "osrm=\(osrm.url)", "--probe-interval", "0.2"],
                                 echoes: [0: "type 1 Kaivo"], actions: [0: (run: { osrm.kill() }, thenShows: down)],
                                 environment: ["NO_COLOR": "1"])
        XCTAssertEqual(result.status, 0, "exit status \(result.status): \(result.screen)")
        XCTAssertEqual(result.screen.components(separatedBy: down).count - 1, 1, result.screen)
        let afterNotice = try XCTUnwrap(result.screen.range(of: down)).upperBound
        let redrawn = try XCTUnwrap(result.screen[afterNotice...].range(of: "routeit> "), result.screen)
        XCTAssertTrue(result.screen[afterNotice..<redrawn.lowerBound].allSatisfy { $0 == "\r" || $0 == "\n" || $0 == "\r\n" },
                      "the notice has a line of its own: \(result.screen.debugDescription)")
        XCTAssertTrue(result.screen[redrawn.upperBound...].hasPrefix("type 1 Kaivokatu 1"), result.screen.debugDescription)
        XCTAssertTrue(result.screen.contains("[ ] 1 From:   Kaivokatu 1"), result.screen)
    }

    /// Class 9 of issue #10: Ctrl-Z, then `fg` in a job-control shell: the prompt comes back with
    /// the half-typed line on it, and finishing the line runs the whole command. Twice on the same
    /// line: libedit's own SIGTSTP handler sees only the first stop, and after the second the
    /// terminal must still be put back in raw mode (else the driver echoes the rest a second time).
    func testControlZAndFgRedrawTheHalfTypedLine() throws {
        let bash = "/bin/bash"
        guard FileManager.default.isExecutableFile(atPath: PseudoTerminal.script), FileManager.default.isExecutableFile(atPath: bash) else {
            throw XCTSkip("script (util-linux) and bash are needed for job control")
        }
        // Ctrl-Z stops only a process group that a shell with job control looks after (routeit
        // alone in the terminal would be an orphan, which the terminal does not stop): bash -i.
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm"
        env["NO_COLOR"] = "1"
        env["XDG_STATE_HOME"] = stateDirectory.path
        let terminal = try PseudoTerminal(command: "exec \(bash) --norc --noprofile --noediting -i", environment: env)
        func type(_ text: String, thenShows marker: String) {
            terminal.type(text)
            terminal.waitUntil(shows: marker)
        }
        // bash -i draws its first prompt ("bash-5.2# ") once it is reading.
        XCTAssertTrue(terminal.waitUntil(shows: "bash-"), terminal.screen)
        type("PS1='JOBS$ '\r", thenShows: "JOBS$ ")
        type("'\(try RouteItProcess.locate().path)'\r", thenShows: "routeit> ")
        type("type 1 Kaivo", thenShows: "routeit> type 1 Kaivo")
        for _ in 1...2 {
            let stop = terminal.mark
            terminal.type("\u{1A}")
            // fg only once bash reads again: its prompt is drawn after the job's "Stopped" line.
            XCTAssertTrue(terminal.waitUntilIdle(at: "JOBS$ ", after: stop), terminal.screen)
            let continued = terminal.mark
            terminal.type("fg\r")
            XCTAssertTrue(terminal.waitUntil(shows: "\u{1B}[Krouteit> type 1 Kaivo", after: continued), "the line is drawn again after fg: \(terminal.screen)")
        }
        let finished = terminal.mark
        type("katu 1\r", thenShows: "From:   Kaivokatu 1")
        let typedAfterFg = String(terminal.screen.dropFirst(finished)).components(separatedBy: "Trip (")[0]
        XCTAssertEqual(typedAfterFg.components(separatedBy: "katu 1").count - 1, 1,
                       "echoed once, by the line editor (the terminal is in raw mode): \(typedAfterFg.debugDescription)")
        // routeit has ended when bash draws its prompt again: only then is "exit" bash's. The mark
        // comes first: bash may draw its prompt before the line after `type` runs.
        let quit = terminal.mark
        terminal.type("quit\r")
        XCTAssertTrue(terminal.waitUntilIdle(at: "JOBS$ ", after: quit), terminal.screen)
        type("exit\r", thenShows: "JOBS$ exit")
        _ = terminal.finish()
        XCTAssertTrue(terminal.screen.contains("[ ] 1 From:   Kaivokatu 1"), terminal.screen)
    }
}
