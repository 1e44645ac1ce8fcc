import XCTest

/// Ctrl-C (SIGINT) while a command computes cancels that command, leaves the trip unchanged and
/// the session goes on. The slow computation is real: the first lookup imports the map.
final class CancellationTests: XCTestCase {
    func testInterruptCancelsTheRunningCommandAndTheSessionGoesOn() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("routeit-cancel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let process = Process()
        process.executableURL = try RouteItProcess.locate()
        process.arguments = ["--map", map]
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = cache.path   // empty cache: `enter` must import first, which takes seconds
        process.environment = env
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let collected = Collected()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue(label: "reader").async {
            collected.data = output.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        DispatchQueue(label: "stderr-drain").async { _ = errors.fileHandleForReading.readDataToEndOfFile() }
        input.fileHandleForWriting.write("type 1 Mannerheimintie 1\nenter 1\n".data(using: .utf8)!)
        Thread.sleep(forTimeInterval: 1.0)
        let interrupted = Date()
        kill(process.processIdentifier, SIGINT)
        Thread.sleep(forTimeInterval: 3.5)
        XCTAssertTrue(process.isRunning, "Ctrl-C during a command must not end the session")
        // The abandoned import may still be running: commands must not wait for it.
        let resumed = Date()
        input.fileHandleForWriting.write("show\nquit\n".data(using: .utf8)!)
        try input.fileHandleForWriting.close()
        if done.wait(timeout: .now() + 60) == .timedOut {
            process.terminate()
            XCTFail("routeit hung after Ctrl-C")
        }
        process.waitUntilExit()
        XCTAssertLessThan(Date().timeIntervalSince(resumed), 6, "show and quit waited for the cancelled work")
        XCTAssertEqual(process.terminationStatus, 0)
        let text = String(decoding: collected.data, as: UTF8.self)
        XCTAssertTrue(text.contains("Cancelled."), text)
        XCTAssertFalse(text.contains("Choose the address"), "a cancelled lookup shows no picker: \(text)")
        XCTAssertTrue(text.hasSuffix("[ ] 1 From:   Mannerheimintie 1\n[ ] 2 Stop 1:\n[ ] 3 Stop 2:\n"), text)
        XCTAssertLessThan(Date().timeIntervalSince(interrupted), 60)
    }

    private final class Collected: @unchecked Sendable { var data = Data() }
}
