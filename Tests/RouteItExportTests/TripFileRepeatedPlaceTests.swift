import XCTest
import RouteItCore
@testable import RouteItExport

/// `open FILE`: a trip visits each place once. A file whose stops repeat a place is refused in
/// one line (the trip unchanged); a last stop back at the start is the way back (as other
/// writers put a round trip) and reads as a round trip.
final class TripFileRepeatedPlaceTests: XCTestCase {
    let stops = ExportFixture.stops

    /// `stops` with a place at the position of `stops[index]`, under another name.
    func repeating(_ index: Int) -> MapItem {
        MapItem(placemark: Placemark(name: "Again", coordinate: stops[index].coordinate))
    }

    private func open(_ name: String, _ text: String) throws -> ImportedTrip { try ExportFixture.openTrip(name, text) }

    private func refusal(_ name: String, _ text: String, line: UInt = #line) throws -> String {
        try ExportFixture.tripRefusal(name, text, line: line)
    }

    func testAGPXWaypointRepeatingAnotherIsRefused() throws {
        let gpx = GPXExport.gpx(stops: stops + [repeating(1)], legs: [])
        let said = try refusal("twice.gpx", gpx)
        XCTAssertTrue(said.hasPrefix("Cannot open "), said)
        XCTAssertTrue(said.hasSuffix("twice.gpx: waypoint 4 is the same place as waypoint 2 (\(ExportFixture.asWritten(stops[1].placemark.formattedAddress))) and a trip visits each place once; the trip is unchanged."), said)
        XCTAssertTrue(try refusal("two.gpx", GPXExport.gpx(stops: [stops[0], repeating(0)], legs: []))
            .contains("waypoint 2 is the same place as waypoint 1"), "two stops at one place are no round trip")
    }

    func testAGeoJSONStopRepeatingAnotherIsRefused() throws {
        let text = GeoJSONExport.geoJSON(stops: [stops[0], stops[1], repeating(1), stops[2]], legs: [])
        XCTAssertTrue(try refusal("twice.geojson", text).contains(": stop 3 is the same place as stop 2 ("))
    }

    /// A round trip written out (the start again last) reads as the round trip, the start once.
    func testALastStopBackAtTheStartIsTheWayBack() throws {
        let plan = TripExportPlan(places: (stops + [repeating(0)]).map { TripPlace(item: $0, stay: 0, label: "x") },
                                  legDepartures: [], legArrivals: [], departure: .now, transportType: .car, distanceUnit: .kilometres,
                                  timeZone: TimeZone(identifier: "UTC")!, day: DayOptions(end: .anywhere))
        for (name, text) in [("back.gpx", GPXExport.gpx(stops: stops + [repeating(0)], legs: [], plan: plan)),
                             ("back.geojson", GeoJSONExport.geoJSON(stops: stops + [repeating(0)], legs: [], plan: plan))] {
            let trip = try open(name, text)
            XCTAssertEqual(trip.slots.map(\.mapItem?.coordinate), stops.map(\.coordinate), name)
            XCTAssertEqual(trip.day.end, .start, name)
        }
    }
}
