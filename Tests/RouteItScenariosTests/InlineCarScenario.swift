import XCTest
import RouteItTestSupport
@testable import RouteItScenarios

extension XCTestCase {
    /// One of OSRM's guidance scenarios written inline (its text trimmed to the case), run for a
    /// car on a grid of `gridSize` metres: its map imported in memory and routed.
    func runCarScenario(_ scenario: String, gridSize: Int) throws -> ScenarioResult {
        try runInlineScenario(scenario, profile: "car", gridSize: gridSize)
    }

    /// `runCarScenario` for any of OSRM's profiles ("car", "foot", "bicycle").
    func runInlineScenario(_ scenario: String, profile: String, gridSize: Int) throws -> ScenarioResult {
        let text = """
        Feature: F
            Background:
                Given the profile "\(profile)"
                Given a grid size of \(gridSize) meters
        \(scenario)
        """
        let feature = try GherkinParser.parse(text, path: "guidance/t.feature")
        let runner = ScenarioRunner(workDirectory: try TestFiles.temporaryDirectory(for: self))
        return runner.run(try XCTUnwrap(feature.scenarios.first), file: "guidance/t.feature", folder: "guidance")
    }

    /// Fails unless the scenario passed, naming its failures (or the error that stopped it).
    func assertPasses(_ result: ScenarioResult, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.outcome, .pass, "\(result.failures) \(result.error ?? "")", file: file, line: line)
    }
}
