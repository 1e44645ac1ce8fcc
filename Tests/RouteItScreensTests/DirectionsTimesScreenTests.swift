import XCTest
import RouteItCore
@testable import RouteItScreens

final class DirectionsTimesScreenTests: XCTestCase {
    let calendar = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)

    func item(_ name: String, hours: String? = nil) -> MapItem {
        MapItem(placemark: Placemark(name: name, street: "Street", postalCode: "00100", city: "Helsinki",
                                     coordinate: Coordinate(latitude: 60.17, longitude: 24.94), openingHours: hours))
    }

    func route(_ minutes: Double) -> Route {
        Route(distance: 1000, expectedTravelTime: minutes * 60, transportType: .car, polyline: [],
              steps: [RouteStep(instruction: "Drive", distance: 1000, expectedTravelTime: minutes * 60)])
    }

    func testEveryLineStaysAndClockTimesAreAdded() {
        let home = item("Home"), shop = item("Stockmann", hours: "Mo-Su 10:00-21:00")
        let places = [TripPlace(item: home, label: "the start"), TripPlace(item: shop, stay: 1800, label: "Stop 1"),
                      TripPlace(item: home, label: "the start")]
        // 2026-12-03 20:40 UTC.
        let departure = Date(timeIntervalSince1970: 1_796_330_400)
        let directions = DirectionsViewModel(legs: [DirectionsLeg(source: home, destination: shop, route: route(30)),
                                                    DirectionsLeg(source: shop, destination: home, route: route(12))],
                                             transportType: .car, attribution: "© OpenStreetMap contributors",
                                             places: places, departure: departure, calendar: calendar,
                                             notices: ["Stop 2 (\"Senaatintori\") has no chosen place and is left out; enter 3 to choose one."])
        let text = DirectionsScreen.render(directions, unit: .kilometres)
        XCTAssertEqual(text, """
        ! Stop 2 ("Senaatintori") has no chosen place and is left out; enter 3 to choose one.

        SEGMENT #1
        Starting point: Home, Street, 00100 Helsinki
        Depart 20:40
        1. Drive - 1.00 km
        Ending point: Stockmann, Street, 00100 Helsinki
        Distance: 1.00 km
        Expected Travel Time: 30m
        Arrive 21:10, stay 30m
        ! Stockmann is closed at 21:10 (opens 10:00 tomorrow).

        SEGMENT #2
        Starting point: Stockmann, Street, 00100 Helsinki
        Depart 21:40
        1. Drive - 1.00 km
        Ending point: Home, Street, 00100 Helsinki
        Distance: 1.00 km
        Expected Travel Time: 12m
        Arrive 21:52

        Total Distance: 2.00 km
        Total Time: 42m
        Back at 21:52
        © OpenStreetMap contributors
        """)
    }

    func testEntryShowsStaysAndASetDeparture() throws {
        let entry = EntryViewModel()
        try entry.type("Annankatu 25", inSlotAt: 1)
        try entry.setStay(900, forSlotAt: 1)
        XCTAssertEqual(EntryScreen.render(entry, settings: TripSettings(), calendar: calendar), """
        Trip (car, miles)
        [ ] 1 From:
        [ ] 2 Stop 1: Annankatu 25 (stay 15m)
        [ ] 3 Stop 2:
        """)
        entry.departure = .at(Date(timeIntervalSince1970: 1_796_330_400))
        XCTAssertTrue(EntryScreen.render(entry, settings: TripSettings(), calendar: calendar)
            .hasPrefix("Trip (car, miles), leaving 2026-12-03 20:40\n"))
    }
}
