@testable import RouteItSQLite
import RouteItRemote
import RouteItTestSupport
import XCTest
@testable import routeit

/// Faults found by the held-out reproducers of issue #27 (varied from `Scripts/campaign`): each
/// is one clear line or a right answer, never a hang, a trap or a false "damaged".
final class HeldOutFaultTests: XCTestCase {
    private func shell(_ script: String, environment: [String: String] = [:]) throws -> RouteItProcess.Result {
        let routeit = try RouteItProcess.locate().path
        return try RouteItProcess.runCommand("/bin/sh", ["-c", script.replacingOccurrences(of: "ROUTEIT", with: "'\(routeit)'")],
                                             environment: environment, timeout: 120)
    }

    /// `--map FIFO`, `import FIFO` and the shell's `use ./FIFO` read OSM input: a FIFO with no
    /// writer blocked its open(2) for ever.
    func testAnOSMInputThatIsAFIFOIsRefusedNotWaitedFor() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let fifo = directory.appendingPathComponent("extract").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let environment = ["XDG_DATA_HOME": directory.path, "XDG_CACHE_HOME": directory.path]
        for arguments in [["route", "--map", fifo, "60.17,24.94", "60.16,24.95"], ["import", fifo, "-o", directory.path + "/x.routeit"]] {
            let result = try RouteItProcess.run(arguments, environment: environment, timeout: 60)
            XCTAssertEqual(result.status, 1, arguments.joined(separator: " ") + ": " + result.stderr)
            XCTAssertTrue(result.stderr.contains("Cannot read \(fifo): not a regular file."), result.stderr)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
        }
    }

    func testARequestTimeoutMustBeDecimal() {
        for bad in ["0x10", "0x1p3", "inf", "nan"] {
            XCTAssertThrowsError(try ShellOptions.parse(["serve", "--request-timeout", bad]), bad)
        }
        XCTAssertEqual(try ShellOptions.parse(["serve", "--request-timeout", "2.5"]).requestTimeout, 2.5)
    }

    /// A host that cannot be listened on is refused as the options are read, before a map
    /// (maybe a long import) is opened.
    func testAHostIsAnIPv4AddressOrLocalhost() throws {
        for bad in ["999.1.1.1", "", "example.org", "::1", "127.0.0.1 "] {
            XCTAssertThrowsError(try ShellOptions.parse(["serve", "--host", bad]), bad) { error in
                XCTAssertEqual("\(error)", "--host takes an IPv4 address such as 127.0.0.1 or 0.0.0.0, not \"\(bad)\"")
            }
        }
        XCTAssertEqual(try ShellOptions.parse(["serve", "--host", "localhost"]).serveHost, "127.0.0.1")
        XCTAssertEqual(try ShellOptions.parse(["serve", "--host", "0.0.0.0"]).serveHost, "0.0.0.0")
    }

    /// SQLite's out-of-memory under `ulimit -v` is the limit, not a damaged map.
    func testAnAllocationThatFailsIsNotCalledDamage() {
        for code: Int32 in [7, 3082] {
            let sentence = UserMessage.sentence(for: SQLiteError(code: code, message: "out of memory"))
            XCTAssertFalse(sentence.contains("damaged"), sentence)
            XCTAssertTrue(sentence.contains("memory"), sentence)
        }
        XCTAssertTrue(UserMessage.sentence(for: SQLiteError(code: 11, message: "malformed")).contains("damaged"))
    }

    /// Above the least the runtime needs, glibc's per-thread malloc arenas (64 MB of address
    /// space each) took what a route, a reverse or a geocode then lacked: a trap, a segfault or
    /// "The map is damaged". 270 MB: clean with one arena.
    func testALimitAboveTheLeastRoutesReversesAndGeocodes() throws {
        let map = try HelsinkiFlowTests.importedMap()
        let result = try shell("""
            ulimit -v 276480
            for i in 1 2; do
              ROUTEIT route --map '\(map)' 60.1699,24.9384 60.1686,24.9450 60.1710,24.9410 >/dev/null; echo "route $?"
              ROUTEIT reverse --map '\(map)' 60.1699,24.9384 >/dev/null; echo "reverse $?"
              ROUTEIT geocode --map '\(map)' Mannerheimintie >/dev/null; echo "geocode $?"
              ROUTEIT table --map '\(map)' 60.1699,24.9384 60.1686,24.9450 60.1710,24.9410 >/dev/null; echo "table $?"
            done
            """)
        XCTAssertEqual(result.stdout, String(repeating: "route 0\nreverse 0\ngeocode 0\ntable 0\n", count: 2), result.stderr)
        XCTAssertEqual(result.stderr, "")
    }

    /// `maps info FILE` on a map file that is there: its details, not "no such file".
    func testMapsInfoTakesAMapFile() throws {
        let map = try HelsinkiFlowTests.importedMap()
        let directory = try TestFiles.temporaryDirectory(for: self)
        let result = try RouteItProcess.run(["maps", "info", map], environment: ["XDG_DATA_HOME": directory.path], timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("File: \(map)"), result.stdout)
    }

    /// libedit rewrote the history in place ignoring failed writes: under `ulimit -f 1` a
    /// 300-line history became its first 512 bytes. Now it is replaced only when whole.
    func testAHistoryThatCannotBeWrittenWholeIsKeptAsItWas() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let folder = directory.appendingPathComponent("routeit")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let history = folder.appendingPathComponent("history").path
        let lines = (0..<300).map { "type\\0401\\040Place\\040number\\040\($0)\n" }.joined()
        let original = Data(("_HiStOrY_V2_\n" + lines).utf8)
        try original.write(to: URL(fileURLWithPath: history))
        var environment = ProcessInfo.processInfo.environment
        environment["SHELL"] = "/bin/sh"
        environment["TERM"] = "xterm"
        environment["XDG_STATE_HOME"] = directory.path
        environment["XDG_DATA_HOME"] = directory.path
        let routeit = try RouteItProcess.locate().path
        let terminal = try PseudoTerminal(command: "ulimit -f 1; exec '\(routeit)' --map '\(try HelsinkiFlowTests.importedMap())'",
                                          environment: environment)
        XCTAssertTrue(terminal.waitUntilIdle(at: "routeit> ", after: 0), terminal.screen)
        let mark = terminal.mark
        terminal.type("show\r")
        XCTAssertTrue(terminal.waitUntilIdle(at: "routeit> ", after: mark), terminal.screen)
        terminal.type("quit\r")
        XCTAssertTrue(terminal.waitUntilEnded(), terminal.screen)
        _ = terminal.finish()
        XCTAssertEqual(FileManager.default.contents(atPath: history), original, "the history was cut")
        XCTAssertTrue(terminal.screen.contains("could not be written whole"), terminal.screen)
    }

    /// A typed or replayed line with an escape or bidi control: not run, said. Kept in a stop's
    /// text, `ESC[31m` passed the cleaner as one of RouteIt's own colours and reddened the screen.
    func testALineWithAControlCharacterIsNotRun() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let input = "type 2 evil \u{1B}[31mred\ntype 1 \u{202E}kcab\nshow\nquit\n"
        let result = try RouteItProcess.run([], input: input, environment: ["XDG_DATA_HOME": directory.path, "XDG_STATE_HOME": directory.path])
        XCTAssertFalse(result.stdout.contains("\u{1B}") || result.stdout.contains("\u{202E}"), result.stdout)
        XCTAssertFalse(result.stdout.contains("evil") || result.stdout.contains("kcab"), result.stdout)
        XCTAssertTrue(result.stderr.contains("control character (U+001B)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("control character (U+202E)"), result.stderr)
        XCTAssertEqual(result.status, 1)
    }

    /// An import over `ulimit -f` failed in SQLite with an I/O error, said as "The map is damaged".
    func testAnImportOverTheFileSizeLimitSaysTheLimit() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let map = directory.appendingPathComponent("m.routeit").path
        let result = try shell("ulimit -f 1; ROUTEIT import '\(try HelsinkiFlowTests.helsinkiExtract())' -o '\(map)'; echo \"status $?\"")
        XCTAssertTrue(result.stdout.hasSuffix("status 1\n"), result.stdout)
        XCTAssertFalse(result.stderr.contains("damaged"), result.stderr)
        XCTAssertTrue(result.stderr.contains("ulimit -f") || result.stderr.contains("File too large"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: map))
    }

    /// `--map=~/x` and the like reach routeit with their `~` (a shell expands it only at a word's
    /// start): taken from $HOME as the shell's own commands do, not "no map at ~/x".
    func testATildeInAFileOptionIsTheHomeFolder() throws {
        let home = try XCTUnwrap(ProcessInfo.processInfo.environment["HOME"])
        let options = try ShellOptions.parse(["route", "--map=~/m.routeit", "--stops=~/s.txt", "a"])
        XCTAssertEqual(options.mapPath, home + "/m.routeit")
        XCTAssertEqual(options.stopsFile, home + "/s.txt")
        XCTAssertEqual(try ShellOptions.parse(["import", "x.pbf", "--output=~/o.routeit"]).output, home + "/o.routeit")
        XCTAssertEqual(try ShellOptions.parse(["run", "~/a.flow"]).mode, .run([home + "/a.flow"]))
        XCTAssertEqual(try ShellOptions.parse(["--location=replay=~/t.gpx"]).location, try LocationSourceSpec.parse("replay=" + home + "/t.gpx", source: "x"))
    }
}
