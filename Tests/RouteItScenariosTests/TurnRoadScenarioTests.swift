import XCTest
import RouteItTestSupport
@testable import RouteItScenarios

/// Turn roads and ramps as OSRM's own scenarios specify them, each scenario's map imported in
/// memory and routed (the steps are the guidance's; the text is the scenario's, trimmed).
final class TurnRoadScenarioTests: XCTestCase {
    private func run(_ scenario: String) throws -> ScenarioResult {
        let text = """
        Feature: F
            Background:
                Given the profile "car"
                Given a grid size of 5 meters
        \(scenario)
        """
        let feature = try GherkinParser.parse(text, path: "guidance/t.feature")
        let runner = ScenarioRunner(workDirectory: try TestFiles.temporaryDirectory(for: self))
        return runner.run(try XCTUnwrap(feature.scenarios.first), file: "guidance/t.feature", folder: "guidance")
    }

    /// A motorway's short unnamed exit ramp runs into a primary road going on through the
    /// junction both ways: OSRM's obvious way onto a through street is a turn, not a name change,
    /// so the ramp keeps no name of it (dedicated-turn-roads.feature, "Turn Instead of Ramp").
    func testAShortRampOntoAThroughStreetIsTheRampThenATurn() throws {
        let result = try run("""
            Scenario: Turn Instead of Ramp
                Given the node map
                    \"\"\"
                            e
                            |
                            |
                    a-b-----c-d
                       `--h |
                           \\|
                            |
                            |
                            f
                            |
                            |
                            g
                    \"\"\"
                And the ways
                    | nodes | highway       | name   |
                    | abcd  | motorway      | first  |
                    | bhf   | motorway_link |        |
                    | efg   | primary       | second |
                When I route I should get
                    | waypoints | route                | turns                                      | locations |
                    | a,g       | first,,second,second | depart,off ramp right,turn straight,arrive | a,b,f,g   |
        """)
        XCTAssertEqual(result.outcome, .pass, "\(result.failures) \(result.error ?? "")")
    }
}
