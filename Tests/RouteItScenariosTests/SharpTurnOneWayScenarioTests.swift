import XCTest
import RouteItTestSupport
@testable import RouteItScenarios

/// A wide bend from one unnamed way onto another where a one-way also arrives: osrm-routed 26.10
/// says the turn (its intersection has three ways, so `findObviousTurn` finds no obvious one);
/// where nothing else meets the bend it says nothing. Monaco's service tunnel off Avenue de La
/// Quarantaine is such a place ("Turn sharp left - 0.04 km").
final class SharpTurnOneWayScenarioTests: XCTestCase {
    private func route(highway: String, oneway: String, withWayIn: Bool) throws -> ScenarioResult {
        try runCarScenario("""
            Scenario: bend
                Given the node map
                    \"\"\"
                                x
                          a   \(withWayIn ? "b" : " ")


                    j         c   y
                    \"\"\"
                And the ways
                    | nodes | highway    | oneway   | name |
                    | xaj   | \(highway) | \(oneway) |      |
                    | jcy   | \(highway) | \(oneway) |      |
                    \(withWayIn ? "| bj    | \(highway) | yes |      |" : "")
                When I route I should get
                    | waypoints | route | turns                                                         |
                    | x,y       | \(withWayIn ? ",," : ",") | \(withWayIn ? "depart,turn sharp left,arrive" : "depart,arrive") |
        """, gridSize: 10)
    }

    func testASharpBendBetweenUnnamedOneWaysWhereAOneWayArrivesIsATurn() throws {
        assertPasses(try route(highway: "service", oneway: "yes", withWayIn: true))
    }

    func testASharpBendBetweenUnnamedStreetsWhereAOneWayArrivesIsATurn() throws {
        assertPasses(try route(highway: "residential", oneway: "no", withWayIn: true))
    }

    func testASharpBendWithNothingElseThereIsNoTurn() throws {
        assertPasses(try route(highway: "service", oneway: "yes", withWayIn: false))
    }
}
