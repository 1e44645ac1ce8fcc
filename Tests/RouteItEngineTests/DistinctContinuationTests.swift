import XCTest
import RouteItCore
@testable import RouteItEngine

/// Cars: the street going on at a junction is obvious when every other way bends away distinctly
/// more (OSRM's `IsDistinctNarrowTurn`: more than twice as much, and by more than 12.5°), even
/// where the street itself bends: no turn and no fork to announce there.
final class DistinctContinuationTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    /// A point `metres` from `origin` in the direction `degrees` clockwise from east (to the right).
    private func ahead(_ metres: Double, _ degrees: Double, from origin: (Double, Double) = (0, 0)) -> (Double, Double) {
        (origin.0 + metres * cos(-degrees * .pi / 180), origin.1 + metres * sin(-degrees * .pi / 180))
    }

    /// Corniche (secondary, ref D 9) runs 400 m east to J and bends `bend` degrees to the right
    /// there for 500 m; Sivu, a secondary road too, leaves J at `side` degrees.
    private func bendingStreet(bend: Double, side: Double) throws -> OfflineDirections {
        var f = RoadFixture()
        let c = ahead(500, bend), s = ahead(300, side)
        f.node("A", -400, 0); f.node("J", 0, 0); f.node("C", c.0, c.1); f.node("S", s.0, s.1)
        f.street(1, ["A", "J", "C"], "Corniche", highway: "secondary", [("ref", "D 9")])
        f.street(2, ["J", "S"], "Sivu", highway: "secondary")
        return try f.build()
    }

    func testABendPastASideRoadBendingBackIsNoTurn() throws {
        let d = try bendingStreet(bend: 40, side: -140)
        let route = try XCTUnwrap(d.route((-350, 0), ahead(450, 40)).first)
        XCTAssertEqual(instructions(route), ["Head east on Corniche", "Arrive at your destination"])
    }

    /// With the side road only 60° off, the bend is as much a choice as the side road: OSRM
    /// says "Continue slight right".
    func testABendNextToASideRoadAboutAsStraightIsATurn() throws {
        let d = try bendingStreet(bend: 40, side: -60)
        let route = try XCTUnwrap(d.route((-350, 0), ahead(450, 40)).first)
        XCTAssertEqual(instructions(route), ["Head east on Corniche", "Turn slight right to stay on Corniche", "Arrive at your destination"])
    }

    /// Avenue (secondary) runs 400 m east to J and goes on 11° to the left; Chemin
    /// (tertiary: an unclassified road would make Avenue obvious by class, OSRM's
    /// `obviousByRoadClass`, and no fork at any angle) leaves J at `side` degrees left.
    private func sideRoadAhead(side: Double) throws -> OfflineDirections {
        var f = RoadFixture()
        let a = ahead(600, -11), s = ahead(400, -side)
        f.node("A", -400, 0); f.node("J", 0, 0); f.node("V", a.0, a.1); f.node("S", s.0, s.1)
        f.street(1, ["A", "J", "V"], "Avenue", highway: "secondary")
        f.street(2, ["J", "S"], "Chemin", highway: "tertiary")
        return try f.build()
    }

    func testAStreetGoingOnPastADistinctSideRoadIsNoFork() throws {
        let d = try sideRoadAhead(side: 26)
        let route = try XCTUnwrap(d.route((-350, 0), ahead(550, -11)).first)
        XCTAssertEqual(instructions(route), ["Head east on Avenue", "Arrive at your destination"])
    }

    func testASideRoadAboutAsStraightMakesAFork() throws {
        let d = try sideRoadAhead(side: 18)
        let route = try XCTUnwrap(d.route((-350, 0), ahead(550, -11)).first)
        XCTAssertEqual(instructions(route), ["Head east on Avenue", "Keep right at the fork onto Avenue", "Arrive at your destination"])
    }
}
