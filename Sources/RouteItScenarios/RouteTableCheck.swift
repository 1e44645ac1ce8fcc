import RouteItCore
import RouteItEngine

/// `When I route I should get`: each row routed from → to (or through its waypoints) and its
/// columns compared as `shared_steps.js` compares them.
struct RouteTableCheck {
    let router: ScenarioRouter
    /// Whether cells needing what RouteIt's steps cannot say are `unsupported`.
    let checksExpressibility: Bool
    let map: ScenarioMap
    let file: String

    func run(_ table: GherkinTable, into result: inout ScenarioResult) throws {
        if let column = table.header.first(where: ScenarioColumns.changesTheQuery) {
            let used = table.hashes.contains { !($0[column] ?? "").isEmpty }
            if used || column == "request" { throw ScenarioError.unsupported("column \(column)") }
        }
        for (row, line) in zip(table.hashes, table.lines.dropFirst()) {
            let names: [String]
            if let from = row["from"], let to = row["to"], !from.isEmpty, !to.isEmpty {
                names = [from, to]
            } else if let waypoints = row["waypoints"], !waypoints.isEmpty {
                names = waypoints.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            } else {
                throw ScenarioError.invalid("no waypoints on line \(line)")
            }
            let points = try names.map { name -> Coordinate in
                guard let p = map.point(named: name) else { throw ScenarioError.invalid("unknown node \(name)") }
                return Coordinate(latitude: p.latitude, longitude: p.longitude)
            }
            let got = try router.route(points)
            for column in table.header where !ScenarioColumns.inputs.contains(column) && !ScenarioColumns.changesTheQuery(column) {
                let want = row[column] ?? ""
                guard ScenarioColumns.compared.contains(column) else {
                    result.record(column, .unsupported)
                    continue
                }
                if checksExpressibility, let reason = unsupported(column, want) {
                    result.record(column, .unsupported)
                    result.failures.append("\(file):\(line)  \(column): unsupported (\(reason))")
                    continue
                }
                let value = got.map { cell(column, $0, want: want) } ?? ""
                if FuzzyMatch.match(value, want) {
                    result.record(column, .pass)
                } else {
                    result.record(column, .fail)
                    result.failures.append("\(file):\(line)  \(column): expected \(want.isEmpty ? "(none)" : want)  got \(value.isEmpty ? "(none)" : value)")
                }
            }
        }
    }

    private func cell(_ column: String, _ s: OSRMStepStrings, want: String) -> String {
        switch column {
        case "route": return s.route
        case "turns": return s.turns
        case "modes": return s.modes
        case "locations": return s.locations(in: map)
        case "time": return s.time
        case "distance": return want.isEmpty ? "" : s.distanceText
        case "speed": return want.isEmpty ? "" : s.speed
        default: return ""
        }
    }

    /// Why an expected cell asks for what RouteIt's steps cannot say (nil: it can be compared).
    private func unsupported(_ column: String, _ want: String) -> String? {
        if want.hasPrefix("/") { return nil }
        switch column {
        case "turns":
            for item in want.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if item.isEmpty || item == "depart" || item == "arrive" { continue }
                // Roundabouts and rotaries (`NAME-exit-N`) say their exit.
                if item.contains("-exit-") { continue }
                var type = item
                // A roundabout turn's exit: `roundabout turn left exit-3`.
                if let exit = type.range(of: " exit-", options: .backwards) { type = String(type[..<exit.lowerBound]) }
                for modifier in ["uturn", "sharp right", "slight right", "right", "straight", "sharp left", "slight left", "left"]
                where type.hasSuffix(" " + modifier) {
                    type = String(type.dropLast(modifier.count + 1))
                    break
                }
                if !OSRMManeuverNames.expressibleTypes.contains(type) { return "no step type \(type)" }
            }
        case "modes":
            for item in want.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) })
            where !item.isEmpty && !OSRMManeuverNames.expressibleModes.contains(item) {
                return "no mode \(item)"
            }
        default: break
        }
        return nil
    }
}
