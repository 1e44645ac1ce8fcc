import Foundation

/// The runner's summary: per folder, scenarios passed / failed / unsupported, then per column.
public enum ScenarioReport {
    public static let folders = ["car", "foot", "bicycle", "guidance"]

    public static func table(_ results: [ScenarioResult]) -> String {
        var lines = [row("folder", "scenarios", "pass", "fail", "unsupported", "pass of supported")]
        for folder in folders + ["all", "routability"] {
            // `routability`: the scenarios with a `routability should be` table, of any folder.
            let rs = folder == "all" ? results
                : folder == "routability" ? results.filter { r in ["forw", "backw", "bothw"].contains { r.columns[$0] != nil } }
                : results.filter { $0.folder == folder }
            if rs.isEmpty { continue }
            let pass = rs.filter { $0.outcome == .pass }.count, fail = rs.filter { $0.outcome == .fail }.count
            lines.append(row(folder, "\(rs.count)", "\(pass)", "\(fail)", "\(rs.count - pass - fail)", percent(pass, pass + fail)))
        }
        lines.append("")
        lines.append(row("column", "folder", "pass", "fail", "unsupported", "pass of supported"))
        let columns = Set(results.flatMap(\.columns.keys)).sorted { a, b in
            let ca = ScenarioColumns.compared.contains(a), cb = ScenarioColumns.compared.contains(b)
            return ca != cb ? ca : a < b
        }
        for column in columns {
            for folder in folders {
                let outcomes = results.filter { $0.folder == folder && $0.unsupportedReason == nil }.compactMap { $0.columns[column] }
                if outcomes.isEmpty { continue }
                let pass = outcomes.filter { $0 == .pass }.count, fail = outcomes.filter { $0 == .fail }.count
                lines.append(row(column, folder, "\(pass)", "\(fail)", "\(outcomes.count - pass - fail)", percent(pass, pass + fail)))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Why scenarios were not run, most common first.
    public static func unsupportedReasons(_ results: [ScenarioResult]) -> String {
        var counts: [String: Int] = [:]
        for r in results { if let why = r.unsupportedReason { counts[why, default: 0] += 1 } }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\(String($0.value).leftPadded(5))  \($0.key)" }.joined(separator: "\n")
    }

    private static func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "-" : "\(Int((100 * Double(part) / Double(whole)).rounded())) %"
    }

    private static func row(_ cells: String...) -> String {
        cells.enumerated().map { i, c in i == 0 ? c.padding(toLength: 16, withPad: " ", startingAt: 0) : c.leftPadded(i == 5 ? 19 : 12) }
            .joined()
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
