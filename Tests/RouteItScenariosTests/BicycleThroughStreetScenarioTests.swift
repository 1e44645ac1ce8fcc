import XCTest
import RouteItTestSupport
@testable import RouteItScenarios

/// A cyclist's obvious way onto a through street is a turn, as a driver's is (OSRM's
/// `getInstructionForObvious` is every profile's): the answer osrm-routed 26.10 gives with
/// bicycle.lua for this map, run through the same runner.
final class BicycleThroughStreetScenarioTests: XCTestCase {
    /// side runs into main 7° off straight; main goes on behind the junction under its name, so
    /// riding on along main is "turn straight", not a name change (which would fold away).
    func testOntoAThroughStreetIsATurn() throws {
        let result = try runInlineScenario("""
            Scenario: Onto a through street
                Given the node map
                    \"\"\"
                    a       b       c
                    d
                    \"\"\"
                And the ways
                    | nodes | highway     | name |
                    | abc   | residential | main |
                    | db    | residential | side |
                When I route I should get
                    | waypoints | route          | turns                       |
                    | d,c       | side,main,main | depart,turn straight,arrive |
        """, profile: "bicycle", gridSize: 10)
        assertPasses(result)
    }
}
