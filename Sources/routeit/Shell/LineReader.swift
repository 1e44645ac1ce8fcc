import Foundation

/// Where the shell's lines come from: libedit on a terminal, plain stdin otherwise.
protocol LineReader {
    /// The next line, or nil at end of input (Ctrl-D).
    func readLine(prompt: String) -> String?
}

/// Lines from a pipe or file: no prompt, no editing, no history.
struct PlainLineReader: LineReader {
    func readLine(prompt: String) -> String? {
        Swift.readLine(strippingNewline: true)
    }
}
