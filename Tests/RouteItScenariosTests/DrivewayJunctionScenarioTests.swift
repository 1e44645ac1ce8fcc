import XCTest
import RouteItTestSupport
@testable import RouteItScenarios

/// OSRM's `DrivewayHandler` comes before its turn handler: where the only other ways at a junction
/// are low-priority ones (service roads), the street on is a new name in the direction it bends,
/// not a turn (Helsinki's Asema-aukio into Postikatu, where a service road crosses). Checked
/// against osrm-routed 26.10 (`routeit-scenarios --osrm`).
final class DrivewayJunctionScenarioTests: XCTestCase {
    func testATurnOntoAnotherStreetWhereOnlyServiceRoadsMeetIsANewName() throws {
        let result = try runCarScenario("""
            Scenario: driveway junction
                Given the node map
                    \"\"\"
                            d
                            |
                    c - - - b
                            |\\
                            | e
                            |
                            a
                    \"\"\"
                And the ways
                    | nodes | highway   | name  | oneway |
                    | ab    | secondary | asema | yes    |
                    | bc    | secondary | posti | yes    |
                    | db    | service   |       |        |
                    | be    | service   |       |        |
                When I route I should get
                    | waypoints | route             | turns                       |
                    | a,c       | asema,posti,posti | depart,new name left,arrive |
        """, gridSize: 30)
        assertPasses(result)
    }
}
