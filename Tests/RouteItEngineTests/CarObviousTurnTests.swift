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
}
