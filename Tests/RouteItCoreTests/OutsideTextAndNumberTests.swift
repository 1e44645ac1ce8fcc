import XCTest
@testable import RouteItCore

/// Issue #10, classes 1, 6 and 9 on the Core side: formatters are total whatever number reaches
/// them, text from outside is cleaned where it enters the view models, numbers typed are decimal.
final class OutsideTextAndNumberTests: XCTestCase {
    func testFormattersAreTotal() {
        XCTAssertEqual(TravelTimeFormatter.string(from: 1e19), "2501999792983h 36m 32s")
        XCTAssertFalse(TravelTimeFormatter.string(from: 1e300).isEmpty)
        XCTAssertEqual(TravelTimeFormatter.string(from: .infinity), "0s")
        XCTAssertEqual(TravelTimeFormatter.string(from: .nan), "0s")
        XCTAssertFalse(StopwatchFormatter.string(from: 1e300).isEmpty)
        XCTAssertEqual(DistanceUnit.miles.format(metres: -3), "0.00 miles")
        XCTAssertEqual(DistanceUnit.kilometres.format(metres: -0.001), "0.00 km")
        XCTAssertEqual(DistanceUnit.kilometres.format(metres: .nan), "0.00 km")
        XCTAssertEqual(InstructionText.compassWord(forBearing: .infinity), "north")
        XCTAssertEqual(InstructionText.compassWord(forBearing: 1e300 + 90).isEmpty, false)
        XCTAssertEqual(Int(saturating: .nan), 0)
        XCTAssertEqual(Int(saturating: 1e300), 1 << 53)
        XCTAssertEqual(Int(saturating: -.infinity), -(1 << 53))
        XCTAssertEqual(Int(saturating: 2.5), 3)
        XCTAssertEqual(Int(saturating: 2.5, rounding: .down), 2)
    }

    func testProjectionStaysFiniteForAnyBox() {
        for value in [1e300, -1e300, Double.infinity, Double.nan, Double.greatestFiniteMagnitude] {
            let box = BoundingBox(minLatitude: 60, minLongitude: 24, maxLatitude: value, maxLongitude: value)
            let projection = MapProjection(fitting: box, width: 100, height: 50, margin: 4)
            XCTAssertTrue(projection.scale.isFinite && projection.scale > 0, "\(value): \(projection.scale)")
            XCTAssertTrue(projection.metresPerPixel.isFinite, "\(value)")
        }
    }

    func testEscapeSequencesAndControlCharactersAreRemoved() {
        let esc = "\u{1B}"
        XCTAssertEqual(TerminalSafeText.clean("Annankatu"), "Annankatu")
        XCTAssertEqual(TerminalSafeText.clean("Lönnrotinkatu 5 ✓"), "Lönnrotinkatu 5 ✓")
        XCTAssertEqual(TerminalSafeText.clean("\(esc)]0;owned\u{07}Kaivokatu"), "Kaivokatu")
        XCTAssertEqual(TerminalSafeText.clean("\(esc)]0;owned\(esc)\\Kaivokatu"), "Kaivokatu")
        XCTAssertEqual(TerminalSafeText.clean("Kaivo\(esc)[2Jkatu\(esc)[1;31m"), "Kaivokatu")
        XCTAssertEqual(TerminalSafeText.clean("A\(esc)cB\(esc)(0C"), "ABC")
        XCTAssertEqual(TerminalSafeText.clean("A\u{9B}2JB\u{9D}0;t\u{9C}C\u{85}D\u{7F}E\u{00}F\u{08}G"), "ABCDEFG")
        XCTAssertEqual(TerminalSafeText.clean("two\nlines\tand\r tab"), "two lines and  tab")
        XCTAssertEqual(TerminalSafeText.clean("cut\(esc)]0;never ends"), "cut")
        XCTAssertEqual(TerminalSafeText.clean("end\(esc)"), "end")
    }

    func testNamesFromServicesAreCleanWhereTheyEnterTheViewModels() async throws {
        let bad = "\u{1B}]0;pwned\u{07}Annan\u{1B}[2Jkatu"
        let place = Placemark(name: bad, houseNumber: "1\u{1B}[31m", street: bad, postalCode: "00100", city: "Hel\u{9B}2Jsinki",
                              coordinate: Coordinate(latitude: 60.17, longitude: 24.94))
        let geocoder = StubGeocoder(candidates: ["x": [place]], nearest: place)
        let picker = try await AddressPickerViewModel.search("x", forSlotAt: 0, using: geocoder)
        XCTAssertEqual(picker.rows.first, "Annankatu, Annankatu 1, 00100 Helsinki")
        let located = try await LocationViewModel(provider: FixedLocationProvider(place.coordinate)).locate(using: geocoder)
        XCTAssertEqual(located.item.placemark.formattedAddress, "Annankatu, Annankatu 1, 00100 Helsinki")

        let route = Route(name: bad, distance: 10, expectedTravelTime: 10, transportType: .car, polyline: [],
                          steps: [RouteStep(instruction: "Turn left onto \(bad)", distance: 10, expectedTravelTime: 10)])
        let directions = try await DirectionsViewModel.calculate(trip: [MapItem(placemark: place), MapItem(placemark: place)],
                                                                 transportType: .car, using: FixedDirections(routes: [route]))
        XCTAssertEqual(directions.legs[0].route.steps.map(\.instruction), ["Turn left onto Annankatu"])
        XCTAssertEqual(directions.legs[0].route.name, "Annankatu")
    }

    func testARouteWithoutStepsIsDirectionsNotAvailable() async throws {
        let place = MapItem(placemark: Placemark(coordinate: Coordinate(latitude: 60.17, longitude: 24.94)))
        let empty = Route(distance: 0, expectedTravelTime: 0, transportType: .car, polyline: [], steps: [])
        do {
            _ = try await DirectionsViewModel.calculate(trip: [place, place], transportType: .car,
                                                        using: FixedDirections(routes: [empty]))
            XCTFail("a route with nothing to show was shown")
        } catch let alert as Alert {
            // The alert also names the leg (issue #12).
            XCTAssertTrue(alert.message.hasPrefix(Alert.directionsNotAvailable.message), alert.message)
        }
    }

    func testOnlyDecimalNumbersAreNumbers() {
        XCTAssertEqual(DecimalNumber.parse("60.17"), 60.17)
        XCTAssertEqual(DecimalNumber.parse("-5"), -5)
        XCTAssertEqual(DecimalNumber.parse("+.5"), 0.5)
        XCTAssertEqual(DecimalNumber.parse("5."), 5)
        XCTAssertEqual(DecimalNumber.parse("1e3"), 1000)
        for text in ["0x10", "0X1p4", "inf", "-infinity", "nan", "1e400", "", "-", ".", "1e", "1.2.3", " 5", "5 ", "٣"] {
            XCTAssertNil(DecimalNumber.parse(text), text)
        }
    }
}

/// Answers every request with the same routes.
private struct FixedDirections: Directions {
    var routes: [Route]
    func table(_ request: TravelTableRequest) async throws -> TravelTable { try await OneToOneTable.table(request, using: self) }
    func calculate(_ request: DirectionsRequest) async throws -> [Route] { routes }
}
