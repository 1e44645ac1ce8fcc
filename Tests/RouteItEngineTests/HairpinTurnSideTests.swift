import XCTest
import RouteItCore
@testable import RouteItEngine

/// A turn onto a road that bends on round a hairpin keeps the side the driver turns to, and a
/// plain sharp turn is not a U-turn because the road comes back a few metres on. Each layout is
/// a Monaco junction (round 8 of hostile testing), in metres from the junction.
final class HairpinTurnSideTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    /// Princesse arrives heading 215° and goes on; Leclerc leaves it 79° right, and 15 m on, at
    /// the junction where Blanc joins, bends 49° more right, round to the north-east: 186° right
    /// in all. Its heading out of that junction is 174° left of the way in, yet the driver only
    /// ever turns right (Boulevard du Général Leclerc: OSRM's "Turn right"). Its modifier is read
    /// from the perceived bearings, as OSRM's: a plain right (over 20 m it read as sharp).
    func testATurnThatBendsOnRoundAHairpinKeepsItsSide() throws {
        var f = RoadFixture()
        f.node("P0", 114.7, 163.8); f.node("J", 0, 0); f.node("P2", -57.4, -81.9); f.node("P3", -114.7, -163.8)
        f.node("L1", -12.6, 5.7); f.node("K", -2.5, 16.9); f.node("L3", 15.2, 37.5); f.node("L4", 35.5, 58.5)
        f.node("L5", 61.8, 95.9); f.node("L6", 69.4, 107); f.node("L7", 200, 110)
        f.node("C0", -58.3, 62.8); f.node("C1", -33.3, 40.8); f.node("C2", -18.5, 27.7)
        f.street(1, ["P0", "J", "P2", "P3"], "Princesse", highway: "primary", [("oneway", "yes")])
        f.street(2, ["J", "L1", "K", "L3", "L4", "L5", "L6", "L7"], "Leclerc", highway: "primary", [("oneway", "yes")])
        f.street(3, ["C0", "C1", "C2", "K"], "Blanc", highway: "primary", [("oneway", "yes")])
        let d = try f.build()
        let steps = instructions(try d.route((100.4, 143.3), (150, 109)).first)
        XCTAssertEqual(steps, ["Head southwest on Princesse", "Turn right onto Leclerc", "Arrive at your destination"])
    }

    /// Rainier runs south-west through J; Rue leaves it 126° left and bends 48° more left 9 m on,
    /// heading back north-east. Read over 20 m the turn is 174°, a U-turn, but the street starts
    /// out as a sharp left and the driver takes it by name (Rue Louis Auréglia: OSRM's "Turn
    /// sharp left onto Rue Louis Auréglia", no nameless U-turn).
    func testASharpTurnOntoAStreetThatBendsBackIsNoUTurn() throws {
        var f = RoadFixture()
        f.node("R0", 150, 150); f.node("J", 0, 0); f.node("R2", -150, -150)
        f.node("U1", 8.7, -1.3); f.node("U2", 49.5, 40.7); f.node("U3", 58.6, 41.4); f.node("U4", 65.4, 36.2)
        f.node("U5", 63.8, 27.2); f.node("U6", 60, -50); f.node("U7", 60, -200)
        f.street(1, ["R0", "J", "R2"], "Rainier", highway: "primary")
        f.street(2, ["J", "U1", "U2", "U3", "U4", "U5", "U6", "U7"], "Rue", highway: "secondary", [("oneway", "yes")])
        let d = try f.build()
        let steps = instructions(try d.route((100, 100), (60, -150)).first)
        XCTAssertEqual(steps.dropFirst().first, "Turn sharp left onto Rue", "\(steps)")
        XCTAssertFalse(steps.contains { $0.hasPrefix("Make a U-turn") }, "\(steps)")
    }

    /// Two turns left joined by a short piece (Rond-Point Sainte-Dévote, 18 m) add up to 188°
    /// left: one turn, sharp left, not 172° right (Avenue John F. Kennedy was "Turn sharp right").
    func testTwoTurnsPastAUTurnFoldIntoATurnOnTheirSide() {
        typealias Draft = ManeuverBuilder.Draft
        func draft(_ kind: Draft.Kind, _ name: String, turn: Double?, metres: Double) -> Draft {
            var d = Draft(kind: kind, direction: turn.map(ManeuverBuilder.direction), name: name, turn: turn)
            d.distance = metres
            d.label = StreetLabel(name: name, ref: "")
            d.choices = 1
            return d
        }
        let steps = [draft(.depart, "Ostende", turn: nil, metres: 200),
                     draft(.turn, "Rond", turn: -92.6, metres: 18),
                     draft(.continue, "Kennedy", turn: -95.7, metres: 340)]
        let folded = StepCollapsing(rules: GuidanceProfile.car.collapsing).combineConnectedTurns(steps)
        XCTAssertEqual(folded.map(\.name), ["Ostende", "Kennedy"])
        XCTAssertEqual(folded.last?.direction, .sharpLeft)
    }
}
