import XCTest
import RouteItCore
@testable import RouteItEngine

/// OSRM's continue.feature and obvious-turn-discovery.feature: where the street turns off and the
/// route goes straight on onto another name, no way is obvious and straight on is a turn
/// ("turn straight"), however short; where the street crosses over, straight on stays the obvious way.
final class StraightOffTurningStreetTests: XCTestCase, HandMadeJunctions {
    /// Pää, a primary, comes from the west and turns left (north) at B; Sivu, a primary too,
    /// goes on east from B.
    private func streetTurningLeft() throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("A", -300, 0); f.node("B", 0, 0); f.node("C", 0, 300); f.node("D", 300, 0)
        f.street(1, ["A", "B", "C"], "Pää", highway: "primary")
        f.street(2, ["B", "D"], "Sivu", highway: "primary")
        return try f.build()
    }

    func testStraightOnOffAStreetTurningAwayIsATurn() throws {
        let d = try streetTurningLeft()
        let ahead = instructions(try d.route((-250, 0), (250, 0)).first)
        XCTAssertEqual(ahead, ["Head east on Pää", "Go straight onto Sivu", "Arrive at your destination"])
        // Staying on the street is its own step too ("continue left").
        XCTAssertEqual(instructions(try d.route((-250, 0), (0, 250)).first).count, 3)
    }

    /// Baden, a secondary, crosses a primary of the same name at B (both bend 90° off); Ritter, a
    /// tertiary, goes straight on: across a crossing street, straight on is the obvious way (a name change).
    func testStraightOnPastAStreetCrossingOverIsNoStep() throws {
        var f = RoadFixture()
        f.node("A", -300, 300); f.node("B", 0, 0); f.node("C", 300, -300); f.node("D", -300, -300); f.node("E", 300, 300)
        f.street(1, ["A", "B"], "Baden", highway: "secondary")
        f.street(2, ["B", "E"], "Gym", highway: "primary")
        f.street(3, ["B", "C"], "Ritter", highway: "tertiary")
        f.street(4, ["D", "B"], "Baden", highway: "primary")
        let d = try f.build()
        let ahead = instructions(try d.route((-250, 250), (250, -250)).first)
        // A name change ("Continue onto"), not a turn.
        XCTAssertEqual(ahead, ["Head southeast on Baden", "Continue onto Ritter", "Arrive at your destination"])
    }
}
