import XCTest
import RouteItCore
@testable import RouteItEngine

/// Cars turning round through a short connector read "Make a U-turn", as OSRM collapses them
/// (`isUTurn`, and a slip road whose combined angle comes out reversed); a hairpin bend of the
/// street itself and walkers stay as they were.
final class ConnectorUTurnTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    /// Katu's northbound carriageway ends where Hotelli goes on ahead; Katu turns left across a
    /// 25 m connector (also Katu) onto its southbound carriageway, where the only way on is
    /// south (Sisään only comes in). Neither turn changes the name, yet the car turns round.
    func testTurningAcrossToTheOtherCarriagewayIsAUTurn() throws {
        var f = RoadFixture()
        f.node("N0", 0, 0); f.node("N1", 0, 500); f.node("H", 0, 800)
        f.node("S1", -25, 500); f.node("S0", -25, 0); f.node("W", -300, 500)
        f.street(1, ["N0", "N1"], "Katu", highway: "secondary", [("oneway", "yes")])
        f.street(2, ["N1", "S1"], "Katu", highway: "secondary", [("oneway", "yes")])
        f.street(3, ["S1", "S0"], "Katu", highway: "secondary", [("oneway", "yes")])
        f.street(4, ["N1", "H"], "Hotelli")
        f.street(5, ["W", "S1"], "Sisään", [("oneway", "yes")])
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((0, 100), (-25, 300)).first),
                       ["Head north on Katu", "Make a U-turn", "Arrive at your destination"])
        let walk = instructions(try d.route((0, 100), (-25, 300), .walk).first)
        XCTAssertFalse(walk.contains("Make a U-turn"), "\(walk)")
    }

    /// Off Pää (going on north) by a 36 m slip road that joins Toinen straight on, heading
    /// south: the two turns add up to turning round.
    func testASlipRoadBackTheWayTheCarCameIsAUTurn() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("J", 0, 500); f.node("K", 0, 1000)
        f.node("Q", 10, 495); f.node("J2", 14, 470); f.node("T", 14, 0); f.node("N2", 14, 700)
        f.street(1, ["A", "J", "K"], "Pää", highway: "secondary")
        f.street(2, ["J", "Q", "J2"], "Toinen", highway: "secondary", [("oneway", "yes")])
        f.street(3, ["N2", "J2", "T"], "Toinen", highway: "secondary")
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((0, 100), (14, 200)).first),
                       ["Head north on Pää", "Make a U-turn", "Arrive at your destination"])
    }

    /// The same slip road bending only 90° overall is a turn.
    func testASlipRoadOntoACrossingRoadStaysATurn() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("J", 0, 500); f.node("K", 0, 1000)
        f.node("Q", 10, 495); f.node("J2", 30, 480); f.node("T", 400, 480); f.node("W", -300, 480)
        f.street(1, ["A", "J", "K"], "Pää", highway: "secondary")
        f.street(2, ["J", "Q", "J2"], "Toinen", highway: "secondary", [("oneway", "yes")])
        f.street(3, ["W", "J2", "T"], "Toinen", highway: "secondary")
        let d = try f.build()
        let steps = instructions(try d.route((0, 100), (300, 480)).first)
        XCTAssertFalse(steps.contains("Make a U-turn"), "\(steps)")
    }
}
