import Foundation
import XCTest
import RouteItCore
@testable import routeit

/// `routeit route --optimize --days N --json`: OSRM's trip answer with a trip a day, in day
/// order, each leaving from the start; every place as given says its day's trip (`trips_index`)
/// and its place in it (`waypoint_index`), the start leading day 1; a place no day fits says
/// neither, as a one-day trip's left-out place does.
final class OSRMTripDaysJSONTests: XCTestCase {
    private let start = Coordinate(latitude: 60.1700, longitude: 24.9410)
    private let friday = Coordinate(latitude: 60.1750, longitude: 24.9450)
    private let thursday = Coordinate(latitude: 60.1710, longitude: 24.9420)
    private let saturday = Coordinate(latitude: 60.1650, longitude: 24.9300)

    private func waypoint(_ c: Coordinate) -> OSRMRouteJSON.Waypoint {
        .init(query: c.description, item: MapItem(placemark: Placemark(coordinate: c)))
    }

    /// A day's round trip through `stops`, one straight leg between each pair.
    private func day(_ stops: [Coordinate]) -> DirectionsViewModel {
        let visited = [start] + stops + [start]
        return DirectionsViewModel(legs: zip(visited, visited.dropFirst()).map { from, to in
            DirectionsLeg(source: MapItem(placemark: Placemark(coordinate: from)), destination: MapItem(placemark: Placemark(coordinate: to)),
                          route: Route(distance: from.distance(to: to), expectedTravelTime: 60, transportType: .car,
                                       polyline: [from, to], steps: []))
        }, transportType: .car)
    }

    private func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    func testATripADayEachPlaceWithItsDayAndItsPlaceInIt() throws {
        let inputs = [start, friday, thursday, saturday].map(waypoint)
        // Thursday's stop on day 1, Friday's on day 2; Saturday's fits no day.
        let json = try object(OSRMRouteJSON.tripResponse(inputs: inputs, trips: [[0, 2, 0], [0, 1, 0]],
                                                         routes: [day([thursday]), day([friday])], options: OSRMRouteOptions()))
        XCTAssertEqual(json["code"] as? String, "Ok")
        XCTAssertNil(json["routes"])
        let trips = try XCTUnwrap(json["trips"] as? [[String: Any]])
        XCTAssertEqual(trips.map { ($0["legs"] as? [Any])?.count }, [2, 2], "each day there and back")
        let waypoints = try XCTUnwrap(json["waypoints"] as? [[String: Any]])
        XCTAssertEqual(waypoints.count, 4, "one per place as given, in the order given")
        XCTAssertEqual(waypoints.map { $0["trips_index"] as? Int }, [0, 1, 0, nil])
        XCTAssertEqual(waypoints.map { $0["waypoint_index"] as? Int }, [0, 1, 1, nil], "each day's stops count from 1: the start leads it")
        XCTAssertEqual(waypoints.map { ($0["routeit"] as? [String: Any])?["left_out"] as? Bool }, [nil, nil, nil, true])
        XCTAssertEqual(waypoints.map { $0["location"] as? [Double] },
                       [start, friday, thursday, saturday].map { OSRMRouteJSON.point($0) })
    }

    /// One day is the one-day answer, byte for byte.
    func testOneTripIsTheOneDayAnswer() throws {
        let inputs = [start, friday, thursday, saturday].map(waypoint)
        let routes = [day([thursday, friday])]
        XCTAssertEqual(OSRMRouteJSON.tripResponse(inputs: inputs, trips: [[0, 2, 1, 0]], routes: routes, options: OSRMRouteOptions()),
                       OSRMRouteJSON.tripResponse(inputs: inputs, order: [0, 2, 1, 0], routes: routes, options: OSRMRouteOptions()))
        let waypoints = try XCTUnwrap(try object(OSRMRouteJSON.tripResponse(inputs: inputs, order: [0, 2, 1, 0], routes: routes,
                                                                            options: OSRMRouteOptions()))["waypoints"] as? [[String: Any]])
        XCTAssertEqual(waypoints.map { $0["trips_index"] as? Int }, [0, 0, 0, nil])
        XCTAssertEqual(waypoints.map { $0["waypoint_index"] as? Int }, [0, 2, 1, nil])
    }
}
