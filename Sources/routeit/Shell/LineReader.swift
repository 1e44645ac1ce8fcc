import Foundation

/// Where the shell's lines come from: libedit on a terminal, plain stdin otherwise.
protocol LineReader {
    /// The next line, or nil at end of input (Ctrl-D).
    func readLine(prompt: String) -> String?
}

/// Lines from a pipe or file: no prompt, no editing, no history. Reads through its own buffer and
/// keeps at most one byte past `ShellLine.maxBytes` of a line (the rest is read and dropped), so a
/// line of any length costs bounded memory and is refused as too long, not held whole. A line
/// that runs on for `maxSkipped` bytes more without ending (`routeit < /dev/zero`) ends the
/// input there, refused as too long, instead of being read for ever.
final class PlainLineReader: LineReader {
    private let fileDescriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 64 << 10)
    private var start = 0
    private var end = 0
    /// Past the longest line, how much more is read looking for its end.
    static let maxSkipped = 16 << 20
    private var gaveUp = false

    init(fileDescriptor: Int32 = STDIN_FILENO) {
        self.fileDescriptor = fileDescriptor
    }

    func readLine(prompt: String) -> String? {
        guard !gaveUp else { return nil }
        var line: [UInt8] = []
        var readAnything = false
        var skipped = 0
        while true {
            if start == end {
                guard refill() else { return readAnything ? Self.text(line) : nil }
            }
            readAnything = true
            let chunk = buffer[start..<end]
            let newline = chunk.firstIndex(of: 10)
            let taken = chunk[start..<(newline ?? end)]
            let room = ShellLine.maxBytes + 1 - line.count
            if room > 0 { line.append(contentsOf: taken.prefix(room)) }
            skipped += max(0, taken.count - max(0, room))
            if let newline {
                start = newline + 1
                return Self.text(line)
            }
            start = end
            if skipped > Self.maxSkipped {
                gaveUp = true
                return Self.text(line)
            }
        }
    }

    /// false at end of input (or a read error, which ends the session the same way).
    private func refill() -> Bool {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            start = 0
            end = count
            return true
        }
    }

    /// A CRLF line loses its CR, as Swift's readLine drops it.
    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.last == 13 ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }
}
