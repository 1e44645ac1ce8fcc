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

    func testALegLeavingItsStopBackTheWayTheLastArrivedSaysSo() throws {
        func leg(_ from: (Double, Double), _ to: (Double, Double), _ first: String) -> Route {
            Route(distance: 100, expectedTravelTime: 10, transportType: .walk,
                  polyline: [Coordinate(latitude: from.0, longitude: from.1), Coordinate(latitude: to.0, longitude: to.1)],
                  steps: [RouteStep(instruction: first, distance: 100, expectedTravelTime: 10)])
        }
        // East to the stop, then back west; then on west (no turn).
        let routes = StopTurnaround.sayingTurnarounds([leg((60.17, 24.93), (60.17, 24.94), "Head east on A"),
                                                       leg((60.17, 24.94), (60.17, 24.93), "Head west on A"),
                                                       leg((60.17, 24.93), (60.17, 24.92), "Head west on A")])
        XCTAssertEqual(routes.map { $0.steps[0].instruction }, ["Head east on A", "Turn around and head west on A", "Head west on A"])
        // Read back as the depart it is (the served JSON's maneuver).
        let maneuver = try XCTUnwrap(InstructionText.maneuver(from: routes[1].steps[0].instruction))
        XCTAssertEqual(maneuver.kind, .depart)
        XCTAssertEqual(maneuver.streetName, "A")
        XCTAssertEqual(maneuver.bearing, 270)
    }
}
