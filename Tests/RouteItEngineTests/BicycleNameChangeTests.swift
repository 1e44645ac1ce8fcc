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
}
