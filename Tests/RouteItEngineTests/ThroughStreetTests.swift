import XCTest
import RouteItCore
@testable import RouteItEngine

/// OSRM's through streets: the way taken at a junction runs on beyond it under the same name and
/// class. A slip road joining a slip road that goes on through says nothing; a short name change
/// onto a through street is a turn to OSRM and is kept, where a short "new name" folds away.
final class ThroughStreetTests: XCTestCase, HandMadeJunctions {
    /// An unnamed one-way slip road climbs 300 m north-east to J and joins the slip road "A 9",
    /// which runs 400 m east and goes on as "Bretelle" (no ref) for 500 m. With `throughRamp`
    /// a second A 9 slip road also arrives at J from the west, so A 9 runs on through J.
    private func rampJunction(throughRamp: Bool) throws -> OfflineDirections {
        var f = RoadFixture()
        let s = point(300, 200)
        f.node("S", s.0, s.1); f.node("J", 0, 0); f.node("E", 400, 0); f.node("B", 900, 0)
        f.node("W", -300, 0)
        let ramp: [(String, String)] = [("highway", "motorway_link"), ("oneway", "yes")]
        f.way(1, ["S", "J"], ramp)
        f.way(2, ["J", "E"], ramp + [("ref", "A 9")])
        f.way(3, ["E", "B"], ramp + [("name", "Bretelle")])
        if throughRamp { f.way(4, ["W", "J"], ramp + [("ref", "A 9")]) }
        return try f.build()
    }

    func testARampJoiningAThroughRampAnnouncesNoName() throws {
        let d = try rampJunction(throughRamp: true)
        let start = point(250, 200)
        let route = try XCTUnwrap(d.route(start, (850, 0)).first)
        XCTAssertEqual(names(route), ["Bretelle"], "\(instructions(route))")
        XCTAssertEqual(route.steps.reduce(0) { $0 + $1.distance }, route.distance, accuracy: 1e-6)
    }

    /// Where the joined ramp starts at the junction, its name is news as before.
    func testARampStartingAtTheJunctionIsAnnounced() throws {
        let d = try rampJunction(throughRamp: false)
        let route = try XCTUnwrap(d.route(point(250, 200), (850, 0)).first)
        XCTAssertEqual(names(route), ["A 9", "Bretelle"], "\(instructions(route))")
    }

    /// Alku arrives at J from the south-west; Lyhyt leaves J 15° to the right of straight on
    /// for 80 m and becomes Pitkä for 400 m. With `lyhytGoesOn` Lyhyt also runs 300 m west of
    /// J, so it is a through street there.
    private func shortStreet(lyhytGoesOn: Bool) throws -> OfflineDirections {
        var f = RoadFixture()
        let a = point(300, 180 + 15)
        f.node("A", a.0, a.1); f.node("J", 0, 0); f.node("L", 80, 0); f.node("P", 480, 0); f.node("W", -300, 0)
        f.street(1, ["A", "J"], "Alku")
        f.street(2, ["J", "L"], "Lyhyt")
        f.street(3, ["L", "P"], "Pitkä")
        if lyhytGoesOn { f.street(4, ["W", "J"], "Lyhyt") }
        return try f.build()
    }

    private var trip: ((Double, Double), (Double, Double)) { (point(250, 180 + 15), (450, 0)) }

    func testAShortNameChangeOntoAThroughStreetIsKept() throws {
        let d = try shortStreet(lyhytGoesOn: true)
        let route = try XCTUnwrap(d.route(trip.0, trip.1).first)
        XCTAssertEqual(names(route), ["Alku", "Lyhyt", "Pitkä"], "\(instructions(route))")
    }

    func testAShortNameChangeOntoAStreetStartingThereFolds() throws {
        let d = try shortStreet(lyhytGoesOn: false)
        let route = try XCTUnwrap(d.route(trip.0, trip.1).first)
        XCTAssertEqual(names(route), ["Alku", "Pitkä"], "\(instructions(route))")
    }

    /// OSRM's turn onto a through street does not depend on the profile: walkers hear it too.
    func testWalkersKeepTheShortNameChangeOntoAThroughStreetToo() throws {
        let d = try shortStreet(lyhytGoesOn: true)
        let route = try XCTUnwrap(d.route(trip.0, trip.1, .walk).first)
        XCTAssertEqual(names(route), ["Alku", "Lyhyt", "Pitkä"], "\(instructions(route))")
    }

    func testWalkersFoldTheShortNameChangeOntoAStreetStartingThere() throws {
        let d = try shortStreet(lyhytGoesOn: false)
        let route = try XCTUnwrap(d.route(trip.0, trip.1, .walk).first)
        XCTAssertEqual(names(route), ["Alku", "Pitkä"], "\(instructions(route))")
    }
}
