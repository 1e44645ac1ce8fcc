import XCTest
import RouteItTestSupport
@testable import RouteItScenarios

/// Whole scenarios through RouteIt's importer and router, on three-node maps.
final class ScenarioRunnerTests: XCTestCase {
    private func run(_ text: String) throws -> ScenarioResult {
        let feature = try GherkinParser.parse(text, path: "car/t.feature")
        let runner = ScenarioRunner(workDirectory: try TestFiles.temporaryDirectory(for: self))
        return runner.run(try XCTUnwrap(feature.scenarios.first), file: "car/t.feature", folder: "car")
    }

    private static func scenario(expecting route: String, turns: String) -> String {
        """
        Feature: F
            Scenario: A left turn
                Given the profile "car"
                Given the node map
                    \"\"\"
                    c
                    |
                    b
                    |
                    a
                    \"\"\"
                And the ways
                    | nodes | highway     |
                    | ab    | residential |
                    | bc    | residential |
                When I route I should get
                    | from | to | route   | turns   | locations |
                    | a    | c  | \(route) | \(turns) | a,b,c     |
        """
    }

    func testAScenarioRoutedAsOSRMWouldPasses() throws {
        let result = try run(Self.scenario(expecting: "ab,bc,bc", turns: "depart,new name straight,arrive"))
        assertPasses(result)
        XCTAssertEqual(result.columns, ["route": .pass, "turns": .pass, "locations": .pass])
    }

    func testAWrongExpectationFailsAndNamesTheRowItsCellAndWhatCame() throws {
        let result = try run(Self.scenario(expecting: "ab,cd,cd", turns: "depart,new name straight,arrive"))
        XCTAssertEqual(result.outcome, .fail)
        XCTAssertEqual(result.failures, ["car/t.feature:18  route: expected ab,cd,cd  got ab,bc,bc"])
    }

    func testAStepTypeRouteItCannotSayIsUnsupportedNotFailed() throws {
        // (`end of road` and `notification` RouteIt says now; OSRM's `use lane` it cannot.)
        let result = try run(Self.scenario(expecting: "ab,bc,bc", turns: "depart,use lane straight,arrive"))
        XCTAssertEqual(result.columns["turns"], .unsupported)
        XCTAssertEqual(result.outcome, .unsupported)
    }

    func testRoutabilityReadsEachRowsWayBothWays() throws {
        let text = """
        Feature: F
            Scenario: Oneways
                Given the profile "car"
                Then routability should be
                    | highway | oneway | forw | backw |
                    | primary |        | x    | x     |
                    | primary | yes    | x    |       |
                    | footway |        |      |       |
        """
        let result = try run(text)
        assertPasses(result)
    }
}
