import Foundation
import XCTest

/// A running `routeit` shell fed line by line, whose output is collected as it comes, so a test
/// can wait for a screen before it acts (e.g. before sending Ctrl-C).
final class LiveShell: @unchecked Sendable {
    let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private let lock = NSCondition()
    private var text = "", errorText = ""

    init(arguments: [String], environment: [String: String] = [:]) throws {
        RouteItProcess.ignoreBrokenPipes()
        process.executableURL = try RouteItProcess.locate()
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock { self.text += String(decoding: data, as: UTF8.self); self.lock.broadcast() }
        }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock { self.errorText += String(decoding: data, as: UTF8.self); self.lock.broadcast() }
        }
        try process.run()
    }

    var stdout: String { lock.withLock { text } }
    var stderr: String { lock.withLock { errorText } }

    /// A shell that already exited cannot take input: the write fails instead of raising SIGPIPE.
    func send(_ lines: String) { try? input.fileHandleForWriting.write(contentsOf: Data((lines + "\n").utf8)) }

    /// Waits until `check(stdout, stderr)` holds, woken by each new output; false after `seconds`.
    private func wait(seconds: TimeInterval, until check: (String, String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while !check(text, errorText) {
            if !lock.wait(until: deadline) { return check(text, errorText) }
        }
        return true
    }

    /// Waits until `marker` has appeared `count` times; false on timeout.
    func wait(for marker: String, count: Int, seconds: TimeInterval = 180) -> Bool {
        wait(seconds: seconds) { out, _ in out.components(separatedBy: marker).count - 1 >= count }
    }

    /// Waits until stdout or stderr shows `marker`; false on timeout.
    func waitForEither(_ marker: String, seconds: TimeInterval = 30) -> Bool {
        wait(seconds: seconds) { out, err in out.contains(marker) || err.contains(marker) }
    }

    /// Waits until stderr shows `marker`; false on timeout.
    func waitForStderr(_ marker: String, seconds: TimeInterval = 30) -> Bool {
        wait(seconds: seconds) { _, err in err.contains(marker) }
    }

    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
    }
}
