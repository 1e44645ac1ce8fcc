import RouteItTestSupport
import XCTest
@testable import routeit

/// Limits with one clear line each, and text from data (file and map names) that cannot reach
/// the terminal as escape sequences.
final class LimitsAndTextTests: XCTestCase {
    private func shell(_ script: String, environment: [String: String] = [:]) throws -> RouteItProcess.Result {
        let routeit = try RouteItProcess.locate().path
        return try RouteItProcess.runCommand("/bin/sh", ["-c", script.replacingOccurrences(of: "ROUTEIT", with: "'\(routeit)'")],
                                             environment: environment)
    }

    func testAWriteOverTheFileSizeLimitIsAnErrorNotSIGXFSZ() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let out = directory.appendingPathComponent("man.txt").path
        // 1 block: the man page is far larger.
        let result = try shell("ulimit -f 1; ROUTEIT --generate man > '\(out)'; echo \"status $?\"")
        XCTAssertTrue(result.stdout.contains("status 1\n"), result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("routeit: the output could not be written"), result.stderr)
    }

    func testAFlowFileThatIsAFIFOIsRefused() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let fifo = directory.appendingPathComponent("replay.flow").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let result = try RouteItProcess.run(["run", fifo], timeout: 60)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "routeit: Cannot read \(fifo): not a regular file.\n")
    }

    func testAHistoryFileThatIsNotARegularFileIsIgnored() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let fifo = directory.appendingPathComponent("history").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertNil(EditLineReader.usableHistory(fifo))
        XCTAssertNil(EditLineReader.usableHistory("/dev/zero"))
        let plain = directory.appendingPathComponent("plain-history").path
        XCTAssertEqual(EditLineReader.usableHistory(plain), plain, "a history not yet written is created")
    }

    func testATerminalClaiming6000By6000GetsTheLargestMap() {
        XCTAssertEqual(TerminalSize.clamped(columns: 6000, rows: 6000), TerminalSize.largest)
        XCTAssertEqual(TerminalSize.clamped(columns: 120, rows: 40), TerminalSize(columns: 120, rows: 40))
    }

    func testAnOverLongLineIsRefusedInOneLineAndTheSessionGoesOn() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let input = directory.appendingPathComponent("input.txt")
        // A line of 1 MB (16 times the limit), then a command that must still run.
        var text = "add " + String(repeating: "x", count: 1 << 20) + "\nunits mi\nshow\n"
        text += "quit\n"
        try Data(text.utf8).write(to: input)
        let result = try shell("ROUTEIT < '\(input.path)'; echo \"status $?\"", environment: ["XDG_STATE_HOME": directory.path])
        XCTAssertTrue(result.stderr.contains(ShellLine.tooLong), result.stderr.prefix(500).description)
        XCTAssertTrue(result.stdout.contains("status 1\n"), result.stdout.suffix(300).description)
        XCTAssertFalse(result.stdout.contains("xxxxxxxx"), "the over-long line was run or echoed")
        XCTAssertTrue(result.stdout.contains("Trip (car, miles)"), "the session did not go on: " + result.stdout.suffix(500))

        let flow = directory.appendingPathComponent("long.flow")
        try Data(("units mi\nadd " + String(repeating: "y", count: 70_000) + "\n").utf8).write(to: flow)
        let replay = try RouteItProcess.run(["run", flow.path], environment: ["XDG_STATE_HOME": directory.path])
        XCTAssertEqual(replay.status, 1)
        XCTAssertTrue(replay.stderr.contains("\(flow.path):2: error: " + ShellLine.tooLong), replay.stderr.prefix(500).description)
        // Its echo names it: the first 200 characters and the count, not all 70 KB.
        let echoed = "> add " + String(repeating: "y", count: ShellLine.echoedCharacters - 4) + "… (70004 characters)\n"
        XCTAssertTrue(replay.stdout.contains(echoed), replay.stdout.prefix(500).description)
        XCTAssertLessThan(replay.stdout.utf8.count, 2_000, replay.stdout.prefix(500).description)
    }

    /// A stream that never ends its line is refused once, and the session ends: not read for ever.
    func testInputThatNeverEndsALineEndsTheSession() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let result = try shell("timeout 60 ROUTEIT < /dev/zero; echo \"status $?\"", environment: ["XDG_STATE_HOME": directory.path])
        XCTAssertTrue(result.stdout.contains("status 1\n"), result.stdout.suffix(300).description)
        XCTAssertEqual(result.stderr.components(separatedBy: ShellLine.tooLong).count, 2, result.stderr.prefix(500).description)
    }

    func testAnAddressSpaceLimitTooSmallForTheRuntimeIsOneLine() throws {
        // 200 MB: enough to load the program, not to run it (a thread or an allocation would fail
        // deep in Foundation or Dispatch: a segfault, or a wait on a thread never made).
        let result = try shell("ulimit -v 204800; ROUTEIT --version; echo \"status $?\"")
        XCTAssertEqual(result.stderr, "routeit: the address-space limit (ulimit -v) is 200 MB; RouteIt needs at least 256 MB. Raise it with ulimit -v.\n")
        XCTAssertTrue(result.stdout.hasSuffix("status 1\n"), result.stdout)
        XCTAssertNil(AddressSpaceLimit.problem(limit: AddressSpaceLimit.unlimited))
    }

    func testATimeoutMustBeDecimal() throws {
        for bad in ["0x10", "inf", "nan"] {
            let result = try RouteItProcess.run(["route", "--timeout", bad, "60.17,24.94", "60.16,24.95"], timeout: 60)
            XCTAssertEqual(result.status, 2, bad)
            XCTAssertTrue(result.stderr.contains("--timeout needs more than 0"), result.stderr)
        }
    }

    func testMapNamesWithEscapesAreShownWithout() throws {
        let home = try TestFiles.temporaryDirectory(for: self)
        let maps = home.appendingPathComponent("routeit/maps")
        try FileManager.default.createDirectory(at: maps, withIntermediateDirectories: true)
        let evil = "evil\u{1B}]0;pwned\u{07}\u{202E}kcab.routeit"
        XCTAssertTrue(FileManager.default.createFile(atPath: maps.appendingPathComponent(evil).path, contents: Data("not a map".utf8)))
        let listed = try RouteItProcess.run(["maps"], environment: ["XDG_DATA_HOME": home.path])
        XCTAssertTrue(listed.stdout.contains("evil"), listed.stdout)
        for text in [listed.stdout, listed.stderr] {
            XCTAssertFalse(text.contains("\u{1B}") || text.contains("\u{07}") || text.contains("\u{202E}"), text.debugDescription)
        }
    }

    func testADirectoryAsTheMapIsOneLine() throws {
        for directory in ["..", "/"] {
            let result = try RouteItProcess.run(["route", "--map", directory, "60.17,24.94", "60.16,24.95"], timeout: 60)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("is neither a RouteIt map nor an OSM file"), result.stderr)
        }
    }
}
