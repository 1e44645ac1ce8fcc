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

    /// Katu runs east to J and goes on 90° left there while Sivu, a street of its class, goes
    /// on 30° right (Route de Laghet above Monaco): OSRM's bike guidance, the car's handlers on
    /// bicycle.lua's roads, tells a cyclist as a driver that the street turns there.
    func testACyclistIsToldWhereTheStreetGoesOnNotObviously() throws {
        var f = RoadFixture()
        let side = -30 * Double.pi / 180
        f.node("A", -300, 0); f.node("J", 0, 0); f.node("N", 0, 300); f.node("S", 300 * cos(side), 300 * sin(side))
        f.street(1, ["A", "J", "N"], "Katu", highway: "tertiary")
        f.street(2, ["J", "S"], "Sivu", highway: "tertiary")
        let d = try f.build()
        for mode in [TransportType.car, .bike] {
            XCTAssertEqual(instructions(try d.route((-250, 0), (0, 250), mode).first),
                           ["Head east on Katu", "Turn left to stay on Katu", "Arrive at your destination"], "\(mode)")
        }
    }
}
