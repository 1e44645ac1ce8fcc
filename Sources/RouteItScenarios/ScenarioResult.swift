/// What one scenario gave, column by column.
public struct ScenarioResult: Sendable {
    public enum Outcome: String, Sendable, Comparable {
        case pass, unsupported, fail

        /// A column's outcome over its rows: any fail fails it, else any unsupported.
        public static func < (a: Outcome, b: Outcome) -> Bool { a.rank < b.rank }
        private var rank: Int { self == .pass ? 0 : self == .unsupported ? 1 : 2 }
    }

    /// `car`, `foot`, `bicycle`, `guidance`: the folder under features/.
    public var folder: String
    /// `guidance/turn.feature:12`: the scenario's line (an outline's: its Examples row's).
    public var location: String
    public var name: String
    /// The columns the runner compares (`route`, `turns`, …, `forw`, `backw`), and the others as
    /// unsupported.
    public var columns: [String: Outcome] = [:]
    /// `file:line  column: expected … got …` for each failing row cell.
    public var failures: [String] = []
    /// Why the scenario could not be run (a step or input this runner does not implement).
    public var unsupportedReason: String?
    /// The import or the router threw: the scenario fails whatever its columns.
    public var error: String?

    /// Pass: every compared column passed; fail: one failed; unsupported: nothing to compare, or
    /// a compared column needs what RouteIt cannot say.
    public var outcome: Outcome {
        if error != nil { return .fail }
        if unsupportedReason != nil { return .unsupported }
        let compared = columns.filter { ScenarioColumns.compared.contains($0.key) }
        if compared.isEmpty { return .unsupported }
        return compared.values.max() ?? .unsupported
    }

    mutating func record(_ column: String, _ outcome: Outcome) {
        columns[column] = max(columns[column] ?? .pass, outcome)
    }
}

/// Which table columns the runner reads as the query, compares, or cannot compare.
public enum ScenarioColumns {
    /// Compared with what RouteIt gives.
    public static let compared: Set<String> = [
        "route", "turns", "modes", "locations", "time", "distance", "speed", "forw", "backw", "bothw",
    ]
    /// The query itself, or a comment.
    static let inputs: Set<String> = ["from", "to", "waypoints", "#"]
    /// Query options RouteIt's router has no equivalent of: the row cannot be asked as OSRM asks it.
    static func changesTheQuery(_ column: String) -> Bool {
        ["bearings", "approaches", "request", "alternative"].contains(column) || column.hasPrefix("param:")
    }
}
