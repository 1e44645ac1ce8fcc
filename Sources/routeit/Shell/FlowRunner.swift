import Foundation
import RouteItScreens

/// `routeit run FILE.flow...`: replays each file in a fresh session, printing every command
/// (`> line`) and its output. `expect TEXT` / `expect-not TEXT` check the last output; the first
/// failure stops the run with `FILE:LINE: expected "TEXT"` on stderr and exit status 1.
enum FlowRunner {
    static func run(files: [String], options: ShellOptions) -> Int32 {
        let runner = CommandRunner()
        runner.onIdleInterrupt = { exit(130) }
        for file in files {
            guard let contents = try? String(contentsOfFile: file, encoding: .utf8) else {
                printError("routeit: cannot read \(file)")
                return 2
            }
            let session = Session.make(options: options, style: TextStyle.detect())
            var lastOutput = ""
            for (index, rawLine) in contents.components(separatedBy: "\n").enumerated() {
                let line = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : rawLine
                guard let parsed = ShellLine.parse(line) else { continue }
                let location = "\(file):\(index + 1)"
                print("> \(line.trimmingCharacters(in: .whitespaces))")
                if parsed.name == "expect" || parsed.name == "expect-not" {
                    let needle = parsed.arguments.text(after: 0)
                    guard !needle.isEmpty else {
                        printError("\(location): \(parsed.name) needs TEXT")
                        return 1
                    }
                    let found = withoutANSI(lastOutput).contains(needle)
                    if parsed.name == "expect" && !found {
                        printError("\(location): expected \"\(needle)\"\nlast output:\n\(lastOutput)")
                        return 1
                    }
                    if parsed.name == "expect-not" && found {
                        printError("\(location): expected no \"\(needle)\"\nlast output:\n\(lastOutput)")
                        return 1
                    }
                    continue
                }
                let output = runner.run(line, in: session)
                if !output.text.isEmpty { print(output.text) }
                lastOutput = output.text
                if runner.lastRunWasInterrupted { return 130 }
                if output.quits { return 0 }
            }
        }
        return 0
    }

    /// Colour codes are not part of the text an `expect` looks for.
    static func withoutANSI(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write((message + "\n").data(using: .utf8)!)
}
