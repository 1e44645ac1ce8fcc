import XCTest
import RouteItCore
@testable import RouteItEngine

/// The obvious way onto a through street under another name is a turn, not a name change
/// (OSRM's `getInstructionForObvious`, merge.feature): "turn straight" where it bends off less
/// than 40° and the street runs on past 60 m, else a turn in the way it bends.
final class ThroughStreetTurnTests: XCTestCase, HandMadeJunctions {
    /// A side road joining Main 27° off its line, Main running on `reach` metres past the junction.
    private func joiningMain(reach: Double) throws -> [String] {
        var f = RoadFixture()
        f.node("D", -20, 10); f.node("W", -20, 0); f.node("X", 0, 0); f.node("E", reach, 0)
        f.way(1, ["W", "X", "E"], [("highway", "primary"), ("name", "Main")])
        f.way(2, ["D", "X"], [("highway", "primary"), ("name", "Side")])
        return instructions(try f.build().route((-12, 6), (reach - 5, 0)).first)
    }

    func testJoiningAThroughStreetThatRunsOnIsATurnStraight() throws {
        XCTAssertEqual(try joiningMain(reach: 70), ["Head southeast on Side", "Go straight onto Main", "Arrive at your destination"])
    }

    func testJoiningAThroughStreetThatEndsSoonTurnsTheWayItBends() throws {
        XCTAssertEqual(try joiningMain(reach: 50), ["Head southeast on Side", "Turn slight left onto Main", "Arrive at your destination"])
    }

    /// A longer side road joining Main 24° off its line where Main runs on only 50 m.
    func testJoiningAThroughStreetIsATurnNotANewName() throws {
        var f = RoadFixture()
        f.node("W", -300, 0); f.node("X", 0, 0); f.node("E", 50, 0); f.node("D", -200, 90)
        f.street(1, ["W", "X", "E"], "Main", highway: "primary")
        f.street(2, ["D", "X"], "Dee", highway: "primary")
        XCTAssertEqual(instructions(try f.build().route((-180, 81), (45, 0)).first),
                       ["Head southeast on Dee", "Turn slight left onto Main", "Arrive at your destination"])
    }

    /// An unnamed road joins Katu straight on, 90 m before Katu's turn onto Toinen. Katu runs
    /// on through the junction: its other arm leaves 160° from the way taken by their first
    /// stretches (16 m, as OSRM perceives them), though the way taken bends off after 16 m, so
    /// over 20 m the two are only 151° apart. OSRM finds the through street by the perceived
    /// bearings and says "turn straight onto Katu", a turn kept however short Katu is (Avenue
    /// Preince Rainier III Monaco, 92 m, off Bretelle Vistaero).
    func testAThroughStreetIsReadByItsPerceivedBearings() throws {
        var f = RoadFixture()
        f.node("A", 243.6, 56.2); f.node("J", 0, 0); f.node("E1", 15.5, -4); f.node("E2", 279, -72)
        f.node("W1", -16.3, -1.5); f.node("W2", -32.5, -8.3); f.node("K", -83.1, -29.8); f.node("W3", -283, -114)
        f.node("T", -5, -214)
        f.street(1, ["E2", "E1", "J", "W1", "W2", "K", "W3"], "Katu", highway: "primary")
        f.street(2, ["A", "J"], "", highway: "primary")
        f.street(3, ["K", "T"], "Toinen", highway: "primary")
        let steps = instructions(try f.build().route((200, 46.1), (-36, -140)).first)
        XCTAssertTrue(steps.contains("Go straight onto Katu"), "\(steps)")
    }
}
