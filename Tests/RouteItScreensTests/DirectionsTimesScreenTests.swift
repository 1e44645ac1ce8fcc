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

    /// Helsinki's clocks go back from 04:00 to 03:00 on 2026-10-25: a trip leaving 03:58 reached
    /// its stop "at 03:03", before it left. Times after the change say so; the JSON has offsets.
    func testTimesAfterTheClocksChangeAreMarked() {
        let helsinki = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Helsinki")!)
        let home = item("Home"), shop = item("Shop")
        let places = [TripPlace(item: home, label: "the start"), TripPlace(item: shop, stay: 300, label: "Stop 1"),
                      TripPlace(item: home, label: "the start")]
        // 2026-10-25 00:58 UTC, 03:58 summer time.
        let departure = Date(timeIntervalSince1970: 1_792_889_880)
        let directions = DirectionsViewModel(legs: [DirectionsLeg(source: home, destination: shop, route: route(5)),
                                                    DirectionsLeg(source: shop, destination: home, route: route(3))],
                                             transportType: .car, attribution: nil, places: places, departure: departure, calendar: helsinki)
        let times = DirectionsScreen.render(directions, unit: .kilometres).split(separator: "\n")
            .filter { $0.hasPrefix("Depart") || $0.hasPrefix("Arrive") || $0.hasPrefix("Back at") }
        XCTAssertEqual(times, ["Depart 03:58", "Arrive 03:03 (after clocks went back), stay 5m",
                               "Depart 03:08 (after clocks went back)", "Arrive 03:11 (after clocks went back)",
                               "Back at 03:11 (after clocks went back)"])
        // Forward on 2026-03-29 (03:00 is 04:00), and with the day after.
        let spring = Date(timeIntervalSince1970: 1_774_745_880)
        XCTAssertEqual(helsinki.clockText(spring, since: spring), "02:58")
        XCTAssertEqual(helsinki.clockText(spring + 300, since: spring), "04:03 (after clocks went forward)")
        XCTAssertEqual(helsinki.clockText(spring + 86_400, since: spring - 86_400), "03:58 (+2 days, after clocks went forward)")
        XCTAssertEqual(calendar.clockText(spring + 300, since: spring), "01:03", "UTC has no change")
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
