import XCTest
import RouteItCore
@testable import RouteItEngine

/// What OSRM reads as a turn and what as a "new name" at a walker's change of street, and the
/// turn before a name change that folds into it (`StrongNameChange`). Each scenario beside the
/// same junction without the rule's condition.
final class WalkingNameChangeTests: XCTestCase, HandMadeJunctions {
    /// Alku runs 300 m east to J; Lyhyt leaves J 10° to the right for 60 m and goes on as Pitkä
    /// for 400 m. Two dead-end streets also leave J: with `crowded` at 15° and 40° to the left, so
    /// Lyhyt is not the way a walker obviously takes; otherwise at 60° and 90° to the left.
    private func junction(crowded: Bool) throws -> OfflineDirections {
        var f = RoadFixture()
        let l = point(60, -10)
        let p = point(400, -10, from: l)
        let t = point(200, crowded ? 15 : 60), k = point(200, crowded ? 40 : 90)
        f.node("A", -300, 0); f.node("J", 0, 0); f.node("L", l.0, l.1); f.node("P", p.0, p.1)
        f.node("T", t.0, t.1); f.node("K", k.0, k.1)
        f.street(1, ["A", "J"], "Alku")
        f.street(2, ["J", "L"], "Lyhyt")
        f.street(3, ["L", "P"], "Pitkä")
        f.street(4, ["J", "T"], "Toinen")
        f.street(5, ["J", "K"], "Kolmas")
        return try f.build()
    }

    private func walk(_ d: OfflineDirections) throws -> Route {
        let end = point(350, -10, from: point(60, -10))
        return try XCTUnwrap(d.route((-250, 0), end, .walk).first)
    }

    /// Onto a way that is not the obvious one, OSRM turns ("Continue onto Lyhyt"), kept however short.
    func testAShortNameChangeOntoAWayThatIsNotObviousIsKept() throws {
        let route = try walk(try junction(crowded: true))
        XCTAssertEqual(names(route), ["Alku", "Lyhyt", "Pitkä"], "\(instructions(route))")
    }

    /// Onto the obvious way it is a "new name", which folds away when short.
    func testAShortNameChangeOntoTheObviousWayFolds() throws {
        let route = try walk(try junction(crowded: false))
        XCTAssertEqual(names(route), ["Alku", "Pitkä"], "\(instructions(route))")
    }

    /// Alku runs 300 m east to J and on for 200 m; Lyhyt leaves J to the right (south) for
    /// `piece` metres and goes on as Pitkä for 400 m, straight on or (with `bend`) bending 40°
    /// left, where a side street Sivu leaves to the right.
    private func turnIntoNameChange(piece: Double, bend: Bool) throws -> OfflineDirections {
        var f = RoadFixture()
        let p = point(400, bend ? -50 : -90, from: (0, -piece))
        f.node("A", -300, 0); f.node("J", 0, 0); f.node("E", 200, 0); f.node("L", 0, -piece)
        f.node("P", p.0, p.1); f.node("S", -200, -piece)
        f.street(1, ["A", "J", "E"], "Alku")
        f.street(2, ["J", "L"], "Lyhyt")
        f.street(3, ["L", "P"], "Pitkä")
        if bend { f.street(4, ["L", "S"], "Sivu") }
        return try f.build()
    }

    private func walk(piece: Double, bend: Bool) throws -> Route {
        let p = point(350, bend ? -50 : -90, from: (0, -piece))
        return try XCTUnwrap(try turnIntoNameChange(piece: piece, bend: bend).route((-250, 0), p, .walk).first)
    }

    /// 12 m is past a walker's 10 m collapse distance but within 1.5 times it: a turn straight
    /// into a name change reads as one turn onto the new name.
    func testATurnStraightIntoANameChangeFoldsWithinOneAndAHalfCollapseDistances() throws {
        let route = try walk(piece: 12, bend: false)
        XCTAssertEqual(names(route), ["Alku", "Pitkä"], "\(instructions(route))")
    }

    func testATurnFurtherFromTheNameChangeStays() throws {
        let route = try walk(piece: 20, bend: false)
        XCTAssertEqual(names(route), ["Alku", "Lyhyt", "Pitkä"], "\(instructions(route))")
    }

    /// A name change that bends where there is a choice is no strong one: the 12 m piece stays.
    func testATurnIntoABendingNameChangeWithAChoiceStays() throws {
        let route = try walk(piece: 12, bend: true)
        XCTAssertEqual(names(route), ["Alku", "Lyhyt", "Pitkä"], "\(instructions(route))")
    }

    /// Katu runs 300 m east to J and goes on 30° to the right for 300 m. Two dead-end streets
    /// leave J: with `crowded` 25° and 45° to the left, so the way on is not obvious to a walker
    /// (and three ways ahead make no fork); otherwise 80° and 120° to the left.
    private func bend(crowded: Bool) throws -> OfflineDirections {
        var f = RoadFixture()
        let e = point(300, -30), s = point(200, crowded ? 25 : 80), k = point(200, crowded ? 45 : 120)
        f.node("A", -300, 0); f.node("J", 0, 0); f.node("E", e.0, e.1); f.node("S", s.0, s.1); f.node("K", k.0, k.1)
        f.street(1, ["A", "J", "E"], "Katu")
        f.street(2, ["J", "S"], "Sivu")
        f.street(3, ["J", "K"], "Kolmas")
        return try f.build()
    }

    /// Where the street goes on but not obviously, OSRM's turn handler announces it (`continue
    /// slight right` on Katu), for walkers as for cars.
    func testAWalkerIsToldWhereTheStreetGoesOnNotObviously() throws {
        let route = try XCTUnwrap(try bend(crowded: true).route((-250, 0), point(250, -30), .walk).first)
        XCTAssertTrue(instructions(route).contains("Turn slight right to stay on Katu"), "\(instructions(route))")
    }

    func testNoStepWhereTheStreetObviouslyGoesOn() throws {
        let route = try XCTUnwrap(try bend(crowded: false).route((-250, 0), point(250, -30), .walk).first)
        XCTAssertEqual(route.steps.count, 2, "\(instructions(route))")
    }

    /// Avenue runs 200 m north to N; an unnamed way goes on 40 m to M, where Rue F leaves 45° left;
    /// 80 m along Rue F, Rue R turns off 90° left. OSRM 26.10 (foot.lua) on these networks built
    /// as OSM files: when the unnamed way is a residential street and nothing else meets at M,
    /// Rue F is a "new name", folded as short, and "Turn left onto Rue R" is the only step; when it
    /// is a footway and a service road also leaves M (45° right), "Turn left onto Rue F" stays.
    func testFromAnUnnamedStreetTheObviousWayIsANameChangeFromAFootwayATurn() throws {
        for (middle, serviceRoad, folds) in [("residential", false, true), ("footway", true, false)] {
            var f = RoadFixture()
            f.node("S", 0, -200); f.node("N", 0, 0); f.node("M", 0, 40); f.node("K", 40, 80)
            f.node("F1", -57, 97); f.node("F2", -114, 154); f.node("W", -198, -44)
            f.street(1, ["S", "N"], "Avenue")
            f.way(2, ["N", "M"], [("highway", middle)])
            if serviceRoad { f.way(3, ["M", "K"], [("highway", "service")]) }
            f.street(4, ["M", "F1", "F2"], "Rue F")
            f.street(5, ["F1", "W"], "Rue R")
            let d = try f.build()
            let steps = try XCTUnwrap(d.route((0, -190), (-190, -36), .walk).first).steps.map(\.instruction)
            XCTAssertEqual(steps.contains { $0.hasSuffix("onto Rue F") }, !folds, "\(middle): \(steps)")
            XCTAssertEqual(steps.last { $0.hasPrefix("Turn") }, "Turn left onto Rue R", "\(middle): \(steps)")
        }
    }

    /// An unnamed street runs 200 m north to J, where Chemin leaves 45° to the left for 60 m to
    /// Romain, and a driveway (or, with `street`, another street) 45° to the right. Beside a
    /// driveway Chemin is the way a walker obviously takes (OSRM's `obviousByRoadClass`), so
    /// its name is a name change, folded as it holds under 105 m; beside a street it is a turn.
    private func walkOntoShortChemin(besideStreet street: Bool) throws -> Route {
        var f = RoadFixture()
        let c = point(60, 135), s = point(100, 45)
        f.node("A", 0, -200); f.node("J", 0, 0); f.node("C", c.0, c.1); f.node("S", s.0, s.1); f.node("R", c.0 - 300, c.1)
        f.street(1, ["A", "J"], "")
        f.street(2, ["J", "C"], "Chemin")
        f.street(3, ["J", "S"], street ? "Sivu" : "", highway: street ? "residential" : "service")
        f.street(4, ["C", "R"], "Romain")
        return try XCTUnwrap(try f.build().route((0, -150), (c.0 - 250, c.1), .walk).first)
    }

    func testAShortNameChangeOntoAStreetBesideADrivewayFolds() throws {
        let route = try walkOntoShortChemin(besideStreet: false)
        XCTAssertEqual(names(route), ["Romain"], "\(instructions(route))")
    }

    func testTheSameStreetBesideAnotherStreetIsATurn() throws {
        let route = try walkOntoShortChemin(besideStreet: true)
        XCTAssertEqual(names(route), ["Chemin", "Romain"], "\(instructions(route))")
    }
}
