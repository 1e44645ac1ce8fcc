import Foundation
import RouteItCore
import RouteItEngine

/// Runs one scenario in-process: its `Given` steps build the OSM data, the first `When`/`Then`
/// imports it with RouteIt's importer into a temporary map, then each table is checked.
public struct ScenarioRunner: Sendable {
    /// Where the temporary maps go (one per scenario, removed after it).
    let workDirectory: URL
    let engine: ScenarioEngine

    public init(workDirectory: URL, engine: ScenarioEngine = RouteItScenarioEngine()) {
        self.workDirectory = workDirectory
        self.engine = engine
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

    /// Tags OSRM's cucumber profile leaves out (`not @todo and not @stress`).
    static let skippedTags: Set<String> = ["@todo", "@stress"]

    private func execute(_ scenario: GherkinScenario, file: String, into result: inout ScenarioResult) throws {
        if let tag = scenario.tags.first(where: Self.skippedTags.contains) {
            throw ScenarioError.unsupported("tagged \(tag) (cucumber skips it)")
        }
        var map = ScenarioMap()
        var profile = "bicycle"
        var opened: ScenarioRouter?
        defer { opened?.close() }

        func router() throws -> ScenarioRouter {
            if let opened { return opened }
            let r = try engine.open(map, profile: profile, directory: workDirectory)
            opened = r
            return r
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
                try RouteTableCheck(router: try router(), checksExpressibility: engine.isRouteIt, map: map, file: file)
                    .run(try Self.table(step), into: &result)
            } else if text == "routability should be" {
                let table = try Self.table(step)
                if opened != nil { throw ScenarioError.unsupported("routability after a route") }
                try map.addRoutabilityWays(table)
                try RoutabilityCheck(router: try router(), map: map, file: file).run(table, into: &result)
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
