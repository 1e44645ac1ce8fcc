import XCTest
import RouteItCore
@testable import RouteItEngine

/// Roads closed to through traffic (`destination`, `private`, ...) carry cars only to places on
/// them, and roads for buses or taxis only carry none, as in OSRM's car.lua.
final class RestrictedAccessTests: XCTestCase {
    private func profile(_ tags: [(String, String)]) -> RoadProfile? { RoadProfile(tags: tags) }

    func testAccessTagsAsCarLuaReadsThem() throws {
        let destination = try XCTUnwrap(profile([("highway", "residential"), ("motor_vehicle", "destination")]))
        XCTAssertTrue(destination.carRestricted)
        XCTAssertTrue(destination.carForward && destination.carBackward)
        let privateService = try XCTUnwrap(profile([("highway", "service"), ("access", "private")]))
        XCTAssertTrue(privateService.carRestricted)
        XCTAssertTrue(privateService.carForward)
        XCTAssertFalse(privateService.foot, "walkers keep to the access tag")
        XCTAssertTrue(try XCTUnwrap(profile([("highway", "unclassified"), ("access", "no"), ("motor_vehicle", "destination")])).carRestricted,
                      "the most specific key wins")
        let busOnly = try XCTUnwrap(profile([("highway", "unclassified"), ("access", "psv")]))
        XCTAssertFalse(busOnly.carForward || busOnly.carBackward)
        XCTAssertFalse(try XCTUnwrap(profile([("highway", "residential"), ("motor_vehicle", "no"), ("foot", "yes")])).carForward)
        XCTAssertNil(profile([("highway", "track"), ("access", "private")]), "a private track is closed to cars (and walkers)")
        let open = try XCTUnwrap(profile([("highway", "residential"), ("motor_vehicle", "yes")]))
        XCTAssertFalse(open.carRestricted)
        XCTAssertTrue(open.carForward)
    }

    /// Alku → A, then a 400 m shortcut to B (tagged `shortcut`) or the 1000 m ring road; B → Loppu.
    private func town(shortcut: [(String, String)]) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("W", -200, 0); f.node("A", 0, 0); f.node("B", 400, 0); f.node("E", 600, 0)
        f.node("R1", 0, 300); f.node("R2", 400, 300)
        f.street(1, ["W", "A"], "Alku")
        f.street(2, ["A", "B"], "Oikotie", shortcut)
        f.street(3, ["A", "R1", "R2", "B"], "Kehä")
        f.street(4, ["B", "E"], "Loppu")
        return try f.build()
    }

    private let residentialMs = 25 / 3.6

    func testNoThroughTrafficButTripsToPlacesOnTheRoad() throws {
        let d = try town(shortcut: [("motor_vehicle", "destination")])
        let through = try XCTUnwrap(d.route((-100, 0), (500, 0)).first)
        XCTAssertEqual(through.distance, RoadFixture.measured([(-100, 0), (0, 0), (0, 300), (400, 300), (400, 0), (500, 0)]), accuracy: 1,
                       "round the ring, not through")
        XCTAssertEqual(try XCTUnwrap(d.route((-100, 0), (500, 0), .walk).first).distance, RoadFixture.measured([(-100, 0), (500, 0)]), accuracy: 1)

        // A trip to a house on the shortcut drives in; the entry charge is no time.
        let inside = try XCTUnwrap(d.route((-100, 0), (200, 0)).first)
        XCTAssertEqual(inside.distance, RoadFixture.measured([(-100, 0), (200, 0)]), accuracy: 1)
        XCTAssertEqual(inside.expectedTravelTime, RoadFixture.measured([(-100, 0), (200, 0)]) / residentialMs, accuracy: 0.02)
        XCTAssertEqual(inside.steps.reduce(0) { $0 + $1.expectedTravelTime }, inside.expectedTravelTime, accuracy: 1e-6)
        let c = try d.costs(RoadFixture.coordinate(-100, 0), RoadFixture.coordinate(200, 0), .car)
        XCTAssertEqual(c.ch, c.reference)
        XCTAssertGreaterThan(Double(try XCTUnwrap(c.ch)) / 1000, inside.expectedTravelTime + 3000, "the weight holds the charge")

        // Leaving it is free: from the house out to Loppu takes the short way.
        XCTAssertEqual(try XCTUnwrap(d.route((200, 0), (500, 0)).first).distance, RoadFixture.measured([(200, 0), (500, 0)]), accuracy: 1)
        // Alternatives stay within the stretch in time, not in weight.
        for route in try d.route((-100, 0), (200, 0), alternatives: true) {
            XCTAssertLessThanOrEqual(route.expectedTravelTime, inside.expectedTravelTime * 1.5)
        }
    }

    /// As in OSRM, a car trip does not start or end on a private service road (a driveway):
    /// it ends on the public road nearest to the point instead.
    func testNoTripEndsOnAPrivateDriveway() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 400, 0); f.node("P0", 200, 0); f.node("P1", 200, 100)
        f.street(1, ["A", "P0", "B"], "Katu")
        f.way(2, ["P0", "P1"], [("highway", "service"), ("access", "private"), ("name", "Piha")])
        let d = try f.build()
        XCTAssertTrue(try XCTUnwrap(profile([("highway", "service"), ("access", "private")])).carRestricted)
        XCTAssertFalse(try XCTUnwrap(profile([("highway", "service"), ("access", "private")])).carEndpoint)
        XCTAssertTrue(try XCTUnwrap(profile([("highway", "residential"), ("access", "private")])).carEndpoint)
        let route = try XCTUnwrap(d.route((50, 0), (205, 60)).first)
        XCTAssertEqual(route.distance, 155, accuracy: 1)
        let end = try XCTUnwrap(route.polyline.last)
        XCTAssertEqual(end.distance(to: RoadFixture.coordinate(205, 0)), 0, accuracy: 1)
    }

    func testBusOnlyRoadsCarryNoCars() throws {
        let d = try town(shortcut: [("access", "psv")])
        XCTAssertEqual(try XCTUnwrap(d.route((-100, 0), (500, 0)).first).distance,
                       RoadFixture.measured([(-100, 0), (0, 0), (0, 300), (400, 300), (400, 0), (500, 0)]), accuracy: 1)
        XCTAssertEqual(try XCTUnwrap(d.route((-100, 0), (500, 0), .walk).first).distance, RoadFixture.measured([(-100, 0), (500, 0)]), accuracy: 1)
    }

    /// A destination-only way drawn over the open shortcut: OSRM keeps one of two parallel
    /// segments, at equal time the one named first ("Ahdas" before "Oikotie"), so the stretch is
    /// closed to through traffic; named after it ("Yksityistie"), the open shortcut is kept.
    func testAnOverlappingDestinationWayNamedFirstClosesTheStretch() throws {
        for (name, closed) in [("Ahdas", true), ("Yksityistie", false)] {
            var f = RoadFixture()
            f.node("W", -200, 0); f.node("A", 0, 0); f.node("B", 400, 0); f.node("E", 600, 0)
            f.node("R1", 0, 300); f.node("R2", 400, 300)
            f.street(1, ["W", "A"], "Alku")
            f.street(2, ["A", "B"], "Oikotie")
            f.street(3, ["A", "R1", "R2", "B"], "Kehä")
            f.street(4, ["B", "E"], "Loppu")
            f.street(5, ["A", "B"], name, [("motor_vehicle", "destination")])
            let d = try f.build()
            let through = try XCTUnwrap(d.route((-100, 0), (500, 0)).first)
            let around = RoadFixture.measured([(-100, 0), (0, 0), (0, 300), (400, 300), (400, 0), (500, 0)])
            XCTAssertEqual(through.distance, closed ? around : RoadFixture.measured([(-100, 0), (500, 0)]), accuracy: 1, name)
            let inside = try XCTUnwrap(d.route((-100, 0), (200, 0)).first)
            XCTAssertEqual(inside.distance, RoadFixture.measured([(-100, 0), (200, 0)]), accuracy: 1, "a trip into it drives in: \(name)")
        }
    }
}
