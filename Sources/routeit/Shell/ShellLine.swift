import Foundation
import RouteItCore

/// One line of shell input split into a command name and its arguments; a line starting with `#`
/// is a comment. Arguments keep their raw text too, for `type SLOT TEXT`.
struct ShellLine {
    var name: String
    var arguments: CommandArguments

    /// A command is typed or scripted by a person: 64 KB holds 200 stops' worth of text many
    /// times over, and bounds what one line can cost (a 200 MB line once took 1.2 GB).
    static let maxBytes = 64 << 10
    static let tooLong = "The line is longer than 64 KB, the most one command can be; it was not run."

    /// How much of a line `> line` echoes: a replayed line refused as too long (5 MB) once
    /// flooded the terminal or CI log it was echoed to.
    static let echoedCharacters = 200

    /// The line as echoed before its output (`> add Annankatu 25`): at most `echoedCharacters`,
    /// then `… (5000007 characters)`, so a refused over-long line is named, not printed whole.
    static func echo(_ line: String) -> String {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.utf8.count > echoedCharacters else { return "> " + text }
        let count = text.count
        guard count > echoedCharacters else { return "> " + text }
        return "> " + text.prefix(echoedCharacters) + "… (\(count) characters)"
    }

    /// A control, escape or bidi character in a typed or replayed line: no command takes one, and
    /// kept in a stop's text it reached the terminal (`ESC[31m` coloured the rest of the screen).
    /// Tabs are spaces between words.
    static func controlCharacter(in line: String) -> String? {
        guard let found = line.unicodeScalars.first(where: { TerminalSafeText.isControl($0) && $0 != "\t" }) else { return nil }
        let code = String(found.value, radix: 16, uppercase: true)
        return "The line holds a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)), which no command takes; it was not run."
    }

    /// nil for a blank or comment-only line.
    static func parse(_ line: String) -> ShellLine? {
        let text = stripComment(line).trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        let name = String(text.prefix { !$0.isWhitespace })
        let rest = text.dropFirst(name.count).drop { $0.isWhitespace }
        return ShellLine(name: name.lowercased(), arguments: CommandArguments(String(rest)))
    }

    /// A line whose first non-blank character is `#` is a comment. (Only there: `#` is also
    /// text, as in `expect SEGMENT #1`.)
    static func stripComment(_ line: String) -> String {
        line.drop { $0.isWhitespace }.first == "#" ? "" : line
    }
}

/// What follows the command name: whitespace-separated words, plus the raw remainder.
struct CommandArguments {
    let raw: String
    let words: [String]

    init(_ raw: String) {
        self.raw = raw
        words = raw.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    var count: Int { words.count }

    /// Everything after the first `n` words, as typed (quotes around it removed).
    func text(after n: Int) -> String {
        var rest = Substring(raw)
        for _ in 0..<n {
            rest = rest.drop { $0.isWhitespace }
            rest = rest.drop { !$0.isWhitespace }
        }
        var text = rest.trimmingCharacters(in: .whitespaces)
        if text.count >= 2, let first = text.first, first == text.last, first == "\"" || first == "'" {
            text = String(text.dropFirst().dropLast())
        }
        return text
    }
}
