import XCTest
import RouteItCore
@testable import RouteItExport

/// A stop name's control and bidi characters (a TAB, U+202E RIGHT-TO-LEFT OVERRIDE from a stop
/// list) are written as the screen shows them: another program shows the file as RouteIt does,
/// and export → open → export gives the same file. They were written as they were, and the
/// file opened again changed the names.
final class TripFileCleanNamesTests: XCTestCase {
    let zone = TimeZone(identifier: "Europe/Helsinki")!
    let departure = Date(timeIntervalSince1970: 1_796_284_800)
    let legs = ExportFixture.legs

    private let stops: [MapItem] = [
        MapItem(placemark: Placemark(name: "Tab\there 7", city: "Helsinki", coordinate: Coordinate(latitude: 60.1699123, longitude: 24.9384567))),
        MapItem(placemark: Placemark(name: "\u{202E}evil 10", coordinate: Coordinate(latitude: 60.1675, longitude: 24.9525))),
        MapItem(placemark: Placemark(name: "Line\nbreak \u{1B}[31mred\u{1B}[0m", street: "Kalevankatu\u{200F}",
                                     coordinate: Coordinate(latitude: 60.1686, longitude: 24.9316))),
    ]

    private func plan(_ stops: [MapItem]) -> TripExportPlan {
        let places = stops.enumerated().map { TripPlace(item: $0.element, stay: $0.offset == 0 ? 0 : 600, label: "x") }
        let schedule = TripSchedule(departure: departure, travelTimes: legs.map(\.expectedTravelTime), stays: places.map(\.stay))
        return TripExportPlan(places: places, legDepartures: schedule.legs.map(\.departure), legArrivals: schedule.legs.map(\.arrival),
                              departure: .at(departure), transportType: .walk, distanceUnit: .kilometres, timeZone: zone,
                              day: DayOptions(), unroutedStops: 0)
    }

    /// The stops as `open` reads them back from `text`.
    private func reopened(_ text: String, _ name: String) throws -> [MapItem] {
        try TripFileReader.read(path: ExportFixture.temporaryFile(name, contents: text).path).slots.map { try XCTUnwrap($0.mapItem) }
    }

    private func assertClean(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let bad = text.unicodeScalars.filter { TerminalSafeText.isControl($0) && $0 != "\n" }
        XCTAssertTrue(bad.isEmpty, "written: \(bad.map { String($0.value, radix: 16) })", file: file, line: line)
        XCTAssertFalse(text.contains("Tab\there"), file: file, line: line)
    }

    func testGPXWritesNamesAsShownAndReopensToTheSameFile() throws {
        let first = GPXExport.gpx(stops: stops, legs: legs, plan: plan(stops))
        assertClean(first)
        XCTAssertTrue(first.contains("<name>Tab here 7, Helsinki</name>"), first)
        XCTAssertTrue(first.contains("<name>evil 10</name>"), first)
        let back = try reopened(first, "t.gpx")
        XCTAssertEqual(back.map(\.placemark), stops.map(\.placemark.terminalSafe))
        XCTAssertEqual(GPXExport.gpx(stops: back, legs: legs, plan: plan(back)), first)
    }

    func testGeoJSONWritesNamesAsShownAndReopensToTheSameFile() throws {
        let first = GeoJSONExport.geoJSON(stops: stops, legs: legs, plan: plan(stops))
        assertClean(first)
        XCTAssertFalse(first.contains(#"\t"#), "no escaped TAB either")
        XCTAssertFalse(first.contains(#"\u001b"#), "no escaped ESC either")
        let back = try reopened(first, "t.geojson")
        XCTAssertEqual(back.map(\.placemark), stops.map(\.placemark.terminalSafe))
        XCTAssertEqual(GeoJSONExport.geoJSON(stops: back, legs: legs, plan: plan(back)), first)
    }

    func testSVGTitlesAreCleanedToo() {
        assertClean(SVGExport.svg(stops: stops, legs: legs, roads: []))
    }
}
