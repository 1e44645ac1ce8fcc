import Foundation
import RouteItCore
import RouteItExport

/// Where `export FORMAT FILE [--force]` writes: `~/` is the user's `$HOME`, and an existing
/// file is only replaced with `--force` (an export never silently destroys another file).
struct ExportDestination {
    var path: String
    var force: Bool

    /// `FILE`, `FILE --force` or `--force FILE` (the file name may contain spaces).
    init(arguments text: String) {
        var rest = text.trimmingCharacters(in: .whitespaces)
        var force = false
        if rest.hasSuffix(" --force") || rest == "--force" {
            force = true
            rest = String(rest.dropLast("--force".count)).trimmingCharacters(in: .whitespaces)
        } else if rest.hasPrefix("--force ") {
            force = true
            rest = String(rest.dropFirst("--force ".count)).trimmingCharacters(in: .whitespaces)
        }
        if rest.count >= 2, let first = rest.first, first == rest.last, first == "\"" || first == "'" {
            rest = String(rest.dropFirst().dropLast())
        }
        path = rest
        self.force = force
    }

    /// `~` and `~/...` from `$HOME` (not the password database: a session may run with another
    /// HOME); other paths as given.
    static func expand(_ path: String, home: String? = ProcessEnvironment.value("HOME")) -> String {
        guard let home, !home.isEmpty else { return path }
        if path == "~" { return home }
        if path.hasPrefix("~/") { return (home.hasSuffix("/") ? String(home.dropLast()) : home) + path.dropFirst(1) }
        return path
    }

    /// The file to write, or the one-line reason not to; `resolve` finds it from the path as
    /// typed (`Session.filePath`: beside a `.flow`).
    func url(resolve: (String) -> String = { ExportDestination.expand($0) }) throws -> URL {
        guard !path.isEmpty else { throw InputError("Usage: \(TripMapCommands.exportUsage)") }
        let url = URL(fileURLWithPath: resolve(path))
        // Only a file is replaced (through a link, its target); a FIFO or a device such as
        // /dev/stdout is written into, which destroys nothing (see OutputFile).
        if !force, (try? OutputFile.target(for: url.path, allowingStreams: true))?.kind == .regular {
            throw InputError("\(path) already exists; to replace it: export FORMAT \(path) --force")
        }
        return url
    }
}
