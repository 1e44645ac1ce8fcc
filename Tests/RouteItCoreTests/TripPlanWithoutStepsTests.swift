import Foundation
import XCTest
import RouteItCore

/// A trip asked without steps (OSRM's `steps=false`): the use case passes that on to the
/// directions and takes routes that come without steps; asked with steps, such a route is
/// still no route.
final class TripPlanWithoutStepsTests: XCTestCase {
    private let places = ["Kamppi", "Kallio", "Töölö"].enumerated().map { i, name in
        TripPlace(item: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: 60.16 + Double(i) / 100, longitude: 24.93)), name: name),
                  label: TripPlace.label(forPlaceAt: i))
    }

    /// Routes between consecutive places with a line and no steps.
    private func stepless() -> StubDirections {
        let directions = StubDirections()
        for (a, b) in zip(places, places.dropFirst()) {
            var route = Route(name: "Mannerheimintie", distance: 1_000, expectedTravelTime: 120, transportType: .car,
                              polyline: [a.item.coordinate, b.item.coordinate], steps: [])
            route.departureStreet = "Runeberginkatu"
            route.arrivalStreet = "Helsinginkatu"
            directions.set(a.item.name!, b.item.name!, [route])
        }
        return directions
    }

    private func request(wantsSteps: Bool) -> TripPlanRequest {
        TripPlanRequest(places: places, departure: Date(timeIntervalSince1970: 1_800_000_000),
                        calendar: LocalCalendar(timeZone: TimeZone(identifier: "UTC")!), transportType: .car,
                        day: DayOptions(end: .anywhere), detail: wantsSteps ? .steps : [])
    }

    func testWithoutStepsTheLegsAreAskedWithoutAndTaken() async throws {
        let directions = stepless()
        let answer = try await request(wantsSteps: false).answer(using: directions)
        XCTAssertEqual(directions.requests.count, 2)
        XCTAssertTrue(directions.requests.allSatisfy { !$0.wantsSteps })
        let trip = try XCTUnwrap(answer.routes.first)
        XCTAssertEqual(trip.legs.count, 2)
        XCTAssertEqual(trip.totalDistance, 2_000)
        XCTAssertEqual(trip.legs.map(\.route.departureStreet), ["Runeberginkatu", "Runeberginkatu"])
        XCTAssertNotNil(trip.schedule)
    }

    func testWithStepsARouteWithoutIsNoRoute() async throws {
        let directions = stepless()
        do {
            _ = try await request(wantsSteps: true).answer(using: directions)
            XCTFail("a route without steps was taken where steps were asked")
        } catch let alert as Alert {
            XCTAssertTrue(alert.message.hasPrefix(Alert.directionsNotAvailable.message), alert.message)
        }
        XCTAssertTrue(directions.requests.allSatisfy(\.wantsSteps))
    }

    func testAlternativesWithoutStepsAreTaken() async throws {
        let directions = stepless()
        let pair = Array(places.prefix(2))
        let answer = try await TripPlanRequest(places: pair, departure: Date(timeIntervalSince1970: 1_800_000_000),
                                               calendar: LocalCalendar(timeZone: TimeZone(identifier: "UTC")!),
                                               transportType: .car, alternatives: true, day: DayOptions(end: .anywhere), detail: []).answer(using: directions)
        XCTAssertEqual(answer.routes.count, 1)
        XCTAssertEqual(directions.requests.map(\.wantsSteps), [false])
    }
}
