import XCTest

/// A write that fails (stdout or stderr closed, or on a full disk) is an error: a non-zero exit
/// status, never a trap and never a silent success.
final class OutputFailureTests: XCTestCase {
    /// routeit through `sh -c` with `redirect` applied, e.g. `>/dev/full` or `2>&-`.
    private func run(_ arguments: String, _ redirect: String) throws -> (status: Int32, signalled: Bool, stderr: String) {
        let routeit = try RouteItProcess.locate().path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec '\(routeit)' \(arguments) \(redirect)"]
        let err = Pipe()
        if !redirect.contains("2>") { process.standardError = err } else { process.standardError = FileHandle.nullDevice }
        process.standardOutput = redirect.contains("2>") ? FileHandle.nullDevice : nil
        try process.run()
        let text = redirect.contains("2>") ? Data() : err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, String(decoding: text, as: UTF8.self))
    }

    func testStdoutOnAFullDiskFails() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        let result = try run("help route", ">/dev/full")
        XCTAssertFalse(result.signalled)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("routeit: the output could not be written"), result.stderr)
    }

    func testClosedStdoutFails() throws {
        let result = try run("--version", ">&-")
        XCTAssertFalse(result.signalled)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("standard output is closed"), result.stderr)
    }

    func testStderrOnAFullDiskOrClosedIsNoTrap() throws {
        for redirect in ["2>/dev/full", "2>&-"] {
            // A bad option: its one line goes to stderr, which cannot take it.
            let bad = try run("route --timeout 5x", redirect)
            XCTAssertFalse(bad.signalled, redirect)
            XCTAssertEqual(bad.status, 2, redirect)
            // A success whose stderr never fails (nothing written there) stays a success.
            let fine = try run("--version", redirect)
            XCTAssertFalse(fine.signalled, redirect)
            XCTAssertEqual(fine.status, 0, redirect)
        }
    }
}
