import XCTest
import RouteItCore
@testable import RouteItEngine

/// Cars: where the street goes on at a junction but not where it obviously would (another road
/// of its class leaves about as straight), OSRM announces the junction ("Continue left"), so a
/// name change a few metres before it is read out there instead of folding away.
final class NonObviousContinuationTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    /// Alku runs east for 300 m; Silta begins there and after 20 m reaches a Y junction where it
    /// bears 38° left while `sideRoad` bears 50° right; 60 m on, Silta becomes Pitkä for 400 m.
    private func yJunction(sideRoad: [(String, String)]) throws -> OfflineDirections {
        var f = RoadFixture()
        let right = -50 * Double.pi / 180
        f.node("A", 0, 0); f.node("N", 300, 0); f.node("J", 320, 0)
        f.node("S", 320 + 60 * cos(left), 60 * sin(left))
        f.node("P", 320 + 460 * cos(left), 460 * sin(left))
        f.node("R", 320 + 300 * cos(right), 300 * sin(right))
        f.street(1, ["A", "N"], "Alku")
        f.street(2, ["N", "J", "S"], "Silta")
        f.street(3, ["S", "P"], "Pitkä")
        f.way(4, ["J", "R"], sideRoad)
        return try f.build()
    }

    private let left = 38 * Double.pi / 180
    /// From Alku to Pitkä, 340 m past the junction.
    private var trip: ((Double, Double), (Double, Double)) { ((50, 0), (320 + 400 * cos(left), 400 * sin(left))) }

    func testACarIsToldToTurnOntoTheStreetAtTheJunction() throws {
        let d = try yJunction(sideRoad: [("highway", "residential"), ("name", "Sivu")])
        let route = try XCTUnwrap(d.route(trip.0, trip.1).first)
        // A plain turn: the street it stays on (Silta) began only 20 m before, off Alku.
        XCTAssertEqual(instructions(route), ["Head east on Alku", "Turn slight left onto Silta", "Continue onto Pitkä",
                                             "Arrive at your destination"])
        XCTAssertEqual(route.steps.reduce(0) { $0 + $1.distance }, route.distance, accuracy: 1e-6)
    }

    /// The same junction with Sivu a service road: Silta is the obvious way on, nothing to say
    /// there, and the short stretch of Silta folds away.
    func testAnObviousWayOnSaysNothing() throws {
        let d = try yJunction(sideRoad: [("highway", "service")])
        let route = try XCTUnwrap(d.route(trip.0, trip.1).first)
        XCTAssertEqual(instructions(route), ["Head east on Alku", "Continue onto Pitkä", "Arrive at your destination"])
    }
}

/// Cyclists too: OSRM's bike guidance is the car's handlers on bicycle.lua's roads, so a street
/// that goes on where it does not obviously would is announced ("Turn left onto Chemin Romain |
/// Turn left to stay on Chemin Romain" in Monaco), not passed silently.
final class CyclistNonObviousContinuationTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    /// Runko runs north for 300 m to Y, where it turns 90° left while Haara, a street of the
    /// same class, leaves 75° right: neither way on is obvious.
    func testACyclistIsToldWhereTheStreetGoesOnNotObviously() throws {
        var f = RoadFixture()
        let right = 75 * Double.pi / 180
        f.node("S", 0, -300); f.node("Y", 0, 0); f.node("L", -300, 0)
        f.node("R", 300 * sin(right), 300 * cos(right))
        f.street(1, ["S", "Y", "L"], "Runko")
        f.street(2, ["Y", "R"], "Haara")
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((0, -200), (-250, 0), .bike).first),
                       ["Head north on Runko", "Turn left to stay on Runko", "Arrive at your destination"])
    }
}
