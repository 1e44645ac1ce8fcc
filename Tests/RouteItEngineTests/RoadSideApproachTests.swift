import XCTest
import RouteItCore
@testable import RouteItEngine

/// OSRM's `approaches` on the scenarios of its `approaches.feature`, laid out on a dead-end
/// street Ab–Bc (a 300 m, b 300 m, c 600 m east): with `curb` a car reaches and leaves a place
/// with it on its right, turning round at the street's end when it must; `opposite` the other
/// way; a one-way street is driven as it goes whatever is asked.
final class RoadSideApproachTests: XCTestCase {
    private static func street(oneway: Bool) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("a", 0, 0); f.node("b", 300, 0); f.node("c", 600, 0)
        let extra: [(String, String)] = oneway ? [("oneway", "yes")] : []
        f.street(1, ["a", "b"], "Ab", extra)
        f.street(2, ["b", "c"], "Bc", extra)
        return try f.build()
    }

    /// The route's length, and whether its last metres go west.
    private func drive(_ d: OfflineDirections, _ s: (Double, Double), _ e: (Double, Double),
                       _ start: RoadSideApproach, _ end: RoadSideApproach) throws -> (metres: Double, endsWest: Bool) {
        let route = try XCTUnwrap(d.routes(from: RoadFixture.coordinate(s.0, s.1), to: RoadFixture.coordinate(e.0, e.1), mode: .car,
                                           sourceApproach: start, targetApproach: end).first)
        let last = Array(route.polyline.suffix(2))
        XCTAssertEqual(last.count, 2)
        return (route.distance, last.count == 2 && last[1].longitude < last[0].longitude)
    }

    func testCurbAndOppositeOnATwoWayStreet() throws {
        let d = try Self.street(oneway: false)
        let north = (100.0, 20.0), eNorth = (400.0, 20.0), eSouth = (400.0, -20.0)
        // Both places north of the street: on a car's right when it drives west.
        var got = try drive(d, north, eNorth, .unrestricted, .unrestricted)
        XCTAssertEqual(got.metres, 300, accuracy: 15)
        XCTAssertFalse(got.endsWest)
        got = try drive(d, north, eNorth, .unrestricted, .curb)
        XCTAssertEqual(got.metres, 700, accuracy: 15, "on to c, round, back to e")
        XCTAssertTrue(got.endsWest)
        got = try drive(d, north, eNorth, .unrestricted, .opposite)
        XCTAssertEqual(got.metres, 300, accuracy: 15)
        got = try drive(d, north, eNorth, .opposite, .curb)
        XCTAssertEqual(got.metres, 700, accuracy: 15)
        // Leaving s at the curb means heading west first: round at a.
        got = try drive(d, north, eNorth, .curb, .unrestricted)
        XCTAssertEqual(got.metres, 500, accuracy: 15)
        // e south of the street is on the right of a car going east.
        got = try drive(d, north, eSouth, .unrestricted, .curb)
        XCTAssertEqual(got.metres, 300, accuracy: 15)
        got = try drive(d, north, eSouth, .unrestricted, .opposite)
        XCTAssertEqual(got.metres, 700, accuracy: 15)
        XCTAssertTrue(got.endsWest)
        // Both on one edge: the direct way along it would arrive on the wrong side.
        got = try drive(d, north, (200, 20), .unrestricted, .curb)
        XCTAssertEqual(got.metres, 900, accuracy: 15, "on to c, round, back to 200 m")
    }

    func testAOneWayStreetIsDrivenAsItGoes() throws {
        let d = try Self.street(oneway: true)
        for approach in RoadSideApproach.allCases {
            let got = try drive(d, (100, 20), (400, 20), approach, approach)
            XCTAssertEqual(got.metres, 300, accuracy: 15, "\(approach)")
        }
    }

    /// The approach comes with the place through the `Directions` protocol.
    func testThePlacesApproachReachesTheRouter() async throws {
        let d = try Self.street(oneway: false)
        func item(_ x: Double, _ approach: RoadSideApproach?) -> MapItem {
            MapItem(placemark: Placemark(coordinate: RoadFixture.coordinate(x, 20)), approach: approach)
        }
        let plain = try await d.calculate(DirectionsRequest(source: item(100, nil), destination: item(400, nil),
                                                            transportType: .car, requestsAlternateRoutes: false))
        let curb = try await d.calculate(DirectionsRequest(source: item(100, nil), destination: item(400, .curb),
                                                           transportType: .car, requestsAlternateRoutes: false))
        XCTAssertEqual(try XCTUnwrap(plain.first).distance, 300, accuracy: 15)
        XCTAssertEqual(try XCTUnwrap(curb.first).distance, 700, accuracy: 15)
    }

    /// A table's cell goes the way the route with the same approaches goes.
    func testATablesCellsKeepTheApproaches() async throws {
        let d = try Self.street(oneway: false)
        func item(_ x: Double, _ approach: RoadSideApproach?) -> MapItem {
            MapItem(placemark: Placemark(coordinate: RoadFixture.coordinate(x, 20)), approach: approach)
        }
        let places = [item(100, nil), item(400, .curb), item(200, .curb)]
        let table = try await d.table(TravelTableRequest(sources: [places[0]], destinations: Array(places.dropFirst()), transportType: .car))
        for (j, place) in places.dropFirst().enumerated() {
            let route = try XCTUnwrap(d.routes(from: places[0].coordinate, to: place.coordinate, mode: .car, targetApproach: .curb).first)
            XCTAssertEqual(try XCTUnwrap(table.durations[0][j]), route.expectedTravelTime, accuracy: 1, "place \(j + 1)")
        }
        let plain = try XCTUnwrap(d.routes(from: places[0].coordinate, to: places[1].coordinate, mode: .car).first)
        XCTAssertGreaterThan(try XCTUnwrap(table.durations[0][0]), plain.expectedTravelTime + 10, "round at c, not straight there")
    }
}
