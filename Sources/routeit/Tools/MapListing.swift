import Foundation
import RouteItCore
import RouteItEngine

/// The installed maps as text, for `routeit maps` and the shell's `maps`.
enum MapListing {
    /// A table: name, area, data date, size, modes; `current` (a map's path) is starred.
    static func table(_ maps: [InstalledMap], in directory: URL, current: String? = nil) -> String {
        guard !maps.isEmpty else {
            return "No maps installed in \(directory.path); install one with: routeit maps get REGION, or routeit import FILE.osm.pbf"
        }
        let header = ["NAME", "AREA", "DATA DATE", "SIZE", "MODES"]
        let rows = maps.map { map -> [String] in
            let marker = current.map { samePath($0, map.path) } == true ? "* " : "  "
            let area = map.shortProblem.map { "unusable: \($0)" } ?? map.area?.rangeText ?? "unknown"
            return [marker + map.name, area, map.dataDate.map(day) ?? "unknown", size(map.sizeBytes),
                    map.modes.map(\.rawValue).joined(separator: ", ")]
        }
        let widths = header.indices.map { column in
            ([header[column].count + (column == 0 ? 2 : 0)] + rows.map { TerminalColumns.width($0[column]) }).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell.padded(toColumns: widths[column])
            }.joined(separator: "  ")
        }
        let lines = [line(["  " + header[0]] + header.dropFirst())] + rows.map(line)
        return (lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            + ["Map data \(MapAttribution.text) (ODbL)."]).joined(separator: "\n")
    }

    /// Every fact of one map, a line each.
    static func info(_ map: InstalledMap) -> String {
        var lines = ["Map: \(map.name)", "File: \(map.path)"]
        if let problem = map.problem { lines.append("Unusable: \(problem)") }
        if let area = map.area { lines.append("Area: \(area.rangeText) (\(area.name))") }
        if let source = map.sourceFile { lines.append("Source: \(source)") }
        lines.append("Data date: " + (map.dataDate.map(timestamp).map { "\($0) (from the extract's header)" }
            ?? "unknown (the extract's header has no timestamp)"))
        if let imported = map.importDate { lines.append("Imported: \(timestamp(imported))") }
        lines.append("Size: \(size(map.sizeBytes))")
        lines.append("Modes: " + (map.modes.isEmpty ? "none" : map.modes.map(\.rawValue).joined(separator: ", ")))
        lines.append(MapSchema.attribution)
        return lines.joined(separator: "\n")
    }

    static func size(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes), unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }

    static func day(_ date: Date) -> String { format(date, "yyyy-MM-dd") }
    static func timestamp(_ date: Date) -> String { format(date, "yyyy-MM-dd HH:mm") + " UTC" }

    private static func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    static func samePath(_ a: String, _ b: String) -> Bool {
        URL(fileURLWithPath: a).resolvingSymlinksInPath().path == URL(fileURLWithPath: b).resolvingSymlinksInPath().path
    }
}
