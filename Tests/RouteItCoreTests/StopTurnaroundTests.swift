import XCTest
@testable import RouteItCore

/// The choice of a side of the road per stop that makes a straight-on trip quickest
/// (`StopTurnaround.cheapest`), as OSRM chooses a direction per via point.
final class StopTurnaroundTests: XCTestCase {
    private func route(_ seconds: Double) -> Route {
        Route(distance: seconds * 10, expectedTravelTime: seconds, transportType: .car, polyline: [], steps: [])
    }

    private func place(_ approach: RoadSideApproach? = nil) -> MapItem {
        MapItem(placemark: Placemark(coordinate: Coordinate(latitude: 43.74, longitude: 7.42)), approach: approach)
    }

    func testAStopIsReachedTheDearerWayWhenThatSavesTheNextLegMore() throws {
        let sides = StopTurnaround.sides([place(), place(), place()])
        XCTAssertEqual(sides, [[nil], [.curb, .opposite], [nil]])
        // Reaching the stop by its curb side is quicker (100 s against 110 s), but leaving it
        // that way costs a loop round the block (400 s against 120 s).
        let times: [StopTurnaround.LegChoice: Double] = [
            .init(leg: 0, from: nil, to: .curb): 100, .init(leg: 0, from: nil, to: .opposite): 110,
            .init(leg: 1, from: .curb, to: nil): 400, .init(leg: 1, from: .opposite, to: nil): 120,
        ]
        XCTAssertEqual(Set(StopTurnaround.choices(sides)), Set(times.keys))
        let found = try XCTUnwrap(StopTurnaround.cheapest(sides) { times[$0].map(route) })
        XCTAssertEqual(found.routes.map(\.expectedTravelTime), [110, 120])
        XCTAssertEqual(found.sides, [nil, .opposite, nil])
    }

    func testAStopsOwnSideIsKeptAndATripWithoutAChoiceForEveryLegHasNone() throws {
        let sides = StopTurnaround.sides([place(.opposite), place(.curb), place()])
        XCTAssertEqual(sides, [[.opposite], [.curb], [nil]])
        let found = try XCTUnwrap(StopTurnaround.cheapest(sides) { _ in self.route(60) })
        XCTAssertEqual(found.sides, [.opposite, .curb, nil])
        // The second leg has no route leaving the stop either way: no straight-on trip.
        XCTAssertNil(StopTurnaround.cheapest(StopTurnaround.sides([place(), place(), place()])) { $0.leg == 1 ? nil : self.route(60) })
    }
}
