import XCTest
import RouteItTestSupport
@testable import RouteItScenarios

/// OSRM's obvious way among wide turns (`IsDistinctWideTurn`), as its own scenarios specify it,
/// each scenario's map imported in memory and routed.
final class WideTurnScenarioTests: XCTestCase {
    private func run(_ scenario: String) throws -> ScenarioResult { try runCarScenario(scenario, gridSize: 10) }

    /// Round a one-way circle that bends just before the junction at `c`: by the ways' first
    /// metres the circle going on bends far more than the street off it, so the street is the
    /// obvious way and no "continue left" is said (rule 4 of `IsDistinctWideTurn`;
    /// end-of-road.feature, "Don't Handle Circles as End-Of-Road").
    func testAWayInBendingBeforeTheJunctionIsReadByTheWaysFirstMetres() throws {
        let result = try run("""
            Scenario: Don't Handle Circles as End-Of-Road
                Given the node map
                    \"\"\"
                      r       q
                              a s
                          b
                                  j

                    l   c         i       k

                                  h
                    m
                        d                 n
                          e     g
                            f
                            o   p
                    \"\"\"
                And the ways
                    | nodes        | highway     | name  | oneway |
                    | abcdefghijsa | secondary   | kotti | yes    |
                    | ki           | secondary   | skal  | yes    |
                    | cl           | secondary   | skal  | yes    |
                    | md           | secondary   | skal  | yes    |
                    | gn           | secondary   | skal  | yes    |
                    | qa           | tertiary    | adal  | no     |
                    | br           | residential | rei   | yes    |
                    | fo           | secondary   | kstr  | yes    |
                    | pg           | secondary   | kstr  | yes    |
                When I route I should get
                    | waypoints | route                | turns                               |
                    | k,l       | skal,kotti,skal,skal | depart,turn right,turn right,arrive |
        """)
        assertPasses(result)
    }
}
