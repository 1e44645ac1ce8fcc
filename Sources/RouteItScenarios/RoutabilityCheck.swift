import RouteItCore
import RouteItEngine

/// `Then routability should be` (`step_definitions/routability.js`): each row's way routed
/// from its second node to its fourth (forw) and back (backw); routable only when the route
/// starts on that way. A cell is the mode, `x`, a speed `N km/h` or a time `N s`.
struct RoutabilityCheck {
    let router: ScenarioRouter
    let map: ScenarioMap
    let file: String

    private struct Direction: Equatable {
        var routable = false
        var time: Double?
        var speed: Int?
        var mode: String?
    }

    func run(_ table: GherkinTable, into result: inout ScenarioResult) throws {
        for (ri, (row, line)) in zip(table.hashes, table.lines.dropFirst()).enumerated() {
            let a = map.grid.offset(cellsX: Double(1 + ScenarioMap.waySpacing * ri), cellsY: 0)
            let b = map.grid.offset(cellsX: Double(3 + ScenarioMap.waySpacing * ri), cellsY: 0)
            let pa = Coordinate(latitude: a.latitude, longitude: a.longitude)
            let pb = Coordinate(latitude: b.latitude, longitude: b.longitude)
            let forw = try direction(pa, pb, way: "w\(ri)"), backw = try direction(pb, pa, way: "w\(ri)")
            for column in table.header {
                switch column {
                case "forw", "backw", "bothw":
                    let want = row[column] ?? ""
                    let got: String
                    if column == "bothw" {
                        // Each value the same both ways, else `diff`.
                        let f = cell(forw, want: want), b = cell(backw, want: want)
                        got = f == b ? f : "diff"
                    } else {
                        got = cell(column == "forw" ? forw : backw, want: want)
                    }
                    if FuzzyMatch.match(got, want) {
                        result.record(column, .pass)
                    } else {
                        result.record(column, .fail)
                        result.failures.append("\(file):\(line)  \(column): expected \(want.isEmpty ? "(none)" : want)  got \(got.isEmpty ? "(none)" : got)")
                    }
                case _ where column.hasSuffix("_rate"):
                    result.record(column, .unsupported)
                default:
                    continue
                }
            }
        }
    }

    private func cell(_ d: Direction, want: String) -> String {
        if want.isEmpty { return d.routable ? (d.mode ?? "") : "" }
        if want == "x" { return d.routable ? "x" : "" }
        if want.range(of: #"^[\d.]+ s"#, options: .regularExpression) != nil {
            return d.routable ? d.time.map { "\(OSRMStepStrings.js($0)) s" } ?? "" : ""
        }
        if want.range(of: #"^\d+ km/h"#, options: .regularExpression) != nil {
            return d.routable ? d.speed.map { "\($0) km/h" } ?? "" : ""
        }
        return d.routable ? (d.mode ?? "") : ""
    }

    private func direction(_ from: Coordinate, _ to: Coordinate, way: String) throws -> Direction {
        guard let strings = try router.route([from, to]) else { return Direction() }
        guard strings.steps.first?.name == way else { return Direction() }
        var d = Direction(routable: true)
        d.time = strings.duration
        // routability.js truncates the speed (parseInt), where the route table rounds it.
        d.speed = strings.duration > 0 ? Int(3.6 * strings.distance / strings.duration) : nil
        d.mode = strings.steps.first?.mode
        return d
    }
}
