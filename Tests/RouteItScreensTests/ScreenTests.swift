import XCTest
import RouteItCore
@testable import RouteItScreens

final class ScreenTests: XCTestCase {
    let mannerheimintie = Placemark(houseNumber: "1", street: "Mannerheimintie", postalCode: "00100", city: "Helsinki",
                                    coordinate: Coordinate(latitude: 60.17, longitude: 24.94))
    let annankatu = Placemark(houseNumber: "25", street: "Annankatu", postalCode: "00100", city: "Helsinki",
                              coordinate: Coordinate(latitude: 60.166, longitude: 24.937))

    func testEntryLinesWithCheckAndPaddedLabels() throws {
        let entry = EntryViewModel()
        try entry.select(MapItem(placemark: mannerheimintie), forSlotAt: 0)
        try entry.type("Annankatu", inSlotAt: 1)
        let text = EntryScreen.render(entry, settings: TripSettings())
        XCTAssertEqual(text, """
        Trip (car, miles)
        [✓] 1 From:   Mannerheimintie 1, 00100 Helsinki
        [ ] 2 Stop 1: Annankatu
        [ ] 3 Stop 2:
        """)
    }

    func testPickerRowsEndWithNoneOfTheAbove() {
        let picker = AddressPickerViewModel(slotIndex: 1, query: "anna", candidates: [annankatu, mannerheimintie])
        XCTAssertEqual(AddressPickerScreen.render(picker), """
        Choose the address for Stop 1 ("anna"):
        1. Annankatu 25, 00100 Helsinki
        2. Mannerheimintie 1, 00100 Helsinki
        3. None of the above
        """)
    }

    func testIdenticalPickerRowsShowWhatTellsThemApart() {
        let picker = AddressPickerViewModel(slotIndex: 1, query: "annankatu", candidates: [annankatu, annankatu],
                                            origins: [nil, "recent"], differences: [nil, "500 m south of 1"])
        XCTAssertEqual(AddressPickerScreen.render(picker), """
        Choose the address for Stop 1 ("annankatu"):
        1. Annankatu 25, 00100 Helsinki
        2. Annankatu 25, 00100 Helsinki (500 m south of 1; recent)
        3. None of the above
        """)
    }

    func testAStreetAnsweredForANumberItHasNotSaysSoInThePicker() throws {
        var street = Placemark(street: "Annankatu", postalCode: "00120", city: "Helsinki", coordinate: annankatu.coordinate)
        street.missingHouseNumber = "777"
        let picker = AddressPickerViewModel(slotIndex: 1, query: "Annankatu 777", candidates: [street])
        XCTAssertEqual(AddressPickerScreen.render(picker), """
        Choose the address for Stop 1 ("Annankatu 777"):
        1. Annankatu, 00120 Helsinki (no number 777 on Annankatu; showing the street)
        2. None of the above
        """)
        // The stop is the street; the number it lacked is not kept with it.
        XCTAssertNil(try picker.pick(row: 1)?.placemark.missingHouseNumber)
    }

    func testAHouseInAnotherPostcodeThanTypedSaysSoInThePicker() throws {
        var house = Placemark(houseNumber: "25", street: "Annankatu", postalCode: "00100", city: "Helsinki", coordinate: annankatu.coordinate)
        house.otherPostcodeAsked = "00120"
        let picker = AddressPickerViewModel(slotIndex: 1, query: "Annankatu 25, 00120", candidates: [house])
        XCTAssertEqual(AddressPickerScreen.render(picker), """
        Choose the address for Stop 1 ("Annankatu 25, 00120"):
        1. Annankatu 25, 00100 Helsinki (postcode 00120 asked; this is in 00100)
        2. None of the above
        """)
        XCTAssertNil(try picker.pick(row: 1)?.placemark.otherPostcodeAsked)
    }

    func directions() -> DirectionsViewModel {
        let a = MapItem(placemark: mannerheimintie), b = MapItem(placemark: annankatu)
        let out = Route(distance: 643.7376, expectedTravelTime: 242, transportType: .car, polyline: [], steps: [
            RouteStep(instruction: "Head south on Mannerheimintie", distance: 402.336, expectedTravelTime: 100),
            RouteStep(instruction: "Turn right onto Annankatu", distance: 241.4016, expectedTravelTime: 142),
            RouteStep(instruction: "Arrive at Annankatu 25", distance: 0, expectedTravelTime: 0),
        ])
        let back = Route(distance: 1609.344, expectedTravelTime: 3688, transportType: .car, polyline: [], steps: [
            RouteStep(instruction: "Head north on Annankatu", distance: 1609.344, expectedTravelTime: 3688),
        ])
        return DirectionsViewModel(legs: [DirectionsLeg(source: a, destination: b, route: out),
                                          DirectionsLeg(source: b, destination: a, route: back)],
                                   transportType: .car, attribution: "© OpenStreetMap contributors")
    }

    func testDirectionsSegmentsStepsFootersAndTotal() {
        XCTAssertEqual(DirectionsScreen.render(directions(), unit: .miles), """
        SEGMENT #1
        Starting point: Mannerheimintie 1, 00100 Helsinki
        1. Head south on Mannerheimintie - 0.25 miles
        2. Turn right onto Annankatu - 0.15 miles
        3. Arrive at Annankatu 25 - 0.00 miles
        Ending point: Annankatu 25, 00100 Helsinki
        Distance: 0.40 miles
        Expected Travel Time: 4m 2s

        SEGMENT #2
        Starting point: Annankatu 25, 00100 Helsinki
        1. Head north on Annankatu - 1.00 miles
        Ending point: Mannerheimintie 1, 00100 Helsinki
        Distance: 1.00 miles
        Expected Travel Time: 1h 1m 28s

        Total Distance: 1.40 miles
        Total Time: 1h 5m 30s
        © OpenStreetMap contributors
        """)
    }

    func testDirectionsInKilometres() {
        let text = DirectionsScreen.render(directions(), unit: .kilometres)
        XCTAssertTrue(text.contains("1. Head south on Mannerheimintie - 0.40 km"), text)
        XCTAssertTrue(text.contains("Distance: 0.64 km"), text)
        XCTAssertFalse(text.contains("miles"), text)
    }

    /// Avoided roads used all the same are said under the trip, one line per class, whatever
    /// leg used them.
    func testAvoidedRoadsUsedAreSaidUnderTheTrip() {
        var legs = directions().legs
        legs[0].route.unavoidable = [.toll, .motorway]
        legs[1].route.unavoidable = .toll
        legs[1].route.unsupportedAvoidance = .unpaved
        let text = DirectionsScreen.render(DirectionsViewModel(legs: legs, transportType: .car, attribution: "© OpenStreetMap contributors"),
                                           unit: .miles)
        XCTAssertTrue(text.hasSuffix("""
        Total Time: 1h 5m 30s
        ! This trip uses a toll road: no other way exists.
        ! This trip uses a motorway: no other way exists.
        ! The routing server cannot avoid unpaved roads in this request; this trip may use them.
        © OpenStreetMap contributors
        """), text)
        XCTAssertFalse(DirectionsScreen.render(directions(), unit: .miles).contains("! "))
    }

    /// A route that turns round where a road leaves the map says so under the trip, once,
    /// whichever legs do.
    func testATurnRoundAtTheMapsEdgeIsSaidOnce() {
        var legs = directions().legs
        legs[0].route.turnsAtMapEdge = true
        legs[1].route.turnsAtMapEdge = true
        let text = DirectionsScreen.render(DirectionsViewModel(legs: legs, transportType: .car), unit: .miles)
        XCTAssertTrue(text.hasSuffix("""
        Total Time: 1h 5m 30s
        ! This trip turns round where a road leaves the map: the road goes on, so turn round where you can.
        """), text)
    }

    /// A place the route starts or ends more than 50 m from (moved to reach a road) is said above
    /// the directions, once, by its name in the trip, in the trip's units; 50 m or less is not.
    func testAPlaceMovedToReachARoadIsSaid() {
        var legs = directions().legs
        let start = mannerheimintie.coordinate, stop = annankatu.coordinate
        // The start's road 120 m north (and again for the way home), the stop's 40 m east.
        let road = Coordinate(latitude: start.latitude + 120 / Geodesy.metresPerDegree, longitude: start.longitude)
        let nearStop = Coordinate(latitude: stop.latitude, longitude: stop.longitude + 40 / (Geodesy.metresPerDegree * cos(stop.latitude * .pi / 180)))
        legs[0].route.polyline = [road, nearStop]
        legs[1].route.polyline = [nearStop, road]
        let moved = DirectionsViewModel(legs: legs, transportType: .car)
        XCTAssertEqual(moved.movedEnds.map(\.label), ["the start"])
        let text = DirectionsScreen.render(moved, unit: .kilometres)
        XCTAssertTrue(text.hasPrefix("Note: the start was moved 120 m to the nearest road the route can use.\n\nSEGMENT #1\n"), text)
        XCTAssertTrue(DirectionsScreen.render(moved, unit: .miles).hasPrefix("Note: the start was moved 390 ft to the nearest road the route can use.\n"))
        legs[1].route.polyline = [Coordinate(latitude: stop.latitude - 3400 / Geodesy.metresPerDegree, longitude: stop.longitude), road]
        XCTAssertTrue(DirectionsScreen.render(DirectionsViewModel(legs: legs, transportType: .car), unit: .kilometres).hasPrefix("""
            Note: the start was moved 120 m to the nearest road the route can use.
            Note: Stop 1 was moved 3.40 km to the nearest road the route can use.

            SEGMENT #1
            """))
        XCTAssertFalse(DirectionsScreen.render(directions(), unit: .miles).contains("Note:"), "no polyline: nothing said")
    }

    func testAttributionOnlyWhenGiven() {
        let vm = DirectionsViewModel(legs: directions().legs, transportType: .car, attribution: nil)
        XCTAssertFalse(DirectionsScreen.render(vm, unit: .miles).contains("©"))
    }

    func testAlertsAndErrors() {
        XCTAssertEqual(AlertScreen.render(Alert.addressNotFound), "! Address not found.")
        XCTAssertEqual(AlertScreen.render(Alert.invalidTrip),
                       "! Please enter a valid starting point and at least one destination.")
        XCTAssertEqual(AlertScreen.render(InputError("No row 7; pick 1-3.")), "error: No row 7; pick 1-3.")
    }

    func testTimer() throws {
        final class Frozen: TimeSource { var t = 0.0; func now() -> Double { t } }
        let clock = Frozen()
        let timer = TripTimerViewModel(timeSource: clock)
        try timer.start()
        clock.t = 242
        XCTAssertEqual(TimerScreen.render(timer), "Timer: 00:04:02 (running)")
    }

    func testColourOnlyWhenAskedAndNeverWithNoColor() throws {
        let coloured = TextStyle(usesColour: true)
        XCTAssertEqual(AlertScreen.render(Alert.addressNotFound, style: coloured), "\u{1B}[31m! Address not found.\u{1B}[0m")
        let entry = EntryViewModel()
        try entry.select(MapItem(placemark: mannerheimintie), forSlotAt: 0)
        XCTAssertTrue(EntryScreen.render(entry, settings: TripSettings(), style: coloured).contains("[\u{1B}[32m✓\u{1B}[0m] 1 From:"))
        XCTAssertFalse(EntryScreen.render(entry, settings: TripSettings()).contains("\u{1B}"))
        // A pipe is not a terminal; NO_COLOR turns colour off even for a terminal.
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        XCTAssertFalse(TextStyle.detect(fileDescriptor: fds[1], environment: [:]).usesColour)
        XCTAssertFalse(TextStyle.detect(fileDescriptor: fds[1], environment: ["NO_COLOR": "1"]).usesColour)
        // A terminal gets colour unless NO_COLOR (non-empty) or TERM=dumb says otherwise.
        XCTAssertTrue(TextStyle.resolve(isTerminal: true, environment: [:]).usesColour)
        XCTAssertTrue(TextStyle.resolve(isTerminal: true, environment: ["NO_COLOR": ""]).usesColour)
        XCTAssertFalse(TextStyle.resolve(isTerminal: true, environment: ["NO_COLOR": "1"]).usesColour)
        XCTAssertFalse(TextStyle.resolve(isTerminal: true, environment: ["TERM": "dumb"]).usesColour)
    }
}

/// Class 6 of issue #10: a server's own words in an alert cannot drive the terminal.
final class AlertTerminalSafetyTests: XCTestCase {
    func testEscapeSequencesInAlertsAreRemoved() {
        let alert = Alert("The routing server answered \u{1B}]0;owned\u{07}Oops\u{1B}[2J (bad\u{9B}31m).")
        XCTAssertEqual(AlertScreen.render(alert), "! The routing server answered Oops (bad).")
        XCTAssertEqual(AlertScreen.render(InputError("No row \u{1B}[H5")), "error: No row 5")
        // The screen's own colour still works.
        XCTAssertEqual(AlertScreen.render(alert, style: TextStyle(usesColour: true)).filter { $0 == "\u{1B}" }.count, 2)
    }
}
