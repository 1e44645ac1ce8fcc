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
                       ["Head north on Katu", "Make a U-turn onto Katu", "Arrive at your destination"])
        let walk = instructions(try d.route((0, 100), (-25, 300), .walk).first)
        XCTAssertFalse(walk.contains { $0.hasPrefix("Make a U-turn") }, "\(walk)")
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
                       ["Head north on Pää", "Make a U-turn onto Toinen", "Arrive at your destination"])
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
        XCTAssertFalse(steps.contains { $0.hasPrefix("Make a U-turn") }, "\(steps)")
    }

    /// Alku runs east; a car turns left onto an unnamed street and, 15 m on, left again onto a
    /// street heading back west. Named Toinen, it is another road: OSRM 26.10 (car.lua, the same
    /// network as an OSM file) says "turn left | turn left onto Toinen", no U-turn, since its
    /// `isUTurn` wants the road before and after to share a name. Named Alku, it is the same
    /// road and OSRM says "continue uturn".
    private func twoLeftTurns(backOnto name: String) throws -> [String] {
        var f = RoadFixture()
        f.node("A", -300, 0); f.node("X", 0, 0); f.node("E", 300, 0); f.node("Y", 0, 15)
        f.node("N", 0, 300); f.node("T", -300, 15)
        f.street(1, ["A", "X", "E"], "Alku")
        f.street(2, ["X", "Y", "N"], "")
        f.street(3, ["Y", "T"], name)
        return instructions(try f.build().route((-250, 0), (-250, 15)).first)
    }

    func testTwoTurnsBackOntoAnotherRoadAreNoUTurn() throws {
        let steps = try twoLeftTurns(backOnto: "Toinen")
        XCTAssertFalse(steps.contains { $0.hasPrefix("Make a U-turn") }, "\(steps)")
        XCTAssertEqual(steps.last(where: { $0.contains("Toinen") }), "Turn left onto Toinen", "\(steps)")
    }

    func testTwoTurnsBackOntoTheSameRoadAreAUTurn() throws {
        XCTAssertEqual(try twoLeftTurns(backOnto: "Alku"), ["Head east on Alku", "Make a U-turn onto Alku", "Arrive at your destination"])
    }

    /// Grace, one two-way way, ends in a small loop joining its westbound and eastbound sides;
    /// Access, a one-way street, leaves the loop's south end eastwards and comes back into its
    /// north end from the east, straight ahead of a car arriving eastbound. That car bends
    /// right into the loop while the way ahead is one it may not enter, so OSRM announces the
    /// bend ("continue") and collapses it with the loop's far end into "continue uturn" (the
    /// turning head of Avenue Princesse Grace in Monaco). Without Access OSRM says nothing on
    /// the loop. (With Access two-way OSRM says nothing either, where RouteIt still makes the
    /// U-turn: reading the loop as obvious past a lesser street straight ahead, as OSRM's
    /// `obviousByRoadClass` would, cost 4 of 100 Monaco car name sequences.)
    private func loop(oneWayAccess: Bool, endingInLine: Bool = false, mode: TransportType = .car) throws -> [String] {
        var f = RoadFixture()
        // In line, the loop leaves Grace more sharply (as Monaco's), ends in line with the westbound
        // side, and that side goes on south-west a while before it turns west.
        let south = endingInLine ? -20.0 : -10.0
        f.node("W1", -300, 10); f.node("J2", 0, 10); f.node("J1", 8, -4)
        f.node("L1", endingInLine ? 4 : 6, endingInLine ? 4 : 9)
        f.node("L2", endingInLine ? 12 : 10, endingInLine ? -1 : 3)
        if endingInLine { f.node("Q2", -30, -20) }
        f.node("Q", 0, -10); f.node("W2", -300, south); f.node("E1", 40, -4); f.node("E2", 40, 10)
        f.street(1, ["W2"] + (endingInLine ? ["Q2"] : []) + ["Q", "J1", "L2", "L1", "J2", "W1"], "Grace", highway: "primary")
        if oneWayAccess { f.street(2, ["J1", "E1", "E2", "J2"], "Access", [("oneway", "yes")]) }
        return instructions(try f.build().route((-250, 10), (-250, south), mode).first)
    }

    func testALoopPastAOneWayStreetComingInAheadIsAUTurn() throws {
        XCTAssertEqual(try loop(oneWayAccess: true), ["Head east on Grace", "Make a U-turn onto Grace", "Arrive at your destination"])
    }

    /// The same loop ending in line with Grace's westbound side (its last 5 m run straight on
    /// into it): at that end Grace is now the obvious way past Access (`IsDistinctWideTurn` rule 4,
    /// the first metres of each way), so no turn is told there, and the bend into the loop,
    /// past the one-way Access ahead, is still the U-turn (Monaco's turning head of Avenue
    /// Princesse Grace: "continue uturn" in osrm-routed; RouteIt said "Turn right to stay on").
    func testALoopEndingInLineWithTheWayBackIsStillAUTurn() throws {
        XCTAssertEqual(try loop(oneWayAccess: true, endingInLine: true), ["Head east on Grace", "Make a U-turn onto Grace", "Arrive at your destination"])
    }

    /// A cyclist on the same loop: OSRM's `isUTurn` is every profile's post-processing, and
    /// osrm-routed with bicycle.lua says "continue uturn" at Monaco's turning head of Avenue
    /// Princesse Grace too (the bench's random bike trips; RouteIt said "Turn right" there).
    func testALoopPastAOneWayStreetComingInAheadIsAUTurnForACyclistToo() throws {
        XCTAssertEqual(try loop(oneWayAccess: true, endingInLine: true, mode: .bike),
                       ["Head east on Grace", "Make a U-turn onto Grace", "Arrive at your destination"])
    }

    func testALoopWithoutAWayAheadIsJustTheRoad() throws {
        XCTAssertEqual(try loop(oneWayAccess: false), ["Head east on Grace", "Arrive at your destination"])
    }
}
