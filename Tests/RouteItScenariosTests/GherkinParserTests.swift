import XCTest
@testable import RouteItScenarios

/// The Gherkin of OSRM's features: the Background before each scenario, an outline expanded per
/// Examples row, a node map's indentation kept relative to its quotes.
final class GherkinParserTests: XCTestCase {
    func testAnOutlineIsOneScenarioPerExamplesRowAfterTheBackground() throws {
        let text = """
        Feature: Turns
            Background:
                Given the profile "car"

            Scenario Outline: Turn <way>
                Given the node map
                    \"\"\"
                    a b
                      c
                    \"\"\"
                And the ways
                    | nodes | highway |
                    | ab    | <way>   |
                When I route I should get
                    | from | to | route |
                    | a    | b  | ab,ab |

                Examples:
                    | way       |
                    | primary   |
                    | secondary |
        """
        let feature = try GherkinParser.parse(text, path: "car/x.feature")
        XCTAssertEqual(feature.scenarios.map(\.name), ["Turn primary", "Turn secondary"])
        XCTAssertEqual(feature.scenarios.map(\.line), [20, 21], "an outline's scenarios are named by their Examples rows")
        let second = feature.scenarios[1]
        XCTAssertEqual(second.steps.map(\.text), ["the profile \"car\"", "the node map", "the ways", "I route I should get"])
        XCTAssertEqual(second.steps[1].docString, "a b\n  c")
        XCTAssertEqual(second.steps[2].table?.hashes, [["nodes": "ab", "highway": "secondary"]])
        XCTAssertEqual(second.steps[3].table?.lines, [15, 16])
    }

    func testABackgroundAfterAScenarioIsRejectedAsCucumberRejectsIt() {
        let text = """
        Feature: F
            Scenario: one
                Given the profile "car"
            Scenario: two
                Background:
                    Given a grid size of 200 meters
        """
        XCTAssertThrowsError(try GherkinParser.parse(text, path: "car/y.feature")) { error in
            XCTAssertTrue("\(error)".contains("car/y.feature:5"), "\(error)")
        }
    }

    func testCellsKeepEscapedBars() {
        XCTAssertEqual(GherkinParser.cells(#"| a\|b | "" |  |"#), ["a|b", "\"\"", ""])
    }
}

/// Tags: a feature's go to all its scenarios, a scenario's and an Examples block's to theirs.
final class GherkinTagTests: XCTestCase {
    func testTagsReachTheirScenarios() throws {
        let text = """
        @routing @car
        Feature: F
            @todo
            Scenario: one
                Given the profile "car"

            Scenario Outline: two <x>
                Given the profile "<x>"

                @slow
                Examples:
                    | x   |
                    | car |
        """
        let feature = try GherkinParser.parse(text, path: "car/z.feature")
        XCTAssertEqual(feature.scenarios.map(\.tags), [["@routing", "@car", "@todo"], ["@routing", "@car", "@slow"]])
    }
}
