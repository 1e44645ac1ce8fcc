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
            readerDone.signal()
        }
    }

    var screen: String { screenText.text }

    func type(_ text: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    /// Waits up to 30 s for `text` on the screen; says whether it came.
    @discardableResult
    func waitUntil(shows text: String) -> Bool {
        let started = Date()
        while !screen.contains(text) && Date().timeIntervalSince(started) < 30 {
            Thread.sleep(forTimeInterval: 0.05)
        }
        return screen.contains(text)
    }

    /// Closes the keyboard and waits for the terminal to end; false (and the process terminated)
    /// when it did not within 20 s.
    func finish() -> Bool {
        try? input.fileHandleForWriting.close()
        let ended = readerDone.wait(timeout: .now() + 20) == .success
        if !ended { process.terminate() }
        process.waitUntilExit()
        return ended
    }

    /// What the terminal showed so far (the reader thread appends, the test reads).
    private final class ScreenText: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    }
}
