import Foundation

/// A command on a real pseudo-terminal (util-linux `script` provides it), with everything the
/// terminal shows collected by a reader thread while the test types.
final class PseudoTerminal {
    static let script = "/usr/bin/script"
    let process = Process()
    private let input = Pipe()
    private let screenText = ScreenText()
    private let readerDone = DispatchSemaphore(value: 0)

    /// `command` runs through `$SHELL -c`; it should start with `exec` so that the command is
    /// alone in the terminal (dash waits in the same process group and would see a Ctrl-C too).
    init(command: String, environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: Self.script)
        process.arguments = ["-qfec", command, "/dev/null"]
        process.environment = environment
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let screenText = self.screenText, readerDone = self.readerDone
        DispatchQueue(label: "pty-reader").async {
            while true {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                screenText.append(chunk)
            }
            screenText.close()
            readerDone.signal()
        }
    }

    var screen: String { screenText.text }

    func type(_ text: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    /// How much the terminal has shown so far: a mark for `waitUntil(shows:after:)`.
    var mark: Int { screenText.count }

    /// Waits up to 30 s for `text` on the screen (after `mark`, when given); says whether it came.
    @discardableResult
    func waitUntil(shows text: String, after mark: Int = 0) -> Bool {
        screenText.wait(seconds: 30) { $0.dropFirst(mark).contains(text) }
    }

    /// Waits up to 30 s until the terminal, after `mark`, has drawn `prompt` and shows nothing
    /// after it (bar colour codes): the program is reading its next line. Typing ahead of that
    /// would be lost: the line editor sets the terminal up afresh for each line.
    @discardableResult
    func waitUntilIdle(at prompt: String, after mark: Int) -> Bool {
        screenText.wait(seconds: 30) { text in
            let new = text.dropFirst(mark)
            guard new.contains(prompt) else { return false }
            // Trailing escape sequences (colour, erase to end of line) are drawn with the prompt.
            let tail = String(new).replacingOccurrences(of: #"(\x1B\[[0-9;?]*[A-Za-z])+$"#, with: "", options: .regularExpression)
            return tail.hasSuffix(prompt)
        } || ended
    }

    /// Waits up to 30 s for `text` on the screen after the first `marker`; says whether it came.
    @discardableResult
    func waitUntil(shows text: String, following marker: String) -> Bool {
        screenText.wait(seconds: 30) { screen in
            guard let found = screen.range(of: marker) else { return false }
            return screen[found.upperBound...].contains(text)
        }
    }

    /// Whether the terminal has ended (its output closed).
    var ended: Bool { screenText.isClosed }

    /// Waits up to 30 s for the terminal to end; says whether it did.
    @discardableResult
    func waitUntilEnded() -> Bool { screenText.wait(seconds: 30) { _ in false } || ended }

    /// Closes the keyboard and waits for the terminal to end; false (and the process terminated)
    /// when it did not within 20 s.
    func finish() -> Bool {
        try? input.fileHandleForWriting.close()
        let ended = readerDone.wait(timeout: .now() + 20) == .success
        if !ended { process.terminate() }
        process.waitUntilExit()
        return ended
    }

    /// What the terminal showed so far (the reader thread appends, the test reads and waits).
    private final class ScreenText: @unchecked Sendable {
        private let condition = NSCondition()
        private var data = Data()
        private var closed = false
        func append(_ chunk: Data) { condition.withLock { data.append(chunk); condition.broadcast() } }
        func close() { condition.withLock { closed = true; condition.broadcast() } }
        var text: String { condition.withLock { String(decoding: data, as: UTF8.self) } }
        var count: Int { condition.withLock { String(decoding: data, as: UTF8.self).count } }
        var isClosed: Bool { condition.withLock { closed } }

        /// Waits until `check(text)` holds, woken by each new chunk; false when the terminal
        /// ends or `seconds` pass first.
        func wait(seconds: TimeInterval, until check: (String) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            condition.lock()
            defer { condition.unlock() }
            while true {
                if check(String(decoding: data, as: UTF8.self)) { return true }
                if closed || !condition.wait(until: deadline) { return check(String(decoding: data, as: UTF8.self)) }
            }
        }
    }
}
