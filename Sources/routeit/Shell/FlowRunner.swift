import Foundation
import RouteItCore
import RouteItScreens

/// `routeit run FILE.flow...`: replays each file in a fresh session, printing every command
/// (`> line`) and its output (errors and alerts on stderr). `expect TEXT` / `expect-not TEXT`
/// check the last output. A failed expect, or a command that fails (an unknown command, bad
/// input, an alert) without an `expect` or `expect-not` right after it to check the failure, stops the run with
/// `FILE:LINE: message` on stderr and exit status 1; with `--keep-going` the run goes on to the
/// end and still exits 1.
enum FlowRunner {
    /// A replay is a script typed by a person: 8 MB is far beyond any, and bounds the memory.
    static let maxFlowBytes = 8 << 20

    static func run(files: [String], options: ShellOptions) -> Int32 {
        let runner = CommandRunner()
        runner.onIdleInterrupt = { exit(130) }
        var failed = false
        for file in files {
            let contents: String
            do {
                guard let text = String(data: try BoundedFile.read(file, limit: maxFlowBytes), encoding: .utf8) else {
                    printError("routeit: \(file) is not UTF-8 text")
                    return 2
                }
                contents = text
            } catch {
                printError("routeit: \(error)")
                return 2
            }
            let session = Session.make(options: options, style: TextStyle.detect())
            session.flowDirectory = (file as NSString).deletingLastPathComponent
            var lastOutput = ""
            /// A failed command not (yet) checked by an expect: where, and what it said.
            var unchecked: (location: String, message: String)?
            /// Reports a failure; true when the run must stop.
            func fail(_ message: String) -> Bool {
                printError(message)
                failed = true
                return !options.keepGoing
            }
            let lines = Self.lines(of: contents)
            /// A file with expect lines of which none ran (all hidden in one line that was not
            /// split, say) must not pass without checking anything. (Lines after `quit` not
            /// running is by design.)
            let checksInFile = lines.filter { Self.isCheck(ShellLine.parse($0)?.name) }.count
            var checksRun = 0
            for (index, line) in lines.enumerated() {
                guard let parsed = ShellLine.parse(line) else { continue }
                let location = "\(file):\(index + 1)"
                let isCheck = Self.isCheck(parsed.name)
                if !isCheck, let pending = unchecked {
                    unchecked = nil
                    if fail("\(pending.location): \(pending.message)") { return 1 }
                }
                print(ShellLine.echo(line))
                if isCheck {
                    unchecked = nil
                    checksRun += 1
                    let needle = parsed.arguments.text(after: 0)
                    guard !needle.isEmpty else {
                        if fail("\(location): \(parsed.name) needs TEXT") { return 1 }
                        continue
                    }
                    let found = withoutANSI(lastOutput).contains(needle)
                    if parsed.name == "expect" && !found {
                        if fail("\(location): expected \"\(needle)\"\nlast output:\n\(lastOutput)") { return 1 }
                    }
                    if parsed.name == "expect-not" && found {
                        if fail("\(location): expected no \"\(needle)\"\nlast output:\n\(lastOutput)") { return 1 }
                    }
                    continue
                }
                let output = runner.run(line, in: session)
                Repl.show(output)
                lastOutput = output.text
                if runner.lastRunWasInterrupted { return 130 }
                if output.failed { unchecked = (location, failureLine(output.text)) }
                if output.quits { break }
            }
            if let pending = unchecked, fail("\(pending.location): \(pending.message)") { return 1 }
            if checksInFile > 0, checksRun == 0, fail("\(file): none of its \(checksInFile) expect lines ran") { return 1 }
        }
        return failed ? 1 : 0
    }

    static func isCheck(_ name: String?) -> Bool { name == "expect" || name == "expect-not" }

    /// What a failed command said, for `FILE:LINE:`: its alert (`! …`) where it wrote other
    /// lines first (a `go` that followed for a while before gpsd went away), else its first line.
    static func failureLine(_ text: String) -> String {
        let lines = withoutANSI(text).components(separatedBy: "\n")
        return lines.first { $0.hasPrefix("! ") } ?? lines.first ?? ""
    }

    /// The file's lines, whatever ends them: LF, CRLF, a lone CR (old Mac files) or another
    /// Unicode line break. (Splitting a Swift String on "\n" keeps "\r\n", one Character,
    /// whole; a file split on fewer breaks than it has would be one command, its expects unrun.)
    static func lines(of contents: String) -> [String] {
        contents.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
    }

    /// Colour codes are not part of the text an `expect` looks for.
    static func withoutANSI(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }
}
