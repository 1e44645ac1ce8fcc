import XCTest
import RouteItTestSupport
@testable import RouteItScenarios

/// A cyclist's forks as OSRM 26.10 answers these maps (each run through the same runner against
/// osrm-routed with bicycle.lua): no fork beside an obvious way, and a fork onto a short piece
/// that runs straight into a new name is one step onto that name (Rond-Point Sainte-Dévote
/// into Avenue d'Ostende in Monaco).
final class BicycleForkScenarioTests: XCTestCase {
    private func run(_ scenario: String) throws -> ScenarioResult {
        try runInlineScenario(scenario, profile: "bicycle", gridSize: 5)
    }

    /// At b the ways split 27° left and right; 11 m on, at c, ostende goes on straight while rond
    /// turns off: OSRM folds the fork into the name change (`maneuverSucceededByNameChange`) and
    /// keeps the fork's side (`AdjustToCombinedTurnStrategy`).
    func testAForkIntoANameChangeIsOneStep() throws {
        let result = try run("""
            Scenario: Fork onto a short piece running into a name change
                Given the node map
                    \"\"\"
                            d

                         g   c h

                              b

                              a
                    \"\"\"
                And the ways
                    | nodes | highway | name    | oneway |
                    | ab    | primary | albert  | yes    |
                    | bc    | primary | rond    | yes    |
                    | cg    | primary | rond    | yes    |
                    | cd    | primary | ostende | yes    |
                    | bh    | primary | kennedy | yes    |
                When I route I should get
                    | waypoints | route                  | turns                          |
                    | a,d       | albert,ostende,ostende | depart,fork slight left,arrive |
        """)
        assertPasses(result)
    }

    /// albert goes on straight under its name where etela leaves 45° left: albert is the obvious
    /// way, so leaving it is a turn, no fork (OSRM's `fork && !obvious_index`).
    func testLeavingTheObviousWayIsATurn() throws {
        let result = try run("""
            Scenario: Off the street going on under its name
                Given the node map
                    \"\"\"
                       c d

                         b

                         a
                    \"\"\"
                And the ways
                    | nodes | highway     | name   |
                    | abd   | residential | albert |
                    | bc    | residential | etela  |
                When I route I should get
                    | waypoints | route              | turns                          |
                    | a,c       | albert,etela,etela | depart,turn slight left,arrive |
        """)
        assertPasses(result)
    }
}
