import RouteItCore
/// One of routeit's one-shot tools (`routeit route ...`): how to call it, what it does (a line
/// for lists, a paragraph for `routeit help TOOL` and the man page), and the tool itself, given
/// the parsed command line and its positional arguments. Exit 0 on success, 1 when it found
/// nothing or failed, 2 on bad arguments.
struct Tool: Sendable {
    var name: String
    var synopsis: String
    var summary: String
    var details: String
    var run: @Sendable (ShellOptions, [String]) -> Int32

    /// `routeit route: <message>` on stderr, returning `code`.
    func fail(_ message: String, code: Int32) -> Int32 {
        // Messages may carry a server's or the map's own words: never escape sequences.
        printError("routeit \(name): \(TerminalSafeText.clean(message))")
        return code
    }

    func usageError(_ message: String? = nil) -> Int32 {
        fail((message.map { $0 + "; " } ?? "") + "usage: routeit \(synopsis)", code: 2)
    }
}

/// Every tool, in the order help lists them. To add one, append it here (its options, if new,
/// are one line each in `OptionTable`).
enum ToolTable {
    static let all: [Tool] = [RouteTool.tool, GoTool.tool, TableTool.tool, GeocodeTool.tool, ReverseTool.tool, ImportTool.tool, MapsTool.tool, ServeTool.tool]

    static func tool(named name: String) -> Tool? { all.first { $0.name == name } }
}
