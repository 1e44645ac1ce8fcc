import XCTest
import RouteItCore
@testable import RouteItExport

/// Clock times in GPX and GeoJSON, and reading RouteIt's own exports back into a trip.
final class TripTimesExportTests: XCTestCase {
    let zone = TimeZone(identifier: "Europe/Helsinki")!
    // 2026-12-03 10:00 in Helsinki (08:00 UTC).
    let departure = Date(timeIntervalSince1970: 1_796_284_800)

    var plan: TripExportPlan {
        var stops = ExportFixture.stops
        stops[1].placemark.openingHours = "Mo-Fr 10:00-18:00"
        let places = stops.enumerated().map { TripPlace(item: $0.element, stay: $0.offset == 1 ? 900 : 0, label: "x") }
        let schedule = TripSchedule(departure: departure, travelTimes: ExportFixture.legs.map(\.expectedTravelTime),
                                    stays: places.map(\.stay) + [0])
        return TripExportPlan(places: places, legDepartures: schedule.legs.map(\.departure), legArrivals: schedule.legs.map(\.arrival),
                              departure: .at(departure), transportType: .walk, distanceUnit: .kilometres, timeZone: zone)
    }

    func testGPXCarriesTimesAndReadsBack() throws {
        let gpx = GPXExport.gpx(stops: plan.places.map(\.item), legs: ExportFixture.legs, plan: plan)
        XCTAssertTrue(gpx.contains("<time>2026-12-03T10:00:00+02:00</time>"), gpx)
        // Leg 1 takes 200 s; the 15 min stay follows; leg 2 (210 s) leaves at 10:18:20.
        XCTAssertTrue(gpx.contains("depart 2026-12-03T10:18:20+02:00, arrive 2026-12-03T10:21:50+02:00"), gpx)
        let file = try ExportFixture.temporaryFile("trip.gpx", contents: gpx)
        let trip = try TripFileReader.read(path: file.path)
        XCTAssertEqual(trip.slots.map(\.mapItem?.placemark), plan.places.map(\.item.placemark.terminalSafe))
        XCTAssertEqual(trip.slots.map(\.stay), [0, 900, 0])
        XCTAssertEqual(trip.departure, .at(departure))
        XCTAssertEqual(trip.transportType, .walk)
        XCTAssertEqual(trip.distanceUnit, .kilometres)
    }

    func testGeoJSONCarriesTimesAndReadsBack() throws {
        let text = GeoJSONExport.geoJSON(stops: plan.places.map(\.item), legs: ExportFixture.legs, plan: plan)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let features = try XCTUnwrap(root["features"] as? [[String: Any]])
        let firstLeg = try XCTUnwrap(features.first?["properties"] as? [String: Any])
        XCTAssertEqual(firstLeg["depart"] as? String, "2026-12-03T10:00:00+02:00")
        XCTAssertEqual(firstLeg["arrive"] as? String, "2026-12-03T10:03:20+02:00")
        let file = try ExportFixture.temporaryFile("trip.geojson", contents: text)
        let trip = try TripFileReader.read(path: file.path)
        XCTAssertEqual(trip.slots.map(\.mapItem?.placemark), plan.places.map(\.item.placemark.terminalSafe))
        XCTAssertEqual(trip.slots.map(\.stay), [0, 900, 0])
        XCTAssertEqual(trip.departure, .at(departure))
        XCTAssertEqual(trip.transportType, .walk)
    }

    func testWithoutAPlanTheExportsAreAsBefore() {
        XCTAssertFalse(GPXExport.gpx(stops: ExportFixture.stops, legs: ExportFixture.legs).contains("<time>"))
        let plain = GeoJSONExport.geoJSON(stops: ExportFixture.stops, legs: ExportFixture.legs)
        XCTAssertFalse(plain.contains("\"routeit\"") || plain.contains("\"depart\"") || plain.contains("\"stay\""), plain)
    }

    func testOtherFilesAreOneClearError() throws {
        let notGPX = try ExportFixture.temporaryFile("x.gpx", contents: "<html></html>")
        XCTAssertThrowsError(try TripFileReader.read(path: notGPX.path)) { XCTAssertTrue("\($0)".contains("is not a trip exported by RouteIt"), "\($0)") }
        let broken = try ExportFixture.temporaryFile("x.geojson", contents: "{")
        XCTAssertThrowsError(try TripFileReader.read(path: broken.path))
        XCTAssertThrowsError(try TripFileReader.read(path: "/nonexistent/trip.gpx")) { XCTAssertEqual("\($0)", "Cannot read /nonexistent/trip.gpx: no such file.") }
    }
}
