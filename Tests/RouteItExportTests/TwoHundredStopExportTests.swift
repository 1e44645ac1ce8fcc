import XCTest
import RouteItCore
@testable import RouteItExport

/// A day of 200 stops (the most a trip holds) exported as GPX and GeoJSON, with its times and
/// stays, and opened again from the file: every stop comes back, in order.
final class TwoHundredStopExportTests: XCTestCase {
    let zone = TimeZone(identifier: "Europe/Helsinki")!
    // 2026-12-03 08:00 in Helsinki.
    let departure = Date(timeIntervalSince1970: 1_796_277_600)

    /// The start and 200 seeded stops over central Helsinki, round trip, legs as straight lines.
    func trip() -> (plan: TripExportPlan, legs: [Route]) {
        var rng = SeededRandom(seed: 26)
        let stops = (0...200).map { i in
            MapItem(placemark: Placemark(name: i == 0 ? "Depot" : "Stop \(i)", street: "Annankatu", postalCode: "00100", city: "Helsinki",
                                         coordinate: Coordinate(latitude: .random(in: 60.15...60.20, using: &rng),
                                                                longitude: .random(in: 24.88...24.98, using: &rng))))
        }
        let legs = zip(stops, stops.dropFirst() + [stops[0]]).map { a, b in
            Route(distance: a.coordinate.distance(to: b.coordinate), expectedTravelTime: 60, transportType: .car,
                  polyline: [a.coordinate, b.coordinate], steps: [RouteStep(instruction: "Drive", distance: 1, expectedTravelTime: 60)])
        }
        let places = stops.enumerated().map { TripPlace(item: $0.element, stay: $0.offset == 0 ? 0 : 120, label: "x") }
        let schedule = TripSchedule(departure: departure, travelTimes: legs.map(\.expectedTravelTime), stays: places.map(\.stay) + [0])
        let plan = TripExportPlan(places: places, legDepartures: schedule.legs.map(\.departure), legArrivals: schedule.legs.map(\.arrival),
                                  departure: .at(departure), transportType: .car, distanceUnit: .kilometres, timeZone: zone)
        return (plan, legs)
    }

    private func checkReadsBack(_ file: URL, _ plan: TripExportPlan) throws {
        let opened = try TripFileReader.read(path: file.path)
        XCTAssertEqual(opened.slots.count, 201)
        XCTAssertEqual(opened.slots.map(\.mapItem?.placemark), plan.places.map(\.item.placemark))
        XCTAssertEqual(opened.slots.map(\.stay), [0] + Array(repeating: 120, count: 200))
        XCTAssertEqual(opened.departure, .at(departure))
    }

    func testGPXOf200StopsOpensAgain() throws {
        let (plan, legs) = trip()
        let gpx = GPXExport.gpx(stops: plan.places.map(\.item), legs: legs, plan: plan)
        XCTAssertEqual(gpx.components(separatedBy: "<wpt ").count - 1, 201)
        XCTAssertEqual(gpx.components(separatedBy: "<rte>").count - 1, 201, "200 stops and back to the start")
        // 201 legs of 1 min and 200 stays of 2 min after 08:00: back at 18:01.
        XCTAssertTrue(gpx.contains("arrive 2026-12-03T18:01:00+02:00"), String(gpx.suffix(600)))
        try checkReadsBack(ExportFixture.temporaryFile("day.gpx", contents: gpx), plan)
    }

    func testGeoJSONOf200StopsOpensAgain() throws {
        let (plan, legs) = trip()
        let text = GeoJSONExport.geoJSON(stops: plan.places.map(\.item), legs: legs, plan: plan)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual((root["features"] as? [[String: Any]])?.count, 201 + 201, "a line per leg and a point per stop")
        try checkReadsBack(ExportFixture.temporaryFile("day.geojson", contents: text), plan)
    }
}
