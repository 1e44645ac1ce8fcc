import Foundation
import RouteItEngine
import RouteItScreens

// Compiled together with the shell's own sources (Sources/routeit without main.swift).

/// The shell's parsers and commands: an input is a `.flow` file. Each line goes through the
/// command-line option parser (as words) and is run in a fresh session on a small real map, as
/// `routeit run` does. `export` writes only into the scratch folder.
enum FuzzTarget {
    nonisolated(unsafe) static var options = ShellOptions()

    static func setUp() {
        guard let seed = ProcessInfo.processInfo.environment["ROUTEIT_FUZZ_SHELL_MAP"] else {
            fputs("shell fuzz target: set ROUTEIT_FUZZ_SHELL_MAP to an OSM file for the session's map\n", stderr)
            exit(2)
        }
        let map = FuzzScratch.path("shell.routeit")
        do {
            _ = try MapImporter().importMap(osmFile: seed, to: map)
        } catch {
            fputs("shell fuzz target: cannot import \(seed): \(error)\n", stderr)
            exit(2)
        }
        options.mapPath = map
        setenv("HOME", FuzzScratch.directory.path, 1)
        _ = FileManager.default.changeCurrentDirectoryPath(FuzzScratch.directory.path)
    }

    static let maxLines = 40

    static func run(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        let session = Session.make(options: options, style: TextStyle(usesColour: false))
        for line in text.components(separatedBy: "\n").prefix(maxLines) {
            _ = try? ShellOptions.parse(line.split(whereSeparator: { $0.isWhitespace }).map(String.init))
            guard let parsed = ShellLine.parse(line) else { continue }
            _ = parsed.arguments.text(after: parsed.arguments.count / 2)
            _ = session.completions(before: line, word: parsed.arguments.words.last ?? "")
            if parsed.name == "quit" { break }
            let command = parsed.name == "export" ? sandboxedExport(parsed) : line
            _ = runBlocking { await session.execute(command) }
        }
    }

    /// `export FORMAT FILE` with FILE replaced by a name inside the scratch folder.
    static func sandboxedExport(_ parsed: ShellLine) -> String {
        "export \(parsed.arguments.words.first ?? "") \(FuzzScratch.path("export.out"))"
    }
}
