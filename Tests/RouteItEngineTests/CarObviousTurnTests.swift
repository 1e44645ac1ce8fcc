import XCTest
import RouteItCore
@testable import RouteItEngine

/// OSRM's obvious way for a car (`findObviousTurn`, ramp.feature): a slip road of another class
/// never looks as obvious as the street going on in its own class.
final class CarObviousTurnTests: XCTestCase, HandMadeJunctions {
    /// Katu, a tertiary street, bends 50° left at B while a motorway ramp leaves it 90° right: the
    /// ramp bends off less than twice as much, but it is a slip road, not the street.
    private func streetPastARamp() throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("A", -300, 0); f.node("B", 0, 0); f.node("C", 193, 230); f.node("D", 0, -300)
        f.street(1, ["A", "B", "C"], "Katu", highway: "tertiary")
        f.way(2, ["B", "D"], [("highway", "motorway_link"), ("oneway", "yes")])
        return try f.build()
    }

    func testTheStreetBendingPastARampGoesOnWithoutAStep() throws {
        let d = try streetPastARamp()
        XCTAssertEqual(instructions(try d.route((-250, 0), (150, 180)).first),
                       ["Head east on Katu", "Arrive at your destination"])
        // Onto the ramp it is a step.
        XCTAssertEqual(instructions(try d.route((-250, 0), (0, -250)).first).count, 3)
    }

    /// Holz, a residential street, ends where two unnamed service roads leave it, one left and
    /// one straight on (turn-angles.feature, "Service Road at the end"): neither is the obvious
    /// way, so taking either is a turn.
    func testAStreetEndingInDrivewaysHasNoObviousWay() throws {
        var f = RoadFixture()
        f.node("A", 0, -300); f.node("B", 0, 0); f.node("C", -300, 0); f.node("D", 0, 300)
        f.street(1, ["A", "B"], "Holz")
        f.way(2, ["B", "C"], [("highway", "service")])
        f.way(3, ["B", "D"], [("highway", "service")])
        let left = instructions(try f.build().route((0, -250), (-250, 0)).first)
        XCTAssertEqual(left.count, 3, "\(left)")
    }

    /// Pont, a primary one-way, meets Alsace, a tertiary one-way leaving 45° right, and bends
    /// 7 m on from 54° to 43° off (a footway splits it there): over its first 20 m it leaves only
    /// 30° left, so Alsace looked slightly distinctly further off and Pont the obvious way in its
    /// class; OSRM perceives both 45° off and says "Turn left" (Pont Sainte-Dévote at Avenue
    /// d'Alsace, Monaco, in metres; the side ways end Pont's and Alsace's readings as there).
    func testAStreetBendingOffPastALesserOneIsReadByItsPerceivedBearings() throws {
        var f = RoadFixture()
        f.node("B0", 60, 0.5); f.node("P", 20, 1.8); f.node("Q", 8.6, 2.3); f.node("J", 0, 0)
        f.node("S1", -6.1, -4.3); f.node("S2", -22.4, -24); f.node("S3", -25.5, -29.9); f.node("S4", -32.9, -43.9)
        f.node("S5", -35.8, -54.7); f.node("S6", -38, -120)
        f.node("A1", -8, 6.8); f.node("A2", -38.7, 28.1); f.node("A3", -120, 40)
        f.street(1, ["B0", "P"], "Boulevard", highway: "primary")
        f.street(2, ["P", "Q", "J", "S1", "S2", "S3", "S4", "S5"], "Pont", highway: "primary", [("oneway", "yes")])
        f.street(4, ["S5", "S6"], "Jardin", highway: "primary")
        f.node("F", 5.2, -11.3)
        f.way(5, ["S1", "F"], [("highway", "footway")])
        f.node("T", -29, 9)
        f.way(6, ["A1", "T"], [("highway", "tertiary")])
        f.node("U", -60, -10)
        f.way(7, ["U", "S3"], [("highway", "tertiary"), ("oneway", "yes")])
        f.street(3, ["J", "A1", "A2", "A3"], "Alsace", highway: "tertiary", [("oneway", "yes")])
        let steps = instructions(try f.build().route((55, 0.6), (-37, -100)).first)
        XCTAssertEqual(steps.count, 3, "\(steps)")
        XCTAssertTrue(steps[1].hasPrefix("Turn") && steps[1].hasSuffix("onto Pont"), "\(steps)")
    }

    /// Katu comes east into B, where Tie leaves 37° right and Sivu, a one-way, comes in 10° left
    /// of straight on. Tie is narrower than OSRM's NARROW_TURN_ANGLE (40°), so Sivu, which no
    /// car may enter, does not count against it (`findObviousTurn`'s `is_similar_turn`): Tie is
    /// the obvious way.
    func testAWayNoCarMayEnterDoesNotCountAgainstANarrowTurn() throws {
        var f = RoadFixture()
        let c = point(300, -37), d = point(300, 10)
        f.node("A", -300, 0); f.node("B", 0, 0); f.node("C", c.0, c.1); f.node("D", d.0, d.1)
        f.street(1, ["A", "B"], "Katu")
        f.street(2, ["B", "C"], "Tie")
        f.street(3, ["D", "B"], "Sivu", [("oneway", "yes")])
        let (guide, all) = try junctions(try f.build(), (-250, 0), (c.0 * 0.8, c.1 * 0.8))
        let b = try junction(leaving: "Katu", all)
        let obvious = guide.carObviousBranch(at: b.node, arrivingBy: b.arriving, inBearing: b.inBearing)
        XCTAssertEqual(obvious?.goesSameWay(as: b.leaving), true, "\(String(describing: obvious))")
    }

    /// Iso, a secondary street, comes north into X and goes on 70° left; Tie leaves 28° right and
    /// Muu 72° right, all secondary. Iso going on and Muu lie 142° apart, within OSRM's
    /// NARROW_TURN_ANGLE (40°) of straight across: a street crossing over, which never looks as
    /// obvious as a narrow candidate (`IsDistinctNarrowTurn`'s `opposing_to_compare_road_is_distinct`),
    /// so Tie is the obvious way.
    func testAStreetCrossingWithinTheNarrowTurnAngleOfStraightAcrossIsNoRivalOfANarrowTurn() throws {
        var f = RoadFixture()
        // `point` reads degrees counterclockwise from east: north is 90°.
        let t = point(300, 90 - 28), w = point(300, 90 + 70), m = point(300, 90 - 72)
        f.node("S", 0, -300); f.node("X", 0, 0); f.node("T", t.0, t.1); f.node("W", w.0, w.1); f.node("M", m.0, m.1)
        f.street(1, ["S", "X"], "Iso", highway: "secondary")
        f.street(2, ["X", "W"], "Iso", highway: "secondary")
        f.street(3, ["X", "T"], "Tie", highway: "secondary")
        f.street(4, ["X", "M"], "Muu", highway: "secondary")
        let (guide, all) = try junctions(try f.build(), (0, -250), (t.0 * 0.8, t.1 * 0.8))
        let x = try junction(leaving: "Iso", all)
        let obvious = guide.carObviousBranch(at: x.node, arrivingBy: x.arriving, inBearing: x.inBearing)
        XCTAssertEqual(obvious?.goesSameWay(as: x.leaving), true, "\(String(describing: obvious))")
    }
}
