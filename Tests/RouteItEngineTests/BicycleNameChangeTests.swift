import XCTest
import RouteItCore
@testable import RouteItEngine

/// OSRM's bike guidance runs the car's handlers on bicycle.lua's roads: onto the way a cyclist
/// obviously takes, a new name is a "new name" at any angle (`getInstructionForObvious`), which
/// folds away when short (`suppressShortNameSegments`); onto a way that is not obvious it is a turn.
final class BicycleNameChangeTests: XCTestCase, HandMadeJunctions {
    /// Alku runs 300 m east to J; Lyhyt leaves J bending 60° to the right for 60 m and goes on as
    /// Pitkä for 400 m. A dead-end street Toinen also leaves J: sharp right (150°), so Lyhyt is the
    /// obvious way, or (`crowded`) 60° to the left, so it is not.
    private func junction(crowded: Bool) throws -> OfflineDirections {
        var f = RoadFixture()
        let l = point(60, -60)
        let p = point(400, -60, from: l)
        let t = point(200, crowded ? 60 : -150)
        f.node("A", -300, 0); f.node("J", 0, 0); f.node("L", l.0, l.1); f.node("P", p.0, p.1); f.node("T", t.0, t.1)
        f.street(1, ["A", "J"], "Alku")
        f.street(2, ["J", "L"], "Lyhyt")
        f.street(3, ["L", "P"], "Pitkä")
        f.street(4, ["J", "T"], "Toinen")
        return try f.build()
    }

    private func ride(_ d: OfflineDirections) throws -> Route {
        try XCTUnwrap(d.route((-250, 0), point(350, -60, from: point(60, -60)), .bike).first)
    }

    func testAShortNameChangeBendingOntoTheObviousWayFolds() throws {
        let route = try ride(try junction(crowded: false))
        XCTAssertEqual(names(route), ["Alku", "Pitkä"], "\(instructions(route))")
    }

    func testAShortNameChangeOntoAWayThatIsNotObviousIsATurn() throws {
        let route = try ride(try junction(crowded: true))
        XCTAssertEqual(names(route), ["Alku", "Lyhyt", "Pitkä"], "\(instructions(route))")
    }

    /// Alku runs east through J; Lyhyt leaves J to the right (south) for `piece` metres and goes
    /// on straight as Pitkä for 400 m, past a side street Sivu. bicycle.lua keeps OSRM's 30 m
    /// `max_collapse_distance`: OSRM 26.10 on this junction built as an OSM file says one turn,
    /// "turn right" onto Pitkä, for a 25 m or 40 m Lyhyt (a straight name change folds within 1.5
    /// times the distance), and turns onto Lyhyt for 50 m.
    private func turnIntoNameChange(piece: Double) throws -> Route {
        var f = RoadFixture()
        f.node("A", -300, 0); f.node("J", 0, 0); f.node("E", 200, 0); f.node("L", 0, -piece)
        f.node("P", 0, -piece - 400); f.node("S", -200, -piece)
        f.street(1, ["A", "J", "E"], "Alku")
        f.street(2, ["J", "L"], "Lyhyt")
        f.street(3, ["L", "P"], "Pitkä")
        f.street(4, ["L", "S"], "Sivu")
        return try XCTUnwrap(try f.build().route((-250, 0), (0, -piece - 350), .bike).first)
    }

    func testATurnIntoANameChangeWithinThirtyMetresIsOneTurn() throws {
        for piece in [25.0, 40] {
            let route = try turnIntoNameChange(piece: piece)
            XCTAssertEqual(names(route), ["Alku", "Pitkä"], "\(piece) m: \(instructions(route))")
        }
    }

    func testATurnFurtherFromTheNameChangeStays() throws {
        let route = try turnIntoNameChange(piece: 50)
        XCTAssertEqual(names(route), ["Alku", "Lyhyt", "Pitkä"], "\(instructions(route))")
    }

    /// Alku runs 300 m east to J; Lyhyt goes on straight for 80 m to K, an unnamed street for 40 m
    /// more to M, then Pitkä for 400 m. With a driveway leaving K, OSRM's `DrivewayHandler` makes
    /// a new-name step at K onto the unnamed street, so `suppressShortNameSegments` measures Lyhyt
    /// as 80 m and folds it (Monaco's Chemin de Fontvieille); without one, Lyhyt is 120 m long and
    /// stays. OSRM 26.10 on this junction built as an OSM file says just that: "Alku | Pitkä" with
    /// the driveway, "Alku | Lyhyt | Pitkä" without.
    private func nameEndingPastADriveway(_ driveway: Bool) throws -> Route {
        var f = RoadFixture()
        f.node("A", -300, 0); f.node("J", 0, 0); f.node("K", 80, 0); f.node("M", 120, 0); f.node("P", 520, 0)
        f.node("D", 80, -60)
        f.street(1, ["A", "J"], "Alku")
        f.street(2, ["J", "K"], "Lyhyt")
        f.way(3, ["K", "M"], [("highway", "residential")])
        f.street(4, ["M", "P"], "Pitkä")
        if driveway { f.way(5, ["K", "D"], [("highway", "service")]) }
        return try XCTUnwrap(try f.build().route((-250, 0), (450, 0), .bike).first)
    }

    func testANameEndingOntoAnUnnamedStreetPastADrivewayIsMeasuredUpToIt() throws {
        let route = try nameEndingPastADriveway(true)
        XCTAssertEqual(names(route), ["Alku", "Pitkä"], "\(instructions(route))")
    }

    func testANameEndingOntoAnUnnamedStreetWithNoWayMeetingIsMeasuredWhole() throws {
        let route = try nameEndingPastADriveway(false)
        XCTAssertEqual(names(route), ["Alku", "Lyhyt", "Pitkä"], "\(instructions(route))")
    }

    /// Pää, a primary, runs 300 m east to J and turns off 75° to the right; Lyhyt, a residential
    /// street, goes on straight from J for 65 m to K, where Pitkä turns left for 400 m. OSRM's
    /// `findObviousTurn` takes Pää as the obvious way (the street going on under its name), so
    /// straight on onto Lyhyt is a turn ("turn straight"), not a new name, and
    /// `suppressShortNameSegments` keeps it however short (Monaco's Quai Albert 1er off Virage
    /// Antony Nogues), as for cars (`StraightOffTurningStreetHandler`).
    func testAShortStreetStraightOnWhereTheStreetTurnsOffIsATurn() throws {
        var f = RoadFixture()
        let turnedOff = point(300, -75)
        f.node("A", -300, 0); f.node("J", 0, 0); f.node("T", turnedOff.0, turnedOff.1); f.node("K", 65, 0); f.node("P", 65, 400)
        f.street(1, ["A", "J", "T"], "Pää", highway: "primary")
        f.street(2, ["J", "K"], "Lyhyt")
        f.street(3, ["K", "P"], "Pitkä")
        let route = try XCTUnwrap(try f.build().route((-250, 0), (65, 350), .bike).first)
        XCTAssertEqual(instructions(route).dropFirst().first, "Go straight onto Lyhyt", "\(instructions(route))")
        XCTAssertEqual(names(route), ["Pää", "Lyhyt", "Pitkä"], "\(instructions(route))")
    }
}
