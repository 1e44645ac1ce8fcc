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
}
