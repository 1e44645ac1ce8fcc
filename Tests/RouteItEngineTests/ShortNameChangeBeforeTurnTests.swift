import XCTest
import RouteItCore
@testable import RouteItEngine

/// A street (Pont P) running into 22 m of another (Boulevard C) just before the turn off it, as
/// Pont Sainte-Dévote runs into Boulevard Princesse Charlotte in Monaco. Each expectation is what
/// OSRM 26.10 with car.lua answered on the same network built as an OSM file: the 22 m fold into
/// Pont P's step, which is then told or not by its whole length.
final class ShortNameChangeBeforeTurnTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    /// Boulevard J north to N (a side street leaves west there), Pont P from N along `pont`, 22 m
    /// of Boulevard C east to Q, where Boulevard S turns off south and Avenue E goes on east.
    private func network(pont: [(Double, Double)], divided: Bool = false) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("J", 0, -200); f.node("N", 0, 0); f.node("W", -100, 0)
        var names = ["N"]
        for (k, p) in pont.enumerated() { f.node("P\(k)", p.0, p.1); names.append("P\(k)") }
        let m = pont.last!
        f.node("Q", m.0 + 22, m.1); f.node("S", m.0 + 22, -200); f.node("E", 300, m.1)
        let oneway: [(String, String)] = divided ? [("oneway", "yes")] : []
        f.street(1, ["J", "N"], "Boulevard J", highway: "primary")
        f.street(2, ["N", "W"], "Side")
        f.street(3, names, "Pont P", highway: "primary", oneway)
        if divided {
            // The other carriageway, leaving the bridge's end back beside it.
            f.node("R1", m.0 - 15, m.1 - 10); f.node("R2", 15, 30); f.node("R3", 8, 0)
            f.street(4, [names.last!, "R1", "R2", "R3", "N"], "Pont P", highway: "primary", oneway)
        }
        f.street(5, [names.last!, "Q"], "Boulevard C", highway: "primary")
        f.street(6, ["Q", "S"], "Boulevard S", highway: "primary")
        f.street(7, ["Q", "E"], "Avenue E", highway: "primary")
        return try f.build()
    }

    private let bendingBridge = [(0.0, 25.0), (12, 45), (32, 57), (55, 60)]

    /// OSRM: "new name" Pont P for 117 m (95 m of bridge and the 22 m), then the turn.
    func testTheShortPieceFoldsIntoTheBridgeWhichIsThenLongEnoughToTell() throws {
        let d = try network(pont: bendingBridge)
        let route = try XCTUnwrap(d.route((0, -190), (m(bendingBridge).0 + 22, -190)).first)
        XCTAssertEqual(instructions(route), ["Head north on Boulevard J", "Continue onto Pont P", "Turn right onto Boulevard S",
                                             "Arrive at your destination"])
        XCTAssertEqual(route.steps[1].distance, 117, accuracy: 3)
    }

    /// OSRM merges the bridge's two one-way carriageways into one road: the other one leaving
    /// back from the bridge's end makes no junction there, and the answer is the same.
    func testTheOtherCarriagewayIsNoJunction() throws {
        let d = try network(pont: bendingBridge, divided: true)
        XCTAssertEqual(instructions(try d.route((0, -190), (m(bendingBridge).0 + 22, -190)).first),
                       ["Head north on Boulevard J", "Continue onto Pont P", "Turn right onto Boulevard S", "Arrive at your destination"])
    }

    /// OSRM: a straight 75 m bridge and the 22 m are 97 m together, too short to tell.
    func testAShortStraightBridgeStillFoldsAway() throws {
        var f = RoadFixture()
        f.node("J", 0, -200); f.node("N", 0, 0); f.node("W", -100, 0)
        f.node("M", 0, 75); f.node("Q", 0, 97); f.node("S", -200, 97); f.node("E", 0, 300)
        f.street(1, ["J", "N"], "Boulevard J", highway: "primary")
        f.street(2, ["N", "W"], "Side")
        f.street(3, ["N", "M"], "Pont P", highway: "primary")
        f.street(5, ["M", "Q"], "Boulevard C", highway: "primary")
        f.street(6, ["Q", "S"], "Boulevard S", highway: "primary")
        f.street(7, ["Q", "E"], "Avenue E", highway: "primary")
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((0, -190), (-190, 97)).first),
                       ["Head north on Boulevard J", "Turn left onto Boulevard S", "Arrive at your destination"])
    }

    private func m(_ pont: [(Double, Double)]) -> (Double, Double) { pont.last! }
}
