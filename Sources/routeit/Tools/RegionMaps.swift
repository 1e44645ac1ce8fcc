import Foundation
import RouteItCore
import RouteItEngine
import RouteItRemote

/// `maps get|list-remote|update`, for the one-shot tool and the shell alike: one installer
/// (index, download, MD5, import, install), the same texts. Failures are thrown as one line.
struct RegionMaps {
    let installer: RegionMapInstaller

    /// The installer for `index` (`--index`; nil: ROUTEIT_MAPS_INDEX, else Geofabrik's), with
    /// the maps directory and a download folder beside the map cache, progress on stderr.
    init(index: URL?, environment: [String: String] = ProcessInfo.processInfo.environment,
         cancellation: CancellationFlag? = nil, stop: StopSignal? = nil) throws {
        let library = MapLibrary(environment: environment)
        var indexURL = RegionMapInstaller.defaultIndexURL
        if let index {
            indexURL = index
        } else if let text = environment[RegionMapInstaller.indexEnvironmentKey], !text.isEmpty {
            guard let url = RegionMaps.indexURL(text) else {
                throw InputError("\(RegionMapInstaller.indexEnvironmentKey) must be an http:// or https:// address, not \"\(text)\"")
            }
            indexURL = url
        }
        installer = RegionMapInstaller(
            indexURL: indexURL, mapsDirectory: library.mapsDirectory,
            downloadsDirectory: library.cacheDirectory.deletingLastPathComponent().appendingPathComponent("downloads"),
            progress: DownloadProgressBar(), stop: stop,
            importMap: { osmFile, mapPath in
                let summary = try MapImporter(progress: ImportProgressBar(cancellation: cancellation)).importMap(osmFile: osmFile, to: mapPath)
                printError(String(format: "import: %d nodes, %d ways, %d relations in %.1fs",
                                  summary.nodes, summary.ways, summary.relations, summary.seconds))
            })
    }

    /// An index address `--index` or ROUTEIT_MAPS_INDEX may give.
    static func indexURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }

    /// Where the extracts come from, for the attribution line: `download.geofabrik.de`.
    private var provider: String {
        guard let host = installer.indexURL.host else { return installer.indexURL.absoluteString }
        return installer.indexURL.port.map { "\(host):\($0)" } ?? host
    }

    private var attribution: String { "Map data \(MapAttribution.text) (ODbL), extracts from \(provider)." }

    /// The index's regions whose id, name or ISO code matches `filter`, as a table (installed ones starred).
    func listRemote(filter: String?) throws -> String {
        let index = try installer.fetchIndex()
        let regions = index.matching(filter)
        guard !regions.isEmpty else {
            let close = filter.map { index.suggestions(for: $0).map(\.id) } ?? []
            throw InputError("no region matches \"\(filter ?? "")\" in the index at \(installer.indexURL.absoluteString)"
                             + (close.isEmpty ? "" : "; did you mean " + close.joined(separator: ", ") + "?"))
        }
        // Installed from that region (its source record says so), not a local map of the same name.
        let installed = Set(installer.updatableNames().compactMap { installer.source(ofMap: $0)?.regionID })
        let rows = [["  ID", "NAME", "PARENT"]] + regions.map {
            [(installed.contains($0.id) ? "* " : "  ") + $0.id, $0.name, $0.parent ?? ""]
        }
        let widths = (0..<2).map { column in rows.map { TerminalColumns.width($0[column]) }.max() ?? 0 }
        var lines = rows.map { row in
            (row[0].padded(toColumns: widths[0]) + "  " + row[1].padded(toColumns: widths[1]) + "  " + row[2])
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        lines.append("\(regions.count) region\(regions.count == 1 ? "" : "s") (* installed); routeit maps get ID installs one. \(attribution)")
        return TerminalSafeText.cleanKeepingLayout(lines.joined(separator: "\n"))
    }

    /// Downloads, checks, imports and installs `region`.
    func get(_ region: String, force: Bool) throws -> String {
        let done = try installer.get(region, replacing: force)
        let name = MapLibrary.mapName(ofPath: done.mapPath)
        let resumed = done.resumedFrom > 0 ? ", resumed at \(MapDownloadError.size(done.resumedFrom))" : ""
        return TerminalSafeText.cleanKeepingLayout("""
            Installed the map "\(name)" (\(done.region), \(MapDownloadError.size(done.bytes)) downloaded\(resumed)): \(done.mapPath)
            Use it with --map \(name) or the shell's use \(name). \(attribution)
            """)
    }

    /// What `update` did: a line per map brought up to date (and the attribution), a line per
    /// map that could not be (saying why), and the paths of the maps replaced.
    struct UpdateReport {
        var done: [String] = []
        var failures: [String] = []
        var replaced: [String] = []

        /// Everything, for the shell (which prints a failed command's text on stderr).
        var text: String { (done + failures).joined(separator: "\n") }
    }

    /// Updates the map `name`, or every map fetched with `get`.
    func update(_ name: String?) -> UpdateReport {
        var report = UpdateReport()
        let names = name.map { [$0] } ?? installer.updatableNames()
        guard !names.isEmpty else {
            report.done = ["No installed map was fetched with routeit maps get: nothing to update."]
            return report
        }
        for name in names {
            do {
                switch try installer.update(name) {
                case .upToDate(let source):
                    report.done.append("\(name): up to date (\(source.regionID), fetched \(Self.day(source.fetched))).")
                case .updated(let done):
                    report.done.append("\(name): updated (\(done.region), \(MapDownloadError.size(done.bytes)) downloaded): \(done.mapPath)")
                    report.replaced.append(done.mapPath)
                }
            } catch {
                report.failures.append("\(name): \(UserMessage.sentence(for: error))")
            }
        }
        if !report.done.isEmpty { report.done.append("Map data \(MapAttribution.text) (ODbL).") }
        report.done = report.done.map(TerminalSafeText.cleanKeepingLayout)
        return report
    }

    private static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}
