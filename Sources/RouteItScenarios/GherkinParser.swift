import Foundation

/// Reads the Gherkin OSRM's features use: Feature, Background, Scenario, Scenario Outline with
/// Examples, steps with a table or a doc string, `@tags` and `#` comments.
public enum GherkinParser {
    public struct SyntaxError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func parse(_ text: String, path: String) throws -> GherkinFeature {
        var parser = LineParser(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), path: path)
        return try parser.feature()
    }

    /// Cucumber's cell escapes: `\|`, `\\` and `\n`.
    static func cells(_ line: String) -> [String] {
        var cells: [String] = [], current = "", escaped = false
        for ch in line.trimmingCharacters(in: .whitespaces).dropFirst() {
            if escaped {
                current.append(ch == "n" ? "\n" : ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else if ch == "|" {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(ch)
            }
        }
        return cells
    }
}

/// The parser's position in the file.
private struct LineParser {
    let lines: [String]
    let path: String
    var index = 0
    /// `@tags` read since the last header, for the header that follows them.
    var pendingTags: [String] = []

    init(lines: [String], path: String) {
        self.lines = lines
        self.path = path
    }

    private var current: String { lines[index].trimmingCharacters(in: .whitespaces) }

    private func isBlankOrComment(_ line: String) -> Bool { line.isEmpty || line.hasPrefix("#") || line.hasPrefix("@") }

    /// Skips blank lines and comments, keeping the tags of tag lines for the next header.
    private mutating func skipBlank() -> Bool {
        let line = current
        guard isBlankOrComment(line) else { return false }
        if line.hasPrefix("@") {
            pendingTags += line.split(separator: " ").prefix { !$0.hasPrefix("#") }.map(String.init).filter { $0.hasPrefix("@") }
        }
        index += 1
        return true
    }

    private mutating func takeTags() -> [String] {
        defer { pendingTags = [] }
        return pendingTags
    }

    mutating func feature() throws -> GherkinFeature {
        var name = "", background: [GherkinStep] = [], scenarios: [GherkinScenario] = [], featureTags: [String] = []
        while index < lines.count {
            let line = current
            if skipBlank() {
                continue
            } else if line.hasPrefix("Feature:") {
                featureTags = takeTags()
                name = String(line.dropFirst("Feature:".count)).trimmingCharacters(in: .whitespaces)
                index += 1
            } else if line.hasPrefix("Background:") {
                // Gherkin allows one Background, before the scenarios: cucumber rejects the file.
                if !scenarios.isEmpty {
                    throw GherkinParser.SyntaxError(description: "\(path):\(index + 1): a Background after a Scenario (cucumber does not parse the file)")
                }
                index += 1
                background = try steps()
            } else if line.hasPrefix("Scenario Outline:") || line.hasPrefix("Scenario Template:") {
                let title = String(line.drop { $0 != ":" }.dropFirst()).trimmingCharacters(in: .whitespaces)
                let start = index + 1
                let tags = featureTags + takeTags()
                index += 1
                let template = try steps()
                scenarios += try examples(title: title, outlineLine: start, template: template, background: background)
                    .map { var s = $0; s.tags = tags + s.tags; return s }
            } else if line.hasPrefix("Scenario:") || line.hasPrefix("Example:") {
                let title = String(line.drop { $0 != ":" }.dropFirst()).trimmingCharacters(in: .whitespaces)
                let start = index + 1
                let tags = featureTags + takeTags()
                index += 1
                scenarios.append(GherkinScenario(name: title, line: start, steps: background + (try steps()), tags: tags))
            } else if line.hasPrefix("Rule:") {
                index += 1
            } else {
                // Free text under the Feature line (its description).
                index += 1
            }
        }
        return GherkinFeature(path: path, name: name, scenarios: scenarios)
    }

    private static let keywords = ["Given ", "When ", "Then ", "And ", "But ", "* "]

    /// Steps up to the next section header.
    mutating func steps() throws -> [GherkinStep] {
        var steps: [GherkinStep] = []
        while index < lines.count {
            let line = current
            if line.hasPrefix("@") { break }
            if isBlankOrComment(line) { index += 1; continue }
            guard let keyword = Self.keywords.first(where: { line.hasPrefix($0) }) else { break }
            var step = GherkinStep(keyword: keyword.trimmingCharacters(in: .whitespaces),
                                   text: String(line.dropFirst(keyword.count)).trimmingCharacters(in: .whitespaces),
                                   line: index + 1)
            index += 1
            while index < lines.count, current.isEmpty || current.hasPrefix("#") { index += 1 }
            if index < lines.count, current.hasPrefix("|") {
                step.table = table()
            } else if index < lines.count, current.hasPrefix("\"\"\"") || current.hasPrefix("```") {
                step.docString = try docString()
            }
            steps.append(step)
        }
        return steps
    }

    mutating func table() -> GherkinTable {
        var rows: [[String]] = [], numbers: [Int] = []
        while index < lines.count {
            let line = current
            if line.hasPrefix("#") { index += 1; continue }
            guard line.hasPrefix("|") else { break }
            rows.append(GherkinParser.cells(line))
            numbers.append(index + 1)
            index += 1
        }
        return GherkinTable(rows: rows, lines: numbers)
    }

    mutating func docString() throws -> String {
        let opening = lines[index]
        let indent = opening.prefix { $0 == " " || $0 == "\t" }.count
        let fence = String(current.prefix(3))
        let start = index + 1
        index += 1
        var body: [String] = []
        while index < lines.count {
            if current == fence {
                index += 1
                return body.joined(separator: "\n")
            }
            var line = Substring(lines[index])
            var dropped = 0
            while dropped < indent, let first = line.first, first == " " || first == "\t" {
                line = line.dropFirst()
                dropped += 1
            }
            body.append(String(line))
            index += 1
        }
        throw GherkinParser.SyntaxError(description: "\(path):\(start): a doc string is not closed")
    }

    /// One scenario per Examples row, `<column>` replaced by the row's cell everywhere.
    mutating func examples(title: String, outlineLine: Int, template: [GherkinStep],
                           background: [GherkinStep]) throws -> [GherkinScenario] {
        var scenarios: [GherkinScenario] = []
        while index < lines.count {
            let line = current
            if skipBlank() { continue }
            guard line.hasPrefix("Examples:") || line.hasPrefix("Scenarios:") else { break }
            let exampleTags = takeTags()
            index += 1
            while index < lines.count, isBlankOrComment(current) { index += 1 }
            let examples = table()
            for (row, rowLine) in zip(examples.rows.dropFirst(), examples.lines.dropFirst()) {
                let values = Dictionary(zip(examples.header, row), uniquingKeysWith: { a, _ in a })
                func fill(_ s: String) -> String {
                    values.reduce(s) { $0.replacingOccurrences(of: "<\($1.key)>", with: $1.value) }
                }
                let steps = template.map { step -> GherkinStep in
                    var filled = step
                    filled.text = fill(step.text)
                    filled.docString = step.docString.map(fill)
                    if var t = step.table {
                        t.rows = t.rows.map { $0.map(fill) }
                        filled.table = t
                    }
                    return filled
                }
                scenarios.append(GherkinScenario(name: fill(title), line: rowLine, steps: background + steps, tags: exampleTags))
            }
        }
        if scenarios.isEmpty {
            throw GherkinParser.SyntaxError(description: "\(path):\(outlineLine - 1): a Scenario Outline has no Examples rows")
        }
        return scenarios
    }
}
