import Foundation
import XCTest
import RouteItCore

/// A trip whose last place is its start again, as the tools take a round trip (`routeit route
/// A B A`), is a round trip even when the start is typed again a little differently: within
/// 1e-6° it is the same place (`PlaceKey`). It ends "Back at" the start, which is arrived at,
/// not visited: no wait for it to open.
final class WrittenOutRoundTripTests: XCTestCase {
    private let calendar = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)
    /// Thursday 2026-12-03 08:00 UTC.
    private let departure = Date(timeIntervalSince1970: 1_796_284_800)

    private func place(_ latitude: Double, _ longitude: Double, hours: String? = nil, at index: Int) -> TripPlace {
        TripPlace(item: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: latitude, longitude: longitude), openingHours: hours)),
                  label: TripPlace.label(forPlaceAt: index))
    }

    func testTheStartTypedAgainWithinAMillionthOfADegreeIsARoundTrip() async throws {
        // The start opens at 11:00; the trip is back long before.
        let places = [place(60.1700000, 24.9410000, hours: "Mo-Su 11:00-20:00", at: 0), place(60.1710, 24.9450, at: 1),
                      place(60.1700004, 24.9410004, hours: "Mo-Su 11:00-20:00", at: 2)]
        XCTAssertNotEqual(places[0].item, places[2].item)
        let answer = try await TripPlanRequest(places: places, departure: departure, calendar: calendar, transportType: .car,
                                               day: DayOptions(end: .anywhere)).answer(using: StraightLineDirections())
        let trip = try XCTUnwrap(answer.routes.first)
        XCTAssertTrue(trip.isRoundTrip)
        XCTAssertEqual(trip.schedule?.waiting, 0, "no wait for the start to open")
        XCTAssertEqual(trip.warnings.last, [], "the way home is not a visit: nothing said of the start's hours")
        XCTAssertEqual(trip.endTime, trip.schedule?.legs.last?.arrival)
    }

    func testALastPlaceFurtherAwayIsVisited() async throws {
        let places = [place(60.1700000, 24.9410000, at: 0), place(60.1710, 24.9450, at: 1),
                      place(60.1700020, 24.9410000, hours: "Mo-Su 11:00-20:00", at: 2)]
        let answer = try await TripPlanRequest(places: places, departure: departure, calendar: calendar, transportType: .car,
                                               day: DayOptions(end: .anywhere)).answer(using: StraightLineDirections())
        let trip = try XCTUnwrap(answer.routes.first)
        XCTAssertFalse(trip.isRoundTrip)
        XCTAssertGreaterThan(trip.schedule?.waiting ?? 0, 0, "waits for the last place to open")
    }
}

extension WrittenOutRoundTripTests {
    /// Ordered (`--optimize --end anywhere`), a round trip written out keeps its last place
    /// last: the stops between are ordered, and no leg goes from the start to itself.
    func testOrderedTheStartsPlaceAgainStaysLast() async throws {
        let places = [place(60.1700000, 24.9410000, at: 0), place(60.1750, 24.9450, at: 1), place(60.1710, 24.9420, at: 2),
                      place(60.1700004, 24.9410004, at: 3)]
        let answer = try await TripPlanRequest(places: places, departure: departure, calendar: calendar, transportType: .car,
                                               optimize: true, day: DayOptions(end: .anywhere)).answer(using: StraightLineDirections())
        XCTAssertEqual(answer.order.first, 0)
        XCTAssertEqual(answer.order.last, 3)
        XCTAssertEqual(Set(answer.order), [0, 1, 2, 3])
        let trip = try XCTUnwrap(answer.routes.first)
        XCTAssertTrue(trip.isRoundTrip)
        XCTAssertFalse(trip.legs.contains { $0.route.distance < 1 }, "no leg from a place to itself")
    }
}
