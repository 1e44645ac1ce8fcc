import Foundation
import XCTest
import RouteItCore

/// `TripPlanRequest` over several days (`routeit route --optimize --days N`): `Answer.days` says
/// each day's route as the places given, one per route, in day order, each from the start to
/// the trip's end, so the tools can write a trip a day (OSRM's `trips`).
final class TripPlanDaysTests: XCTestCase {
    private let calendar = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)
    /// Thursday 2026-12-03 08:00 UTC.
    private let departure = Date(timeIntervalSince1970: 1_796_284_800)

    private func place(_ latitude: Double, _ longitude: Double, hours: String? = nil, at index: Int) -> TripPlace {
        TripPlace(item: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: latitude, longitude: longitude), openingHours: hours)),
                  label: TripPlace.label(forPlaceAt: index))
    }

    /// The start; a stop open Fridays only; one open Thursdays only; one open Saturdays only.
    private var places: [TripPlace] {
        [place(60.1700, 24.9410, at: 0), place(60.1750, 24.9450, hours: "Fr 08:00-20:00", at: 1),
         place(60.1710, 24.9420, hours: "Th 08:00-20:00", at: 2), place(60.1650, 24.9300, hours: "Sa 08:00-20:00", at: 3)]
    }

    private func answer(_ places: [TripPlace], end: TripEndChoice) async throws -> TripPlanRequest.Answer {
        try await TripPlanRequest(places: places, departure: departure, calendar: calendar, transportType: .car,
                                  optimize: true, day: DayOptions(end: end, days: 2)).answer(using: StraightLineDirections())
    }

    func testEachDaysRouteIsSaidAsThePlacesGiven() async throws {
        let back = try await answer(places, end: .start)
        XCTAssertTrue(back.isDays)
        // Thursday's stop on day 1, Friday's on day 2, each day back to the start; Saturday's
        // stop fits no day and is in none.
        XCTAssertEqual(back.days, [[0, 2, 0], [0, 1, 0]])
        XCTAssertEqual(back.routes.count, 2)
        for (route, day) in zip(back.routes, back.days) {
            XCTAssertEqual(route.places.map(\.item.coordinate), day.map { places[$0].item.coordinate })
        }
        let anywhere = try await answer(places, end: .anywhere)
        XCTAssertEqual(anywhere.days, [[0, 2], [0, 1]], "no way back")
    }

    /// A round trip written out (`A B C A`): the start's place again ends the last day, as it
    /// ends the one-day trip.
    func testAWrittenOutRoundTripEndsTheLastDayAtItsLastPlace() async throws {
        let written = places + [place(60.1700, 24.9410, at: 4)]
        let answer = try await answer(written, end: .anywhere)
        XCTAssertEqual(answer.days, [[0, 2, 0], [0, 1, 4]])
    }
}
