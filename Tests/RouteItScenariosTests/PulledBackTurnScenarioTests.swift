import XCTest
import RouteItTestSupport
@testable import RouteItScenarios

/// A bend onto a new name where no other way meets, as OSRM's own scenarios and OSRM 26.10 itself
/// answer it: a turn just past a junction driven straight through, nothing further on.
final class PulledBackTurnScenarioTests: XCTestCase {
    private func run(_ scenario: String) throws -> ScenarioResult { try runCarScenario(scenario, gridSize: 5) }

    /// collapse-detail.feature, "Pulled Back Turn": 5 m past the junction at b the road bends
    /// left onto a new name at c; OSRM announces the turn (`nameChangeImmediatelyAfterSuppressed`).
    func testABendJustPastAJunctionIsATurn() throws {
        let result = try run("""
            Scenario: Pulled Back Turn
                Given the node map
                    \"\"\"
                        d
                        |
                    a-b-c
                      |
                      e
                    \"\"\"
                And the ways
                    | nodes | highway  | name  |
                    | abc   | tertiary | road  |
                    | cd    | tertiary | left  |
                    | be    | tertiary | right |
                When I route I should get
                    | waypoints | route            | turns                    |
                    | a,d       | road,left,left   | depart,turn left,arrive  |
                    | a,e       | road,right,right | depart,turn right,arrive |
        """)
        assertPasses(result)
    }

    /// The same bend 20 m past the junction is a name change OSRM folds away (as osrm-routed 26.10
    /// answers this map).
    func testABendFurtherOnIsNoStep() throws {
        let result = try run("""
            Scenario: Bend further on
                Given the node map
                    \"\"\"
                            d
                            |
                    a-b-----c
                      |
                      e
                    \"\"\"
                And the ways
                    | nodes | highway  | name  |
                    | abc   | tertiary | road  |
                    | cd    | tertiary | left  |
                    | be    | tertiary | right |
                When I route I should get
                    | waypoints | route     | turns         |
                    | a,d       | road,left | depart,arrive |
        """)
        assertPasses(result)
    }

    /// Past a junction where only a service road joins, the bend is no step either (osrm-routed
    /// lists no intersection there: Kaisaniemen puistokuja into Kaisaniemenranta in Helsinki).
    func testABendJustPastADrivewayIsNoStep() throws {
        let result = try run("""
            Scenario: Bend past a driveway
                Given the node map
                    \"\"\"
                        d
                        |
                    a-b-c
                      |
                      e
                    \"\"\"
                And the ways
                    | nodes | highway  | name  |
                    | abc   | tertiary | road  |
                    | cd    | tertiary | left  |
                    | be    | service  | right |
                When I route I should get
                    | waypoints | route     | turns         |
                    | a,d       | road,left | depart,arrive |
        """)
        assertPasses(result)
    }
}
