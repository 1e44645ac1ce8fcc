import XCTest
import RouteItCore
@testable import RouteItExport

/// A trip that does not come back to its start keeps its last stop through export and `open`,
/// and every setting of the trip (stays, windows, priorities, wait, back by, end, days) reads back.
final class TripFileSettingsTests: XCTestCase {
    let zone = TimeZone(identifier: "Europe/Helsinki")!
    // 2026-12-03 10:00 in Helsinki.
    let departure = Date(timeIntervalSince1970: 1_796_284_800)
    /// Stop 1 to stop 2 to stop 3, no way back: it ends at the last stop.
    let legs = Array(ExportFixture.legs.prefix(2))

    func plan(end: TripEndChoice) -> TripExportPlan {
        var places = ExportFixture.stops.enumerated().map { TripPlace(item: $0.element, stay: $0.offset == 0 ? 0 : 600, label: "x") }
        places[1].windows = [VisitWindow(from: 600, to: 720), VisitWindow(from: 840, to: 960)]
        places[2].priority = .high
        let schedule = TripSchedule(departure: departure, travelTimes: legs.map(\.expectedTravelTime), stays: places.map(\.stay))
        return TripExportPlan(places: places, legDepartures: schedule.legs.map(\.departure), legArrivals: schedule.legs.map(\.arrival),
                              departure: .at(departure), transportType: .bike, distanceUnit: .kilometres, timeZone: zone,
                              day: DayOptions(waits: false, backBy: 17 * 60, end: end, days: 3), unroutedStops: 1)
    }

    private func checkReadsBack(_ trip: ImportedTrip, end: TripEndChoice) {
        XCTAssertEqual(trip.slots.map(\.mapItem?.placemark), ExportFixture.stops.map(\.placemark.terminalSafe), "every stop, the last one too")
        XCTAssertEqual(trip.slots.map(\.stay), [0, 600, 600])
        XCTAssertEqual(trip.slots[1].windows, [VisitWindow(from: 600, to: 720), VisitWindow(from: 840, to: 960)])
        XCTAssertEqual(trip.slots.map(\.priority), [.normal, .normal, .high])
        XCTAssertEqual(trip.day, DayOptions(waits: false, backBy: 17 * 60, end: end, days: 3))
        XCTAssertEqual(trip.unroutedStops, 1)
        XCTAssertEqual(trip.transportType, .bike)
        XCTAssertEqual(trip.departure, .at(departure))
    }

    func testGPXOfATripEndingAtAStopHasEveryStopAndTheRightLegNames() throws {
        let stops = ExportFixture.stops
        let gpx = GPXExport.gpx(stops: stops, legs: legs, plan: plan(end: .place(2)))
        XCTAssertEqual(gpx.components(separatedBy: "<wpt ").count - 1, 3)
        let lastName = XMLText.escape("Leg 2: \(stops[1].placemark.formattedAddress) → \(stops[2].placemark.formattedAddress)")
        XCTAssertTrue(gpx.contains("<name>\(lastName)</name>"), gpx)
        XCTAssertTrue(gpx.contains("end=\"last\""), gpx)
        checkReadsBack(try TripFileReader.read(path: ExportFixture.temporaryFile("t.gpx", contents: gpx).path), end: .place(2))
    }

    func testGeoJSONOfATripEndingAnywhereHasEveryStopAndTheRightLegEnds() throws {
        let text = GeoJSONExport.geoJSON(stops: ExportFixture.stops, legs: legs, plan: plan(end: .anywhere))
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let features = try XCTUnwrap(root["features"] as? [[String: Any]]).compactMap { $0["properties"] as? [String: Any] }
        XCTAssertEqual(features.filter { $0["kind"] as? String == "stop" }.count, 3)
        XCTAssertEqual(features[1]["to"] as? String, ExportFixture.asWritten(ExportFixture.stops[2].placemark.formattedAddress))
        checkReadsBack(try TripFileReader.read(path: ExportFixture.temporaryFile("t.geojson", contents: text).path), end: .anywhere)
    }

    func testARoundTripStillReturnsToItsStart() throws {
        let gpx = GPXExport.gpx(stops: ExportFixture.stops, legs: ExportFixture.legs, plan: plan(end: .start))
        let lastName = XMLText.escape("Leg 3: \(ExportFixture.stops[2].placemark.formattedAddress) → \(ExportFixture.stops[0].placemark.formattedAddress)")
        XCTAssertTrue(gpx.contains("<name>\(lastName)</name>"), gpx)
        XCTAssertEqual(try TripFileReader.read(path: ExportFixture.temporaryFile("r.gpx", contents: gpx).path).day.end, .start)
    }

    /// What `open` says of `text` changed by `damage`.
    /// A waypoint moved in another editor after the export is opened where it now is, not at
    /// the place written with it (which would undo the move, or make it the start again).
    func testAWaypointMovedAfterTheExportIsWhereItNowIs() throws {
        let gpx = GPXExport.gpx(stops: ExportFixture.stops, legs: legs, plan: plan(end: .start))
        /// `gpx` with waypoint `k` (0 = the start) at `lat`, `lon`.
        func moving(_ k: Int, to lat: String, _ lon: String) -> String {
            var parts = gpx.components(separatedBy: "<wpt ")
            parts[k + 1] = "lat=\"\(lat)\" lon=\"\(lon)\"" + parts[k + 1].drop { $0 != ">" }
            return parts.joined(separator: "<wpt ")
        }
        func open(_ name: String, _ text: String) throws -> ImportedTrip {
            try TripFileReader.read(path: ExportFixture.temporaryFile(name, contents: text).path)
        }
        let trip = try open("moved.gpx", moving(1, to: "60.169", "24.95"))
        XCTAssertEqual(trip.slots.count, 3)
        XCTAssertEqual(trip.slots[1].mapItem?.coordinate, Coordinate(latitude: 60.169, longitude: 24.95))
        XCTAssertEqual(trip.slots[1].text, "60.169000,24.950000")
        XCTAssertEqual(trip.slots[1].stay, 600, "what the trip plans there stays")
        let kept = try open("kept.gpx", gpx)
        XCTAssertEqual(kept.slots[1].text, ExportFixture.stops[1].placemark.formattedAddress, "a waypoint not moved keeps its place")
        // The last stop moved onto the start is a repeat of it, not a stop at its old place.
        XCTAssertEqual(try open("onstart.gpx", moving(2, to: "60.1699123", "24.9384567")).slots.count, 2)
    }

    private func failure(_ name: String, _ text: String, _ damage: (String) -> String) throws -> String {
        let file = try ExportFixture.temporaryFile(name, contents: damage(text))
        do {
            _ = try TripFileReader.read(path: file.path)
            XCTFail("\(name) opened")
            return ""
        } catch let failure as TripFileReader.Failure {
            XCTAssertFalse(failure.description.contains("\n"), failure.description)
            XCTAssertTrue(failure.description.hasSuffix("the trip is unchanged."), failure.description)
            return failure.description
        }
    }

    private func replacingFirst(_ old: String, _ new: String) -> (String) -> String {
        { text in
            guard let range = text.range(of: old) else { XCTFail("no \(old)"); return text }
            return text.replacingCharacters(in: range, with: new)
        }
    }

    func testADamagedGPXIsOneLineNamingWhatIsWrong() throws {
        let gpx = GPXExport.gpx(stops: ExportFixture.stops, legs: legs, plan: plan(end: .place(2)))
        let lat = "<wpt lat=\"60.1699123\""
        XCTAssertTrue(try failure("a.gpx", gpx, replacingFirst(lat, "<wpt lat=\"999\"")).contains("waypoint 1 has no valid position (lat=\"999\""))
        XCTAssertTrue(try failure("b.gpx", gpx, replacingFirst(lat, "<wpt lat=\"nan\"")).contains("waypoint 1 has no valid position"))
        XCTAssertTrue(try failure("c.gpx", gpx, replacingFirst("lat=\"60.1675\" lon=\"24.9525\"", "lat=\"60.1675\" lon=\"east\"")).contains("waypoint 2 has no valid position"))
        XCTAssertTrue(try failure("d.gpx", gpx) { String($0.prefix($0.count / 2)) }.contains("cut off or damaged"))
        XCTAssertTrue(try failure("e.gpx", gpx, replacingFirst("mode=\"bike\"", "mode=\"boat\"")).contains("its mode \"boat\" is not car, walk or bike"))
        XCTAssertTrue(try failure("f.gpx", gpx, replacingFirst("departure=\"2026", "departure=\"99999")).contains("its departure \"99999-"))
        XCTAssertTrue(try failure("g.gpx", gpx, replacingFirst("<routeit:stay>600<", "<routeit:stay>-1<")).contains("waypoint 2 has a stay of \"-1\""))
        XCTAssertTrue(try failure("h.gpx", gpx, replacingFirst("<routeit:priority>high<", "<routeit:priority>urgent<")).contains("waypoint 3 has a priority \"urgent\""))
        XCTAssertTrue(try failure("i.gpx", gpx, replacingFirst("end=\"last\"", "end=\"moon\"")).contains("its end \"moon\""))
        XCTAssertTrue(try failure("j.gpx", gpx, replacingFirst("days=\"3\"", "days=\"99\"")).contains("its days \"99\""))
        XCTAssertTrue(try failure("k.gpx", gpx, replacingFirst("<routeit:windows>10:00-12:00", "<routeit:windows>10-12")).contains("waypoint 2 has a window"))
        XCTAssertTrue(try failure("l.gpx", gpx, replacingFirst("<routeit:place>{", "<routeit:place>[")).contains("waypoint 1 has a damaged place"))
    }

    func testADamagedGeoJSONIsOneLineNamingWhatIsWrong() throws {
        let text = GeoJSONExport.geoJSON(stops: ExportFixture.stops, legs: legs, plan: plan(end: .place(2)))
        XCTAssertTrue(try failure("a.geojson", text, replacingFirst("[24.9384567,60.1699123]}", "[24.9384567,999]}")).contains("stop 1 has no valid position"))
        XCTAssertTrue(try failure("b.geojson", text) { String($0.prefix($0.count / 2)) }.contains("cut off or damaged"))
        XCTAssertTrue(try failure("c.geojson", text, replacingFirst("\"mode\":\"bike\"", "\"mode\":\"boat\"")).contains("its mode \"boat\""))
        XCTAssertTrue(try failure("d.geojson", text, replacingFirst("\"departure\":\"2026", "\"departure\":\"99999")).contains("its departure"))
        XCTAssertTrue(try failure("e.geojson", text, replacingFirst("\"stay\":600", "\"stay\":99999")).contains("stop 2 has a stay of \"99999\""))
        XCTAssertTrue(try failure("f.geojson", text, replacingFirst("\"priority\":\"high\"", "\"priority\":\"urgent\"")).contains("stop 3 has a priority"))
        XCTAssertTrue(try failure("g.geojson", text, replacingFirst("\"index\":2", "\"index\":99")).contains("has the index 99; the stops are numbered 1 to 3, each once"))
        XCTAssertTrue(try failure("h.geojson", text, replacingFirst("\"index\":2", "\"index\":1")).contains("has the index 1;"))
        XCTAssertTrue(try failure("i.geojson", text, replacingFirst("\"departure\":\"2026", "\"departure\":\"0000")).contains("its departure \"0000-"))
        // Exports write numbers as numbers: one written as text (or a boolean) is damage.
        XCTAssertTrue(try failure("j.geojson", text, replacingFirst("\"stay\":600", "\"stay\":\"600\"")).contains("stop 2 has a stay of \"600\", not a whole number"))
        XCTAssertTrue(try failure("k.geojson", text, replacingFirst("\"stay\":600", "\"stay\":true")).contains("stop 2 has a stay of true, not a whole number"))
        XCTAssertTrue(try failure("l.geojson", text, replacingFirst("\"index\":2", "\"index\":\"2\"")).contains("has the index \"2\", not a whole number"))
        XCTAssertTrue(try failure("m.geojson", text, replacingFirst("\"index\":2", "\"index\":2.5")).contains("has the index 2.5, not a whole number"))
        XCTAssertTrue(try failure("p.geojson", text, replacingFirst("\"stay\":600", "\"stay\":600.5")).contains("stop 2 has a stay of 600.5, not a whole number"))
        // A whole number as other tools write one (600.0, 6e2) is that number.
        let written = replacingFirst("\"index\":2", "\"index\":2e0")(replacingFirst("\"stay\":600", "\"stay\":6.0e2")(text))
        let read = try TripFileReader.read(path: ExportFixture.temporaryFile("q.geojson", contents: written).path)
        XCTAssertEqual(read.slots.count, 3)
        XCTAssertEqual(read.slots[1].stay, 600)
        XCTAssertTrue(try failure("n.geojson", text, replacingFirst("[24.9384567,60.1699123]}", "[\"24.9384567\",60.1699123,5]}"))
            .contains("stop 1 has no valid position (coordinates [\"24.9384567\",60.1699123,5])"))
        let long = try failure("o.geojson", text, replacingFirst("\"stay\":600", "\"stay\":\"" + String(repeating: "9", count: 5_000) + "\""))
        XCTAssertTrue(long.contains("stop 2 has a stay of \"999"), long)
        XCTAssertLessThan(long.count, 400, "a long value is cut")
        let longMode = try failure("r.geojson", text, replacingFirst("\"mode\":\"bike\"", "\"mode\":\"" + String(repeating: "b", count: 5_000) + "\""))
        XCTAssertTrue(longMode.contains("its mode \"bbb"), longMode)
        XCTAssertLessThan(longMode.count, 400, "every value quoted in a refusal is cut")
    }
}
