/// A feature file as cucumber reads it: each scenario with the Background's steps first, and a
/// Scenario Outline already expanded into one scenario per row of its Examples.
public struct GherkinFeature: Sendable {
    public var path: String
    public var name: String
    public var scenarios: [GherkinScenario]
}

public struct GherkinScenario: Sendable {
    public var name: String
    /// The `Scenario:` line, or for an outline the line of its Examples row.
    public var line: Int
    public var steps: [GherkinStep]
    /// The feature's, the scenario's and (for an outline) its Examples' `@tags`.
    public var tags: [String] = []
}

public struct GherkinStep: Sendable {
    /// `Given`, `When`, `Then`, `And` or `But`.
    public var keyword: String
    /// The text after the keyword.
    public var text: String
    public var line: Int
    public var table: GherkinTable?
    /// A `"""` block, its indentation removed as far as the opening quotes'.
    public var docString: String?
}

/// A step's `| a | b |` table: the header row first.
public struct GherkinTable: Sendable {
    public var rows: [[String]]
    public var lines: [Int]

    public var header: [String] { rows.first ?? [] }

    /// Every row after the header as a column → cell dictionary (cucumber's `hashes()`).
    public var hashes: [[String: String]] {
        rows.dropFirst().map { row in
            var hash: [String: String] = [:]
            for (key, value) in zip(header, row) { hash[key] = value }
            return hash
        }
    }
}
