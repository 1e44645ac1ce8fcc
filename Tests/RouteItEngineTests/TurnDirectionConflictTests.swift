import XCTest
import RouteItCore
@testable import RouteItEngine

/// Turn directions as OSRM names them (turn.feature): slight only up to 40°, and two turns to one
/// side that would both be "right" told apart (`TurnHandler::handleDistinctConflict`).
final class TurnDirectionConflictTests: XCTestCase, HandMadeJunctions {
    /// Itä runs east through B; Vino leaves B 45° right; with `perfectRight`, Etelä leaves B at a
    /// right angle and Pohjoinen goes north.
    private func junction(perfectRight: Bool) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("A", -300, 0); f.node("B", 0, 0); f.node("C", 300, 0); f.node("E", 212, -212)
        f.node("F", 0, 300); f.node("D", 0, -300)
        f.street(1, ["A", "B", "C"], "Itä", highway: "primary")
        f.street(2, ["B", "E"], "Vino", highway: "primary")
        if perfectRight {
            f.street(3, ["B", "D"], "Etelä", highway: "primary")
            f.street(4, ["B", "F"], "Pohjoinen", highway: "primary")
        }
        return try f.build()
    }

    func testA45DegreeTurnIsAPlainTurn() throws {
        XCTAssertEqual(instructions(try junction(perfectRight: false).route((-250, 0), (180, -180)).first)[1], "Turn right onto Vino")
    }

    func testBesideAPerfectRightTurnA45DegreeTurnIsSlight() throws {
        let d = try junction(perfectRight: true)
        XCTAssertEqual(instructions(try d.route((-250, 0), (180, -180)).first)[1], "Turn slight right onto Vino")
        XCTAssertEqual(instructions(try d.route((-250, 0), (0, -250)).first)[1], "Turn right onto Etelä")
    }
}
