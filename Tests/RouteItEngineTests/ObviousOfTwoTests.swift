import XCTest
import RouteItCore
@testable import RouteItEngine

/// OSRM's `hasObvious` (turn_handler.cpp): two ways going on ahead make no fork where one of them
/// is obvious by class (a primary going on beside a tertiary) or goes on perfectly straight under
/// the name arrived by (obvious-turn-discovery.feature, "Turning Road category", "Turning road").
final class ObviousOfTwoTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    private func point(_ degrees: Double, _ metres: Double) -> (Double, Double) {
        (metres * sin(degrees * .pi / 180), metres * cos(degrees * .pi / 180))
    }

    /// Adeline, a primary from the south, bears 31° right at X; Martin, a tertiary, leaves 21° left.
    private func turningRoadCategory() throws -> (OfflineDirections, martin: (Double, Double), adeline: (Double, Double)) {
        var f = RoadFixture()
        let a = point(31, 300), m = point(-21, 300)
        f.node("S", 0, -300); f.node("X", 0, 0); f.node("A", a.0, a.1); f.node("M", m.0, m.1)
        f.street(1, ["S", "X", "A"], "Adeline", highway: "primary")
        f.street(2, ["X", "M"], "Martin", highway: "tertiary")
        return (try f.build(), (m.0 * 0.9, m.1 * 0.9), (a.0 * 0.9, a.1 * 0.9))
    }

    func testTheLesserOfTwoWaysAheadIsATurnNotAFork() throws {
        let (d, martin, _) = try turningRoadCategory()
        XCTAssertEqual(instructions(try d.route((0, -290), martin).first),
                       ["Head north on Adeline", "Turn slight left onto Martin", "Arrive at your destination"])
    }

    /// Neither way is obvious to OSRM's `findObviousTurn` (Martin, straighter, looks as likely as
    /// Adeline; class alone does not tell a primary from a tertiary there): staying on Adeline is a
    /// turn too, "continue slight right".
    func testStayingOnTheGreaterOfTwoWaysAheadIsAContinue() throws {
        let (d, _, adeline) = try turningRoadCategory()
        XCTAssertEqual(instructions(try d.route((0, -290), adeline).first),
                       ["Head north on Adeline", "Turn slight right to stay on Adeline", "Arrive at your destination"])
    }

    /// Lincoln, a primary, goes on dead ahead; 37, a secondary, leaves 18° left: both read as
    /// straight on, Lincoln is the obvious way, so 37 is a slight turn (OSRM's three-way rule).
    func testBesideAStreetGoingOnPerfectlyStraightTheOtherWayIsASlightTurn() throws {
        var f = RoadFixture()
        let t = point(-18, 300)
        f.node("S", 0, -300); f.node("X", 0, 0); f.node("N", 0, 300); f.node("T", t.0, t.1)
        f.street(1, ["S", "X", "N"], "Lincoln", highway: "primary")
        f.street(2, ["X", "T"], "37", highway: "secondary")
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((0, -290), (t.0 * 0.9, t.1 * 0.9)).first),
                       ["Head north on Lincoln", "Turn slight left onto 37", "Arrive at your destination"])
        XCTAssertEqual(instructions(try d.route((0, -290), (0, 290)).first).count, 2)
    }
}
