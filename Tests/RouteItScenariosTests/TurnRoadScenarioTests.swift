import XCTest
import RouteItTestSupport
@testable import RouteItScenarios

/// Turn roads, ramps and turns folded together as OSRM's own scenarios specify them, each scenario's map imported in
/// memory and routed (the steps are the guidance's; the text is the scenario's, trimmed).
final class TurnRoadScenarioTests: XCTestCase {
    private func run(_ scenario: String) throws -> ScenarioResult { try runCarScenario(scenario, gridSize: 5) }

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
        assertPasses(result)
    }

    /// Right off Top onto a 14 m piece of it, then left onto Main, a road parallel to Top: the
    /// two fold into one turn, and as their sum is nearly straight OSRM keeps the first one
    /// (`findTotalTurnAngle`): "turn right", not "new name straight" (anticipate-lanes.feature,
    /// "Anticipate Lanes for turns with through before and after", without its lanes).
    func testTwoTurnsFoldingIntoNearlyStraightKeepTheFirstTurn() throws {
        let result = try run("""
            Scenario: Through before and after
                Given a grid size of 10 meters
                Given the node map
                    \"\"\"
                    a - b - q       s   h - i
                          \\       /   /
                            e - f - g
                          /       \\   \\
                    c - d - r       t   j - k
                    \"\"\"
                And the ways
                    | nodes | name | highway | oneway |
                    | ab    | top  | primary | yes    |
                    | be    | top  | primary | yes    |
                    | bq    | off  | primary | yes    |
                    | ef    | main | primary | yes    |
                    | fg    | main | primary | yes    |
                    | fs    | off  | primary | yes    |
                    | ft    | off  | primary | yes    |
                    | gh    | top  | primary | yes    |
                    | hi    | top  | primary | yes    |
                    | cd    | bot  | primary | yes    |
                    | de    | bot  | primary | yes    |
                    | dr    | off  | primary | yes    |
                    | gj    | bot  | primary | yes    |
                    | jk    | bot  | primary | yes    |
                When I route I should get
                    | waypoints | route            | turns                               |
                    | a,i       | top,main,top,top | depart,turn right,turn left,arrive  |
                    | c,k       | bot,main,bot,bot | depart,turn left,turn right,arrive  |
        """)
        assertPasses(result)
    }

    /// A tertiary bends 45° into a short renamed piece beside a lesser ramp: OSRM's obvious way
    /// (the road going on in its class) is a name change at any angle for cars too, folded as
    /// the new name runs under 105 m; "turn left" was wrong (ramp.feature, "Fork Ramp").
    func testObviousWayBesideALesserRampIsANameChangeAtAnyAngle() throws {
        let result = try run("""
            Scenario: Fork Ramp
                Given a grid size of 10 meters
                Given the node map
                    \"\"\"
                        c
                    a b
                        d
                    \"\"\"
                And the ways
                    | nodes | highway       |
                    | ab    | tertiary      |
                    | bc    | tertiary      |
                    | bd    | motorway_link |
                When I route I should get
                    | waypoints | route    | turns                       |
                    | a,d       | ab,bd,bd | depart,on ramp right,arrive |
                    | a,c       | ab,bc    | depart,arrive               |
        """)
        assertPasses(result)
    }
}
