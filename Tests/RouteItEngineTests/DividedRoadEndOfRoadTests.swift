import XCTest
import RouteItCore
@testable import RouteItEngine

/// A side street joining a divided road: it crosses the near carriageway and ends on the far one
/// (OSRM 26.10's divided-highways.feature). The short piece between the carriageways is inside
/// the junction, so the turn at its end is said where the route enters it.
final class DividedRoadEndOfRoadTests: XCTestCase, HandMadeJunctions {
    /// Main St: its westbound carriageway along y = 0, its eastbound one along y = -5, a 5 m
    /// piece of Main St between them at x = 40. Side St comes up from the south to the piece;
    /// with `crossStreet`, Maple St crosses it at y = -15.
    private func dividedRoad(crossStreet: Bool) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 40, 0); f.node("C", 70, 0)
        f.node("D", 0, -5); f.node("E", 40, -5); f.node("F", 70, -5)
        f.node("G", 40, -15); f.node("H", 40, -60)
        f.way(1, ["A", "B", "C"], [("highway", "residential"), ("oneway", "-1"), ("name", "Main St")])
        f.way(2, ["D", "E", "F"], [("highway", "residential"), ("oneway", "yes"), ("name", "Main St")])
        f.street(3, ["B", "E"], "Main St")
        f.street(4, ["E", "G", "H"], "Side St")
        if crossStreet {
            f.node("I", 20, -15); f.node("J", 60, -15)
            f.street(5, ["I", "G", "J"], "Maple St")
        }
        return try f.build()
    }

    /// Past Maple St, the T at the far carriageway is the end of the road, though a car may only
    /// go left there (the right arm only brings the westbound traffic in) and the piece before
    /// it passes no junction of its own (OSRM's `isEndOfRoad` reads the T's angles; its
    /// `findObviousTurn` counts the arm a car may not enter).
    func testJoiningADividedRoadPastAJunctionIsTheEndOfTheRoad() throws {
        let d = try dividedRoad(crossStreet: true)
        XCTAssertEqual(instructions(try d.route((40, -50), (5, 0)).first),
                       ["Head north on Side St", "At the end of the road, turn left onto Main St", "Arrive at your destination"])
    }

    /// With no junction before it, the same T is a plain turn (OSRM's `buildIntersections`).
    func testJoiningADividedRoadWithNoJunctionBeforeIsAPlainTurn() throws {
        let d = try dividedRoad(crossStreet: false)
        XCTAssertEqual(instructions(try d.route((40, -50), (5, 0)).first)[1], "Turn left onto Main St")
    }
}
