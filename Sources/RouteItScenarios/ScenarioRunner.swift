import Foundation
import RouteItCore
import RouteItEngine

/// Runs one scenario in-process: its `Given` steps build the OSM data, the first `When`/`Then`
/// imports it with RouteIt's importer into a temporary map, then each table is checked.
public struct ScenarioRunner {
    /// Where the temporary maps go (one per scenario, removed after it).
    let workDirectory: URL

    public init(workDirectory: URL) {
        self.workDirectory = workDirectory
    }

    /// The profiles of OSRM's features RouteIt has: car, foot, bicycle (the default).
    static func mode(profile: String) -> TransportType? {
        switch profile {
        case "car": return .car
        case "foot": return .walk
        case "bicycle": return .bike
        default: return nil
        }
    }

    public func run(_ scenario: GherkinScenario, file: String, folder: String) -> ScenarioResult {
        var result = ScenarioResult(folder: folder, location: "\(file):\(scenario.line)", name: scenario.name)
        do {
            try execute(scenario, file: file, into: &result)
        } catch let error as ScenarioError {
            switch error {
            case .unsupported(let why): result.unsupportedReason = why
            case .invalid(let why): result.unsupportedReason = "invalid: \(why)"
            }
        } catch {
            result.error = "import or routing failed: \(error)"
        }
        return result
    }

    private func execute(_ scenario: GherkinScenario, file: String, into result: inout ScenarioResult) throws {
        var map = ScenarioMap()
        var profile = "bicycle"
        var opened: OfflineDirections?
        var mapPath: String?
        defer { if let mapPath { try? FileManager.default.removeItem(atPath: mapPath) } }

        func directions() throws -> OfflineDirections {
            if let opened { return opened }
            let path = workDirectory.appendingPathComponent("\(UUID().uuidString).routeit").path
            mapPath = path
            try MapImporter(layers: [RoadLayerBuilder()]).importMap(from: ScenarioOSMReader(map.entities),
                                                                     sourceName: "scenario.osm", to: path)
            let d = try OfflineDirections(path: path)
            opened = d
            return d
        }

        for step in scenario.steps {
            let text = step.text
            if let name = Self.capture(#"^the profile "([^"]*)"$"#, text) {
                profile = name
            } else if let meters = Self.capture(#"^a grid size of ([0-9.]+) meters$"#, text) {
                map.grid.gridSize = Double(meters) ?? 100
            } else if text.hasPrefix("the origin "), let lonLat = Self.origin(text) {
                map.grid.origin = lonLat
            } else if text == "the node map" {
                try map.addNodeMap(try Self.docString(step))
            } else if text == "the nodes" {
                try map.addNodeTags(try Self.table(step))
            } else if text == "the ways" {
                try map.addWays(try Self.table(step))
            } else if text == "the relations" {
                try map.addRelations(try Self.table(step))
            } else if text == "I route I should get" {
                guard let mode = Self.mode(profile: profile) else { throw ScenarioError.unsupported("profile \(profile)") }
                try RouteTableCheck(directions: try directions(), mode: mode, map: map, file: file)
                    .run(try Self.table(step), into: &result)
            } else if text == "routability should be" {
                guard let mode = Self.mode(profile: profile) else { throw ScenarioError.unsupported("profile \(profile)") }
                let table = try Self.table(step)
                if opened != nil { throw ScenarioError.unsupported("routability after a route") }
                try map.addRoutabilityWays(table)
                try RoutabilityCheck(directions: try directions(), mode: mode, map: map, file: file).run(table, into: &result)
            } else {
                throw ScenarioError.unsupported("step \"\(Self.shape(text))\"")
            }
        }
    }

    private static func table(_ step: GherkinStep) throws -> GherkinTable {
        guard let t = step.table else { throw ScenarioError.invalid("\"\(step.text)\" on line \(step.line) has no table") }
        return t
    }

    private static func docString(_ step: GherkinStep) throws -> String {
        guard let d = step.docString else { throw ScenarioError.invalid("\"\(step.text)\" on line \(step.line) has no doc string") }
        return d
    }

    private static func origin(_ text: String) -> (longitude: Double, latitude: Double)? {
        let parts = text.dropFirst("the origin ".count).split(separator: ",")
        guard parts.count == 2, let lon = Double(parts[0]), let lat = Double(parts[1]) else { return nil }
        return (lon, lat)
    }

    /// A step's text with its quoted values and numbers blanked, to name it in the report.
    static func shape(_ text: String) -> String {
        text.replacingOccurrences(of: #""[^"]*""#, with: "\"…\"", options: .regularExpression)
    }

    private static func capture(_ pattern: String, _ s: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let m = regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)), m.numberOfRanges > 1,
              let r = Range(m.range(at: 1), in: s) else { return nil }
        return String(s[r])
    }
}
