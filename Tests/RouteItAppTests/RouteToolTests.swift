import Foundation
import XCTest
import RouteItCore
import RouteItTestSupport

/// `routeit route` through the real executable: addresses and coordinates, multi-leg routes,
/// --optimize, and --json that passes the same OSRM-response checks as a real osrm-routed.
final class RouteToolTests: XCTestCase {
    private static let directory: URL = {
        do { return try TestFiles.processDirectory("route-tool-tests") }
        catch { fatalError("cannot make a scratch directory under \(NSTemporaryDirectory()): \(error)") }
    }()
    nonisolated(unsafe) private static var helsinkiMap: String?

    private static var environment: [String: String] {
        ["XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
         "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
         "ROUTEIT_DIRECTIONS": "", "ROUTEIT_GEOCODER": ""]
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> RouteItProcess.Result {
        try RouteItProcess.run(arguments, environment: Self.environment.merging(environment) { $1 }, timeout: 120)
    }

    func helsinki() throws -> String {
        if let map = Self.helsinkiMap { return map }
        let map = try HelsinkiFlowTests.importedMap()   // once per build, shared (see TestFiles.shared)
        Self.helsinkiMap = map
        return map
    }

    /// Helsinki Central Station, Annankatu 25, Kalevankatu 20 (all on the extract's car network).
    let station = (60.1710, 24.9414), annankatu = (60.16563, 24.93714), kalevankatu = (60.16698, 24.93889)
    func text(_ p: (Double, Double)) -> String { "\(p.0),\(p.1)" }
    /// What osrm-routed writes for `steps=true&geometries=geojson&overview=full`, the answer the
    /// OSRM checks read (the defaults are OSRM's: a simplified polyline, no steps).
    private let whole = ["--overview", "full", "--geometries", "geojson", "--steps"]

    /// `--mode cycling` (OSRM's name) rides the bicycle profile: steps are OSRM's `cycling` or
    /// `pushing bike` (the station's square is walked), slower than the car and faster than on foot.
    /// With --json the notes go to stderr as the text mode writes them (`Note: ...`), alerts as
    /// `! ...`: a note was `! Note: ...`.
    func testJSONNotesOnStderrAreNotes() throws {
        let map = try helsinki()
        let result = try run(["route", "60.170000,24.941000", "60.165,24.945", "--json", "--map", map])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("Note: Stop 1 was moved 50 m to the nearest road the route can use."), result.stderr)
        XCTAssertFalse(result.stderr.contains("! Note"), result.stderr)
    }

    func testBicycleModeByItsOSRMNamesInJSON() throws {
        let map = try helsinki()
        var durations: [String: Double] = [:]
        for mode in ["cycling", "bicycle", "car", "walk"] {
            let result = try run(["route", text(station), text(kalevankatu), "--mode", mode, "--json", "--map", map] + whole)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(OSRMResponseCheck.problems(Data(result.stdout.utf8), asked: [station, kalevankatu]), [], mode)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let route = try XCTUnwrap((object["routes"] as? [[String: Any]])?.first)
            durations[mode] = try XCTUnwrap(route["duration"] as? Double)
            let steps = ((route["legs"] as? [[String: Any]]) ?? []).flatMap { ($0["steps"] as? [[String: Any]]) ?? [] }
            let modes = Set(steps.compactMap { $0["mode"] as? String })
            if mode == "cycling" || mode == "bicycle" {
                XCTAssertTrue(modes.isSubset(of: ["cycling", "pushing bike"]), "\(modes)")
                XCTAssertTrue(modes.contains("pushing bike"), "\(modes)")
            }
        }
        XCTAssertEqual(durations["cycling"], durations["bicycle"])
        XCTAssertLessThan(try XCTUnwrap(durations["cycling"]), try XCTUnwrap(durations["walk"]))
    }

    func testJSONPassesTheSameChecksAsARealOSRMServer() throws {
        let map = try helsinki()
        let server = try OSRMProcess.start()
        defer { server.kill() }
        // Points both routers reach by car (OSRM finds no car route to the station's own block).
        // The south one on the road along the map's southern edge (460 m further south is off the map).
        let south = (60.1642, 24.9455), north = (60.1700, 24.9400), middle = (60.1660, 24.9420)
        for points in [[south, north], [south, north, middle]] {
            let ours = try run(["route"] + points.map(text) + ["--json", "--map", map] + whole)
            XCTAssertEqual(ours.status, 0, ours.stderr)
            XCTAssertEqual(OSRMResponseCheck.problems(Data(ours.stdout.utf8), asked: points), [], "routeit route --json")

            let path = points.map { String(format: "%.6f,%.6f", $0.1, $0.0) }.joined(separator: ";")
            let url = URL(string: "\(server.url)/route/v1/driving/\(path)?steps=true&geometries=geojson&overview=full")!
            let theirs = try Data(contentsOf: url)
            XCTAssertEqual(OSRMResponseCheck.problems(theirs, asked: points), [], "osrm-routed")

            // routeit route on the OSRM server (--directions): still OSRM's shape.
            let via = try run(["route"] + points.map(text) + ["--json", "--map", map, "--directions=osrm=\(server.url)"] + whole)
            XCTAssertEqual(via.status, 0, via.stderr)
            XCTAssertEqual(OSRMResponseCheck.problems(Data(via.stdout.utf8), asked: points), [], "routeit route --directions --json")
        }
    }

    func testTheCheckerFailsOnBrokenResponses() throws {
        let map = try helsinki()
        let ours = try run(["route", text(station), text(annankatu), "--json", "--map", map] + whole)
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(ours.stdout.utf8)) as? [String: Any])
        var routes = try XCTUnwrap(json["routes"] as? [[String: Any]])
        var geometry = try XCTUnwrap(routes[0]["geometry"] as? [String: Any])
        geometry["coordinates"] = (geometry["coordinates"] as! [[Double]]).map { [$0[1], $0[0]] }
        routes[0]["geometry"] = geometry
        json["routes"] = routes
        let swapped = try JSONSerialization.data(withJSONObject: json)
        XCTAssertFalse(OSRMResponseCheck.problems(swapped, asked: [station, annankatu]).isEmpty, "lat/lon swapped")
        XCTAssertFalse(OSRMResponseCheck.problems(Data(ours.stdout.utf8), asked: [station, annankatu, kalevankatu]).isEmpty,
                       "two legs expected for three points")
    }

    func testAddressesAndMoreThanTwoPlaces() throws {
        let map = try helsinki()
        let result = try run(["route", "Annankatu 25", "Kalevankatu 20", text(station), "--map", map, "--units=km"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // The shell's directions screen: one segment per leg, in the order given (no return leg).
        XCTAssertTrue(result.stdout.hasPrefix("SEGMENT #1\nStarting point: Annankatu 25, 00100 Helsinki\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Ending point: Kalevankatu 20, 00100 Helsinki\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("SEGMENT #2\nStarting point: Kalevankatu 20, 00100 Helsinki\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Ending point: 60.171000,24.941400\n"), result.stdout)
        XCTAssertFalse(result.stdout.contains("SEGMENT #3"), result.stdout)
        XCTAssertTrue(result.stdout.contains(" km\n"), "--units km")
        XCTAssertFalse(result.stdout.contains(" miles"), "--units km")
        XCTAssertEqual(result.stdout.split(separator: "\n").last, "© OpenStreetMap contributors")

        let json = try run(["route", "Annankatu 25", "Kalevankatu 20", "--json", "--map", map])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let waypoints = try XCTUnwrap(object["waypoints"] as? [[String: Any]])
        XCTAssertEqual((waypoints[0]["routeit"] as? [String: Any])?["address"] as? String, "Annankatu 25, 00100 Helsinki")

        let missing = try run(["route", "Xyzzykatu 99", text(station), "--map", map, "--json"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "routeit route: no address matches \"Xyzzykatu 99\"\n")
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(missing.stdout.utf8)) as? [String: Any])?["code"] as? String, "NoMatch")
        // A number the street has not is said, as `geocode` says it, and the street is routed;
        // `table` and the JSON answer say it too (on stderr: the JSON stays one object).
        let typo = try run(["route", "Annankatu 777", "Kalevankatu 20", "--map", map])
        XCTAssertEqual(typo.status, 0, typo.stderr)
        XCTAssertEqual(typo.stderr, "Note: no number 777 on Annankatu; \"Annankatu 777\" is taken as the street.\n")
        XCTAssertTrue(typo.stdout.hasPrefix("SEGMENT #1\nStarting point: Annankatu, "), typo.stdout)
        for tool in [["route", "--json"], ["table"]] {
            let said = try run([tool[0], "Kalevankatu 20", "Annankatu 777"] + tool.dropFirst() + ["--map", map])
            XCTAssertEqual(said.status, 0, said.stderr)
            XCTAssertTrue(said.stderr.contains("Note: no number 777 on Annankatu;"), said.stderr)
        }
        // A house found under another postcode than the one typed is said too.
        let postcode = try run(["route", "Annankatu 25, 00120", "Kalevankatu 20", "--map", map])
        XCTAssertEqual(postcode.status, 0, postcode.stderr)
        XCTAssertEqual(postcode.stderr, "Note: postcode 00120 asked; this is in 00100 (\"Annankatu 25, 00120\").\n")
        XCTAssertTrue(postcode.stdout.hasPrefix("SEGMENT #1\nStarting point: Annankatu 25, 00100 Helsinki"), postcode.stdout)
        let found = try run(["route", "Annankatu 25", "Kalevankatu 20", "--map", map])
        XCTAssertEqual(found.stderr, "")
        // A 100 KB place is not said back whole.
        let long = try run(["route", String(repeating: "x", count: 100_000), text(station), "--map", map])
        XCTAssertEqual(long.stderr, "routeit route: no address matches \"\(String(repeating: "x", count: 80))…\" (100000 characters)\n")
    }

    /// --depart and --stay: each leg's clock times in the text and under `routeit` in the JSON,
    /// and a place reached while closed said on stderr (Stockmann closes at 21:00 on weekdays).
    func testDepartAndStayGiveEachLegItsClockTimes() throws {
        let map = try helsinki()
        let helsinkiTime = ["TZ": "Europe/Helsinki"]
        // 2026-12-03 is a Thursday.
        let arguments = ["route", text(annankatu), "Stockmann", text(kalevankatu), "--depart", "2026-12-03 20:50", "--stay", "15m", "--map", map]
        let result = try run(arguments, environment: helsinkiTime)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Depart 20:50\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Arrive 20:5"), result.stdout)
        XCTAssertTrue(result.stdout.contains(", stay 15m\n! Stockmann closes at 21:00"), "the warning under its leg, as the shell shows it: \(result.stdout)")

        let json = try run(arguments + ["--json"], environment: helsinkiTime)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let route = try XCTUnwrap((object["routes"] as? [[String: Any]])?.first)
        let legs = try XCTUnwrap(route["legs"] as? [[String: Any]])
        let clock = try legs.map { try XCTUnwrap($0["routeit"] as? [String: String]) }
        let parse = ISO8601DateFormatter()
        func date(_ text: String?) throws -> Date { try XCTUnwrap(parse.date(from: try XCTUnwrap(text)), text ?? "nil") }
        XCTAssertEqual(clock[0]["departure"], "2026-12-03T20:50:00+02:00")
        let legDurations = legs.compactMap { $0["duration"] as? Double }
        XCTAssertEqual(try date(clock[0]["arrival"]).timeIntervalSince(try date(clock[0]["departure"])), legDurations[0], accuracy: 1)
        XCTAssertEqual(try date(clock[1]["departure"]).timeIntervalSince(try date(clock[0]["arrival"])), 15 * 60, accuracy: 1, "the stay")
        XCTAssertEqual(try date(clock[1]["arrival"]).timeIntervalSince(try date(clock[1]["departure"])), legDurations[1], accuracy: 1)
        let summary = try XCTUnwrap(route["routeit"] as? [String: Any])
        XCTAssertEqual(summary["arrival"] as? String, clock[1]["arrival"])
        // Arriving about 20:52 for a 15-minute stay in a shop that closes at 21:00.
        // The start moved to its road is said first, as the directions screen says it.
        let alerts = try XCTUnwrap(summary["alerts"] as? [String])
        XCTAssertEqual(alerts.count, 2, "\(alerts)")
        XCTAssertEqual(alerts.first, "Note: the start was moved 70 m to the nearest road the route can use.")
        XCTAssertTrue(alerts.last?.hasPrefix("Stockmann closes at 21:00, before the 15m stay ends") == true, "\(alerts)")
        XCTAssertTrue(json.stderr.contains("! Stockmann closes at 21:00"), json.stderr)

        let late = try run(["route", text(annankatu), "Stockmann", "--depart", "2026-12-03 22:00", "--map", map], environment: helsinkiTime)
        XCTAssertTrue(late.stdout.contains("! Stockmann is closed at 22:0"), late.stdout)
        XCTAssertTrue(late.stdout.contains("(opens 09:00 tomorrow)"), late.stdout)

        for (extra, message) in [
            (["--stay", "5m,10m,15m"], "routeit route: --stay has 3 durations for 2 places after the first; give one for all, or one per place\n"),
            (["--stay", "5m,1h61m"], "routeit route: --stay: Not a stay: \"1h61m\"; minutes after hours go up to 59: type 2h1m (or 121m). (routeit help route lists its options)\n"),
            (["--depart", "24:00"], "routeit route: --depart: Not a time of day: \"24:00\"; use HH:MM from 00:00 to 23:59. (routeit help route lists its options)\n"),
        ] {
            let bad = try run(["route", text(annankatu), text(station), text(kalevankatu), "--map", map] + extra)
            XCTAssertEqual(bad.status, 2, "\(extra)")
            XCTAssertEqual(bad.stderr, message)
        }
    }

    /// Opening hours and clock times are the map's (Helsinki, country FI), whatever zone the
    /// machine is in: Ateneum (Tu 10:00-18:00) is closed at 18:30 Helsinki time under TZ=UTC and
    /// TZ=America/New_York too, and a 09:00 departure waits until 10:00 Helsinki time. The map's
    /// zone once came from TZ, so under UTC Ateneum was "open" at 18:30 and opened at 08:00.
    func testOpeningHoursAndClockTimesAreTheMapsWhateverTZSays() throws {
        let map = try helsinki()
        func answers(_ zone: String, depart: String) throws -> (text: String, json: [String: String]) {
            let arguments = ["route", text(station), "Ateneum", "--depart", depart, "--stay", "10m", "--mode", "walk", "--map", map]
            let text = try run(arguments, environment: ["TZ": zone])
            XCTAssertEqual(text.status, 0, text.stderr)
            let json = try run(arguments + ["--json"], environment: ["TZ": zone])
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let leg = try XCTUnwrap(((object["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])?.first)
            return (text.stdout, try XCTUnwrap(leg["routeit"] as? [String: String]))
        }
        let evening = try answers("Europe/Helsinki", depart: "2026-12-08 18:30")
        XCTAssertTrue(evening.text.contains("! Ateneum is closed at 18:3"), evening.text)
        XCTAssertEqual(evening.json["departure"], "2026-12-08T18:30:00+02:00")
        let morning = try answers("Europe/Helsinki", depart: "2026-12-08 09:00")
        XCTAssertTrue(morning.text.contains("until 10:00"), morning.text)
        for zone in ["UTC", "America/New_York"] {
            let other = try answers(zone, depart: "2026-12-08 18:30")
            XCTAssertEqual(other.text, evening.text, zone)
            XCTAssertEqual(other.json, evening.json, zone)
            let otherMorning = try answers(zone, depart: "2026-12-08 09:00")
            XCTAssertEqual(otherMorning.text, morning.text, zone)
            XCTAssertEqual(otherMorning.json, morning.json, zone)
        }
    }

    /// `--depart` at a clock time the day does not have (the spring-forward gap) says once, with
    /// its date, when the trip leaves instead, as the shell's `depart` does; it once moved it
    /// silently. A trip over the night the clocks go back marks the times after the change: it
    /// read `Depart 03:58`, then `Arrive 03:00`, before it left.
    func testADepartureInTheSpringForwardGapIsSaid() throws {
        let map = try helsinki()
        let helsinkiTime = ["TZ": "Europe/Helsinki"]
        let note = "Note: 03:30 does not exist on 2027-03-28 (clocks go forward); the trip leaves at 04:"
        let gap = try run(["route", text(annankatu), text(station), "--depart", "2027-03-28 03:30", "--map", map, "--json"],
                          environment: helsinkiTime)
        XCTAssertEqual(gap.status, 0, gap.stderr)
        XCTAssertEqual(gap.stderr.components(separatedBy: note).count, 2, gap.stderr)
        XCTAssertTrue(gap.stdout.hasPrefix("{"), "the JSON stays one object on stdout")
        // The text too, under another zone: the map's clock decides.
        let gapText = try run(["route", text(annankatu), text(station), "--depart", "2027-03-28 03:30", "--map", map],
                              environment: ["TZ": "UTC"])
        XCTAssertEqual(gapText.stderr.components(separatedBy: note).count, 2, gapText.stderr)
        XCTAssertTrue(gapText.stdout.contains("Depart 04:"), gapText.stdout)
        XCTAssertFalse(gapText.stdout.contains("after clocks went"), "the trip leaves after the change: \(gapText.stdout)")
        let plain = try run(["route", text(annankatu), text(station), "--depart", "2027-03-28 02:30", "--map", map],
                            environment: helsinkiTime)
        XCTAssertFalse(plain.stderr.contains("does not exist"), plain.stderr)

        // Helsinki's clocks go back from 04:00 to 03:00 on 2026-10-25.
        let back = try run(["route", text(annankatu), text(station), text(annankatu), "--stay", "5m", "--depart", "2026-10-25 03:58", "--map", map],
                           environment: helsinkiTime)
        XCTAssertEqual(back.status, 0, back.stderr)
        XCTAssertTrue(back.stdout.contains("Depart 03:58\n"), back.stdout)
        XCTAssertNotNil(back.stdout.range(of: #"Arrive 03:0\d \(after clocks went back\), stay 5m\n"#, options: .regularExpression), back.stdout)
        XCTAssertNotNil(back.stdout.range(of: #"Back at 03:\d\d \(after clocks went back\)\n"#, options: .regularExpression), back.stdout)
        let before = try run(["route", text(annankatu), text(station), "--depart", "2026-10-24 03:58", "--map", map], environment: helsinkiTime)
        XCTAssertFalse(before.stdout.contains("after clocks went"), before.stdout)
    }

    /// `--depart` takes the years 1970 to 9998, in which the JSON writes the date given, and
    /// refuses the others in one line. Year 1 was written 0000-12-30T00:00:00+01:39 (read on
    /// the Julian calendar, written on the Gregorian, at Helsinki's local mean time), a trip
    /// leaving 9999-12-31 23:59 arrived in year 10000 (not RFC 3339), and 1582-10-10, a valid
    /// ISO date the Julian-to-Gregorian switch skipped, was "Not a date".
    func testADepartureIsInTheYearsWhoseDatesTheJSONWritesAsGiven() throws {
        let map = try helsinki()
        for given in ["0001-01-01", "1582-10-10", "1900-01-01", "1969-12-31", "9999-12-31"] {
            let bad = try run(["route", text(annankatu), text(station), "--depart", given + " 00:00", "--map", map, "--json"])
            XCTAssertEqual(bad.status, 2, given)
            XCTAssertEqual(bad.stderr, "routeit route: --depart: \(given) is out of range; give a date from 1970 to 9998. (routeit help route lists its options)\n")
            XCTAssertEqual(bad.stdout, "")
        }
        let parse = ISO8601DateFormatter()
        for (given, written, arrivalDay) in [("1970-01-01 00:00", "1970-01-01T00:00:00+02:00", "1970-01-01T00:0"),
                                             ("9998-12-31 23:59", "9998-12-31T23:59:00+02:00", "9999-01-01T00:0")] {
            let result = try run(["route", text(annankatu), text(station), "--depart", given, "--map", map, "--json"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let leg = try XCTUnwrap(((object["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])?.first)
            let clock = try XCTUnwrap(leg["routeit"] as? [String: String])
            XCTAssertEqual(clock["departure"], written)
            XCTAssertTrue(clock["arrival"]?.hasPrefix(arrivalDay) == true, "\(clock)")
            XCTAssertNotNil(clock["arrival"].flatMap(parse.date(from:)), "RFC 3339: \(clock)")
        }
    }

    func testOptimizeVisitsTheStopsInTheQuickestOrder() throws {
        let map = try helsinki()
        // Far, near, middle from the station: the quickest open path is not the order given.
        let far = (60.1642, 24.9455), near = (60.1700, 24.9400), middle = (60.1660, 24.9420)
        func asked(_ p: (Double, Double)) -> String { Coordinate(latitude: p.0, longitude: p.1).description }
        func legs(_ extra: [String]) throws -> (duration: Double, places: [String]) {
            let result = try run(["route", text(station), text(far), text(near), text(middle), "--json", "--map", map] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let waypoints = try XCTUnwrap(object["waypoints"] as? [[String: Any]])
            let queries = waypoints.compactMap { ($0["routeit"] as? [String: Any])?["query"] as? String }
            guard extra.contains("--optimize") else {
                let route = try XCTUnwrap((object["routes"] as? [[String: Any]])?.first)
                return (try XCTUnwrap(route["duration"] as? Double), queries)
            }
            // OSRM's trip answer: the places as given (as `serve` writes a coordinate), each with
            // its place in the trip.
            let trip = try XCTUnwrap((object["trips"] as? [[String: Any]])?.first)
            XCTAssertNil(object["routes"])
            XCTAssertEqual(queries, [asked(station), asked(far), asked(near), asked(middle)])
            XCTAssertEqual(Set(waypoints.compactMap { $0["trips_index"] as? Int }), [0])
            let positions = waypoints.compactMap { $0["waypoint_index"] as? Int }
            XCTAssertEqual(positions.sorted(), [0, 1, 2, 3])
            let visited = positions.indices.sorted { positions[$0] < positions[$1] }.map { queries[$0] }
            return (try XCTUnwrap(trip["duration"] as? Double), visited + [asked(station)])
        }
        // --optimize is a round trip, as the shell's optimize: compare with the given order
        // driven back to the start.
        let given = try legs([text(station)]), optimized = try legs(["--optimize"])
        XCTAssertLessThan(optimized.duration, given.duration)
        XCTAssertEqual(optimized.places.count, 5, "start, three stops, start")
        XCTAssertEqual(optimized.places.first, asked(station), "the first place stays first")
        XCTAssertEqual(optimized.places.last, asked(station), "back to the start")
        XCTAssertEqual(Set(optimized.places), Set(given.places), "the same places")
        XCTAssertNotEqual(optimized.places, given.places, "in another order")
    }

    /// One core for both front ends: the same trip (places, stays, departure, mode, units) planned
    /// in the shell and asked of `routeit route` gives the same directions screen, character for
    /// character; and the shell's `optimize` and `--optimize` give the same round trip.
    func testTheShellAndTheToolGiveTheSameTrip() throws {
        let map = try helsinki()
        let helsinkiTime = ["TZ": "Europe/Helsinki"]
        let flow = try RouteItProcess.flowFile("""
            type 1 Annankatu 25
            enter 1
            pick 1
            type 2 Stockmann
            enter 2
            pick 1
            type 3 Kalevankatu 20
            enter 3
            pick 1
            add
            type 4 Lönnrotinkatu 7
            enter 4
            pick 1
            stay 2 15m
            stay 3 5m
            depart 2026-12-03 10:00
            mode walk
            units km
            route
            optimize
            """)
        let shell = try run(["--map", map, "run", flow.path], environment: helsinkiTime)
        XCTAssertEqual(shell.status, 0, shell.stderr)
        let afterRoute = try XCTUnwrap(shell.stdout.components(separatedBy: "> route\n").last)
        let routed = try XCTUnwrap(afterRoute.components(separatedBy: "> optimize\n").first)
        let optimizedOutput = try XCTUnwrap(afterRoute.components(separatedBy: "> optimize\n").last)
        // The directions after the saving, with what they say above the first segment.
        let optimized = try XCTUnwrap(optimizedOutput.range(of: "\n\n").map { String(optimizedOutput[$0.upperBound...]) })

        let places = ["Annankatu 25", "Stockmann", "Kalevankatu 20", "Lönnrotinkatu 7"]
        let options = ["--depart", "2026-12-03 10:00", "--mode", "walk", "--units", "km", "--map", map]
        let tool = try run(["route"] + places + ["Annankatu 25", "--stay", "15m,5m,0,0"] + options, environment: helsinkiTime)
        XCTAssertEqual(tool.status, 0, tool.stderr)
        XCTAssertEqual(tool.stdout, routed, "the same trip in the given order")
        XCTAssertTrue(routed.contains("Expected Travel Time: ") && routed.contains("m ") && routed.contains("s\n"), routed)

        let toolOptimized = try run(["route"] + places + ["--stay", "15m,5m,0", "--optimize"] + options, environment: helsinkiTime)
        XCTAssertEqual(toolOptimized.status, 0, toolOptimized.stderr)
        // The same optimized round trip; each names a stop as its user sees it: the tool as given
        // (Kalevankatu 20 is its Stop 2), the shell by the slot it moved to.
        let shellHours = "Hours unknown: Stop 1 (Kalevankatu 20), Stop 2 (Lönnrotinkatu 7)"
        XCTAssertTrue(optimized.contains(shellHours), optimized)
        XCTAssertEqual(toolOptimized.stdout, optimized.replacingOccurrences(
            of: shellHours, with: "Hours unknown: Stop 2 (Kalevankatu 20), Stop 3 (Lönnrotinkatu 7)"), "the same optimized round trip")
        XCTAssertNotEqual(routed, optimized, "optimizing changed the order")
    }

    /// A day (#26): the same stop list with a window and a priority, the same end of day and
    /// end, planned by the shell's `optimize` and by `route --optimize`, gives the same
    /// directions, character for character: the garage closed all day Sunday left out and said,
    /// the wait for the window, no leg back. Bad day options are one line each.
    func testTheShellAndTheToolPlanTheSameDay() throws {
        let map = try helsinki()
        let helsinkiTime = ["TZ": "Europe/Helsinki"]
        let list = Self.directory.appendingPathComponent("sunday.csv")
        try "name,address,window,stay,priority\n,Stockmann,,30m,\n,Autoklinikka Helsinki FastFix,,,\n,Kalevankatu 20,11:30-12:00,,low\n"
            .write(to: list, atomically: true, encoding: .utf8)
        // The shell's session over the same stops, `day` its day options before `optimize`.
        func shellOptimizing(_ day: String) throws -> RouteItProcess.Result {
            let flow = try RouteItProcess.flowFile("""
                type 1 Annankatu 25
                enter 1
                pick 1
                stops \(list.path)
                depart 2026-12-06 10:00
                units km
                \(day)
                optimize
                """)
            return try run(["--map", map, "run", flow.path], environment: helsinkiTime)
        }
        let shell = try shellOptimizing("end anywhere\nback by 12:30")
        XCTAssertEqual(shell.status, 0, shell.stderr)
        let optimized = try XCTUnwrap(shell.stdout.components(separatedBy: "> optimize\n").last)
        let directions = try XCTUnwrap(optimized.range(of: "\n\n").map { String(optimized[$0.upperBound...]) })

        let options = ["--stops", list.path, "--optimize", "--depart", "2026-12-06 10:00", "--units", "km", "--map", map]
        let tool = try run(["route", "Annankatu 25", "--end", "anywhere", "--back-by", "12:30"] + options, environment: helsinkiTime)
        XCTAssertEqual(tool.status, 0, tool.stderr)
        // The same day; the garage is line 2 of the list, its Stop 2, and the shell's slot 3 once reordered.
        XCTAssertTrue(directions.hasPrefix("! Autoklinikka Helsinki FastFix, Stockmann Q-park (Stop 3) is left out: closed all day Sunday.\n"), directions)
        XCTAssertEqual(tool.stdout, directions.replacingOccurrences(of: "(Stop 3) is left out", with: "(Stop 2) is left out"), "the same day")
        XCTAssertTrue(tool.stdout.hasPrefix("! Autoklinikka Helsinki FastFix, Stockmann Q-park (Stop 2) is left out: closed all day Sunday.\n"), tool.stdout)
        // A car leaves each stop the way it arrived (on this clipped extract, by the map's edge).
        XCTAssertTrue(tool.stdout.contains("wait 1h 28m 16s until 11:30\n"), tool.stdout)
        XCTAssertTrue(tool.stdout.contains("Total Waiting: 1h 28m 16s\nEnds at 12:02\n"), tool.stdout)
        XCTAssertFalse(tool.stdout.contains("SEGMENT #3"), "no leg back to the start: \(tool.stdout)")
        // --json says the stop left out among its alerts.
        let json = try run(["route", "Annankatu 25", "--end", "anywhere", "--back-by", "12:30", "--json"] + options, environment: helsinkiTime)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let route = try XCTUnwrap((object["trips"] as? [[String: Any]])?.first)
        let alerts = try XCTUnwrap((route["routeit"] as? [String: Any])?["alerts"] as? [String])
        XCTAssertEqual(alerts.first, "Autoklinikka Helsinki FastFix, Stockmann Q-park (Stop 2) is left out: closed all day Sunday.")
        XCTAssertEqual((route["legs"] as? [Any])?.count, 2)

        // Over two days the garage is Monday's route.
        let twoDays = try run(["route", "Annankatu 25", "--days", "2"] + options, environment: helsinkiTime)
        XCTAssertEqual(twoDays.status, 0, twoDays.stderr)
        // First the line the shell's optimize says over the same days.
        let shellDays = try shellOptimizing("days 2")
        XCTAssertEqual(shellDays.status, 0, shellDays.stderr)
        let planned = try XCTUnwrap(shellDays.stdout.components(separatedBy: "> optimize\n").last?.split(separator: "\n").first)
        XCTAssertTrue(planned.hasPrefix("Planned over 2 days: day 1 "), shellDays.stdout)
        XCTAssertTrue(twoDays.stdout.hasPrefix(planned + "\n\nDAY 1 OF 2 (2026-12-06)\nSEGMENT #1\n"), twoDays.stdout)
        XCTAssertTrue(twoDays.stdout.contains("\n\nDAY 2 OF 2 (2026-12-07)\nSEGMENT #1\nStarting point: Annankatu 25, 00100 Helsinki\nDepart 10:00\n"), twoDays.stdout)
        XCTAssertFalse(twoDays.stdout.contains("left out"), twoDays.stdout)
        // --json: OSRM's trip answer with a trip a day, the days the text shows: each leaves
        // from the start (its waypoint_index 0 on day 1, so each day's stops count from 1).
        let twoDaysJSON = try run(["route", "Annankatu 25", "--days", "2", "--json"] + options, environment: helsinkiTime)
        XCTAssertEqual(twoDaysJSON.status, 0, twoDaysJSON.stderr)
        let daysObject = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(twoDaysJSON.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(daysObject["code"] as? String, "Ok")
        let trips = try XCTUnwrap(daysObject["trips"] as? [[String: Any]])
        XCTAssertEqual(trips.map { ($0["routeit"] as? [String: Any])?["departure"] as? String },
                       ["2026-12-06T10:00:00+02:00", "2026-12-07T10:00:00+02:00"])
        let dayWaypoints = try XCTUnwrap(daysObject["waypoints"] as? [[String: Any]])
        XCTAssertEqual(dayWaypoints.count, 4, "the start and the list's three lines, as given")
        XCTAssertEqual(dayWaypoints[0]["trips_index"] as? Int, 0)
        XCTAssertEqual(dayWaypoints[0]["waypoint_index"] as? Int, 0)
        XCTAssertEqual(dayWaypoints[2]["trips_index"] as? Int, 1, "the garage (line 2) on Monday")
        for (index, trip) in trips.enumerated() {
            let positions = dayWaypoints.filter { $0["trips_index"] as? Int == index }.compactMap { $0["waypoint_index"] as? Int }
            let stops = positions.filter { $0 > 0 }.sorted()
            XCTAssertEqual(stops, Array(1...max(1, stops.count)), "day \(index + 1)")
            XCTAssertEqual((trip["legs"] as? [Any])?.count, stops.count + 1, "day \(index + 1) there and back")
        }
        let stopsADay = trips.map { (($0["legs"] as? [Any])?.count ?? 0) - 1 }
        XCTAssertEqual(String(planned), "Planned over 2 days: " + stopsADay.enumerated()
            .map { "day \($0 + 1) \($1) stop\($1 == 1 ? "" : "s")" }.joined(separator: ", ") + ".", "the days the text plans")
        // A line no day fits (its window is over before each day leaves) is in no trip, as a
        // one-day trip's left-out place; its alert goes to stderr under the day that says it.
        let early = Self.directory.appendingPathComponent("sunday-early.csv")
        try (String(contentsOf: list, encoding: .utf8) + ",Lönnrotinkatu 7,08:00-09:00,,\n").write(to: early, atomically: true, encoding: .utf8)
        let leftOut = try run(["route", "Annankatu 25", "--days", "2", "--json"] + options.map { $0 == list.path ? early.path : $0 },
                              environment: helsinkiTime)
        XCTAssertEqual(leftOut.status, 0, leftOut.stderr)
        let leftOutObject = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(leftOut.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((leftOutObject["trips"] as? [Any])?.count, 2)
        let lonnrotinkatu = try XCTUnwrap((leftOutObject["waypoints"] as? [[String: Any]])?.last)
        XCTAssertNil(lonnrotinkatu["trips_index"])
        XCTAssertNil(lonnrotinkatu["waypoint_index"])
        XCTAssertEqual((lonnrotinkatu["routeit"] as? [String: Any])?["left_out"] as? Bool, true)
        XCTAssertEqual(leftOut.stderr, "! Day 1: Lönnrotinkatu 7 (Stop 4) is left out on every day: its window 08:00-09:00 is over before the trip leaves at 10:00.\n"
                       + "! Day 1: This trip turns round where a road leaves the map: the road goes on, so turn round where you can.\n"
                       + "! Day 2: This trip turns round where a road leaves the map: the road goes on, so turn round where you can.\n")

        // Without waiting nothing fits: one message with the reasons in the tool's words (its
        // switch, no trip to leave unchanged), each stop named as given, nothing routed.
        let strict = try run(["route", "Annankatu 25", "--no-wait"] + options, environment: helsinkiTime)
        XCTAssertEqual(strict.status, 1)
        XCTAssertEqual(strict.stderr, "routeit route: No stop fits the day. Stockmann (Stop 1) is left out: it opens at 11:00 and the trip does not wait (leave out --no-wait). Autoklinikka Helsinki FastFix, Stockmann Q-park (Stop 2) is left out: closed all day Sunday. Kalevankatu 20 (Stop 3) is left out: its window 11:30-12:00 cannot be reached without waiting (leave out --no-wait).\n")
        XCTAssertEqual(strict.stdout, "")
        for (extra, message) in [
            (["--end", "99"], "routeit route: --end 99: the trip has places 1-4\n"),
            (["--end", "last"], "routeit route: --end takes start, anywhere or a place's number (1 is the first), not \"last\" (routeit help route lists its options)\n"),
            (["--back-by", "25:00"], "routeit route: --back-by: Not a time of day: \"25:00\"; back by takes HH:MM from 00:00 to 24:00, e.g. back by 17:00. (routeit help route lists its options)\n"),
        ] {
            let bad = try run(["route", "Annankatu 25"] + options + extra, environment: helsinkiTime)
            XCTAssertEqual(bad.status, 2, "\(extra)")
            XCTAssertEqual(bad.stderr, message)
        }
    }

    /// The day's rules hold for a single stop and say when a trip in the order given breaks
    /// them; --days without --optimize is refused rather than ignored.
    func testTheDayRulesHoldForOneStopAndForTheOrderGiven() throws {
        let map = try helsinki()
        let helsinkiTime = ["TZ": "Europe/Helsinki"]
        let trip = ["route", "Annankatu 25", "Stockmann", "--depart", "2026-12-03 12:00", "--map", map]
        let optimized = try run(trip + ["--optimize", "--back-by", "12:01"], environment: helsinkiTime)
        XCTAssertEqual(optimized.status, 1)
        XCTAssertTrue(optimized.stderr.hasPrefix("routeit route: No stop fits the day. Stockmann (Stop 1) is left out: the trip would end after 12:01."),
                      optimized.stderr)
        let given = try run(trip + ["--back-by", "12:01"], environment: helsinkiTime)
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertTrue(given.stdout.contains("\n! The trip ends at 12:0"), given.stdout)
        XCTAssertTrue(given.stdout.contains(", after its end of day (back by 12:01); optimizing the trip leaves out the stops that do not fit.\n"),
                      given.stdout)
        let days = try run(trip + ["--days", "2"], environment: helsinkiTime)
        XCTAssertEqual(days.status, 2)
        XCTAssertEqual(days.stderr, "routeit route: --days 2 spreads the stops over days as it orders them: add --optimize\n")
    }

    /// `--back-by 01:00` for a trip leaving at 20:00 is the night's 01:00, said once above the
    /// directions (and among the JSON's alerts); the departure's own time is the next day's too.
    func testABackByAfterMidnightIsTheNextDays() throws {
        let map = try helsinki()
        let helsinkiTime = ["TZ": "Europe/Helsinki"]
        // Thursday evening: Stockmann is open until 21:00.
        let trip = ["route", "Annankatu 25", "Stockmann", "--depart", "2026-12-03 20:00", "--map", map]
        let note = "Back by 01:00 (+1 day): the trip leaves at 20:00, so it may end after midnight."
        let given = try run(trip + ["--back-by", "01:00"], environment: helsinkiTime)
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertTrue(given.stdout.hasPrefix("! \(note)\n"), given.stdout)
        XCTAssertEqual(given.stdout.components(separatedBy: "Back by 01:00").count, 2, "said once")
        XCTAssertFalse(given.stdout.contains("after its end of day"), given.stdout)
        let optimized = try run(trip + ["--optimize", "--back-by", "01:00", "--json"], environment: helsinkiTime)
        XCTAssertEqual(optimized.status, 0, optimized.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(optimized.stdout.utf8)) as? [String: Any])
        let route = try XCTUnwrap((object["trips"] as? [[String: Any]])?.first)
        XCTAssertEqual((route["routeit"] as? [String: Any])?["alerts"] as? [String], [note])
        XCTAssertEqual(optimized.stderr, "! \(note)\n")
        let sameTime = try run(trip + ["--back-by", "20:00"], environment: helsinkiTime)
        XCTAssertEqual(sameTime.status, 0, sameTime.stderr)
        XCTAssertTrue(sameTime.stdout.hasPrefix("! Back by 20:00 (+1 day): the trip leaves at 20:00"), sameTime.stdout)
    }

    /// Ctrl-C during `--optimize` keeps the best order found so far and routes it, saying it
    /// stopped early (killed by the signal, the tool printed nothing); a second Ctrl-C ends it.
    func testCtrlCWhileOrderingRoutesTheBestOrderSoFar() throws {
        let map = try helsinki()
        var lines: [String] = []
        for i in 0..<7 { for j in 0..<6 { lines.append(String(format: "%.4f,%.4f", 60.1655 + Double(i) * 0.001, 24.937 + Double(j) * 0.0022)) } }
        let list = Self.directory.appendingPathComponent("grid42.txt")
        try (lines.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
        for presses in [1, 2] {
            let process = Process()
            process.executableURL = try RouteItProcess.locate()
            process.arguments = ["route", text(station), "--stops", list.path, "--optimize", "--map", map]
            process.environment = ProcessInfo.processInfo.environment.merging(Self.environment) { $1 }
            let output = ChildOutput(process)
            try process.run()
            // Ctrl-C once the tool catches it, well before the 42 stops are timed and ordered.
            XCTAssertTrue(waitUntilCatchingInterrupt(process), output.text)
            for _ in 0..<presses { process.interrupt(); usleep(20_000) }
            process.waitUntilExit()
            if presses == 1 {
                XCTAssertEqual(process.terminationStatus, 0, output.text)
                XCTAssertTrue(output.text.contains("! Stopped early: best plan so far.\n"), output.text)
                XCTAssertEqual(output.text.components(separatedBy: "SEGMENT #").count - 1, 43, "every stop and back")
            } else {
                XCTAssertEqual(process.terminationStatus, 130, output.text)
            }
        }
    }

    /// A list line that matches several places (the map's four Alepa shops) takes the first
    /// and says which, the same line in the shell and the tool; the tool's --json stays one
    /// object on stdout, the notice on stderr. A line naming one place says nothing.
    func testAListLineMatchingSeveralPlacesSaysWhichItTook() throws {
        let map = try helsinki()
        let list = Self.directory.appendingPathComponent("alepa.txt")
        try "Kalevankatu 20\nAlepa\n".write(to: list, atomically: true, encoding: .utf8)
        let said = try XCTUnwrap(NSRegularExpression(
            pattern: "Note: line 2: \"Alepa\" matches 4 places; took Alepa[^,\n]*, [^\n]+, 00100 Helsinki — give the street to pick another\\.\n"))
        func notices(_ text: String) -> [String] {
            said.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range, in: text)!]) }
        }
        let json = try run(["route", text(station), "--stops", list.path, "--json", "--map", map])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8)), "one JSON object: \(json.stdout)")
        XCTAssertEqual(notices(json.stderr).count, 1, json.stderr)
        XCTAssertFalse(json.stderr.contains("line 1"), json.stderr)

        let flow = try RouteItProcess.flowFile("type 1 \(text(station))\nstops \(list.path)\n")
        let shell = try run(["--map", map, "run", flow.path])
        XCTAssertEqual(shell.status, 0, shell.stderr)
        XCTAssertEqual(notices(shell.stdout).count, 1, shell.stdout)
        XCTAssertTrue(shell.stdout.contains("[✓] 3 Stop 2: Alepa"), shell.stdout)
    }

    /// Whether `process` comes to catch SIGINT (/proc's SigCgt mask) within 60 s.
    private func waitUntilCatchingInterrupt(_ process: Process) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline {
            let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
            if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
               let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16),
               mask & (1 << (UInt64(SIGINT) - 1)) != 0 { return true }
            usleep(1000)
        }
        return false
    }

    /// `--stops FILE`: a CSV's places after the ones given, with their stays and names; a line
    /// that cannot be found, or too many stops, is one line and nothing is routed.
    /// Past the exact planner's 12 stops the order is a counted search: the same trip gives the
    /// same answer every run. --budget searches for a time instead, --seed picks another search;
    /// both need --optimize, and a bad value is one line.
    func testTheOrderOfManyStopsIsTheSameEveryRun() throws {
        let map = try helsinki()
        let list = Self.directory.appendingPathComponent("sixteen.txt")
        let grid = (0..<16).map { String(format: "%.4f,%.4f", 60.1625 + 0.005 * Double($0 / 4), 24.933 + 0.008 * Double($0 % 4)) }
        try (grid.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
        let trip = ["route", "60.1700,24.9400", "--stops", list.path, "--optimize", "--depart", "2026-12-03 10:00", "--map", map, "--units", "km"]
        let first = try run(trip), second = try run(trip)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout.components(separatedBy: "SEGMENT #").count - 1, 17)
        XCTAssertEqual(first.stdout, second.stdout)
        for extra in [["--seed", "5"], ["--budget", "0.3"], ["--seed", "5", "--budget", "0.3"]] {
            let other = try run(trip + extra)
            XCTAssertEqual(other.status, 0, "\(extra): \(other.stderr)")
            XCTAssertEqual(other.stdout.components(separatedBy: "SEGMENT #").count - 1, 17, "\(extra)")
        }
        for (extra, message) in [
            (["--budget", "0"], "routeit route: --budget: Not a search time: \"0\"; give seconds from 0.01 to 600, e.g. 5. (routeit help route lists its options)\n"),
            (["--budget", "nan"], "routeit route: --budget: Not a search time: \"nan\"; give seconds from 0.01 to 600, e.g. 5. (routeit help route lists its options)\n"),
            (["--seed", "-1"], "routeit route: --seed: Not a seed: \"-1\"; give a whole number from 0, e.g. 7. (routeit help route lists its options)\n"),
        ] {
            let bad = try run(trip + extra)
            XCTAssertEqual(bad.status, 2, "\(extra)")
            XCTAssertEqual(bad.stderr, message)
        }
        // Without --optimize each is refused by the name given (--seed 1, the default's value, too).
        for (extra, named) in [(["--seed", "3"], "--seed is"), (["--seed", "1"], "--seed is"), (["--budget", "2"], "--budget is"),
                               (["--budget", "2", "--seed", "3"], "--seed and --budget are")] {
            let unordered = try run(["route", "Annankatu 25", "Stockmann", "--map", map] + extra)
            XCTAssertEqual(unordered.status, 2, "\(extra)")
            XCTAssertEqual(unordered.stderr, "routeit route: \(named) for ordering the stops: add --optimize\n")
        }
    }

    func testAStopListAddsItsPlaces() throws {
        let map = try helsinki()
        let list = Self.directory.appendingPathComponent("day.csv")
        try "name,address,stay\nStockmann,Aleksanterinkatu 52,15m\n,Kalevankatu 20,\n".write(to: list, atomically: true, encoding: .utf8)
        let result = try run(["route", "Annankatu 25", "--stops", list.path, "--map", map, "--units", "km"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Ending point: Stockmann, Aleksanterinkatu 52, 00100 Helsinki\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains(", stay 15m\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("SEGMENT #2\nStarting point: Stockmann"), result.stdout)
        XCTAssertFalse(result.stdout.contains("SEGMENT #3"), result.stdout)

        // --stay counts the list's places; a list's own stay wins over it.
        let stayed = try run(["route", "Annankatu 25", "--stops", list.path, "--stay", "5m", "--map", map, "--units", "km"])
        XCTAssertEqual(stayed.status, 0, stayed.stderr)
        XCTAssertTrue(stayed.stdout.contains(", stay 15m\n"), stayed.stdout)
        XCTAssertTrue(stayed.stdout.contains(", stay 5m\n"), "Kalevankatu 20 has no stay of its own: \(stayed.stdout)")
        let each = try run(["route", "Annankatu 25", "--stops", list.path, "--stay", "5m,10m,15m", "--map", map])
        XCTAssertEqual(each.stderr, "routeit route: --stay has 3 durations for 2 places after the first; give one for all, or one per place\n")

        try "Annankatu 25\nXyzzykatu 99\n".write(to: list, atomically: true, encoding: .utf8)
        let missing = try run(["route", "Kalevankatu 20", "--stops", list.path, "--map", map])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "routeit route: 1 of 2 stops cannot be found: line 2 (\"Xyzzykatu 99\"); fix them and load the list again.\n")
        XCTAssertEqual(missing.stdout, "")

        try String(repeating: "60.17,24.94\n", count: 201).write(to: list, atomically: true, encoding: .utf8)
        let many = try run(["route", "Kalevankatu 20", "--stops", list.path, "--map", map])
        XCTAssertEqual(many.status, 2)
        XCTAssertEqual(many.stderr, "routeit route: \(list.path): The list has 201 stops; a trip has at most 200.\n")
    }

    /// In the order given a place may come again (back to a depot between rounds), but not
    /// right after itself; an ordered trip (--optimize) visits each place once, its stop list's
    /// lines too. Refused, it is one line naming both, exit 2 as other bad arguments, before
    /// anything is routed. The last place the first again is a round trip written out, unless
    /// the trip comes back to the start by itself (--optimize, --end start).
    func testTheSamePlaceTwiceIsOneLineButAWrittenOutRoundTripIsRouted() throws {
        let map = try helsinki()
        let a = "60.1699,24.9384", b = "60.1677,24.9422", c = "60.1686,24.9316"
        let round = try run(["route", a, b, a, "--map", map, "--units", "km"])
        XCTAssertEqual(round.status, 0, round.stderr)
        XCTAssertTrue(round.stdout.contains("SEGMENT #2\n"), round.stdout)
        XCTAssertFalse(round.stdout.contains("SEGMENT #3"), round.stdout)
        // The start typed again within a millionth of a degree is the same place: back at it.
        let again = try run(["route", "60.1700000,24.9410000", b, "60.1700004,24.9410004", "--depart", "10:00", "--map", map])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("\nBack at "), again.stdout)
        XCTAssertFalse(again.stdout.contains("\nEnds at "), again.stdout)

        let depot = try run(["route", a, b, "60.16990,24.93840", c, "--map", map, "--units", "km"])
        XCTAssertEqual(depot.status, 0, depot.stderr)
        XCTAssertTrue(depot.stdout.contains("SEGMENT #3\n"), "back to the first place between two rounds: \(depot.stdout)")
        let twice = try run(["route", a, b, "60.16990,24.93840", c, "--optimize", "--map", map])
        XCTAssertEqual(twice.status, 2)
        XCTAssertEqual(twice.stderr, "routeit route: place 3 (\"60.16990,24.93840\") is the same place as place 1 (\"\(a)\"); an ordered trip visits each place once: leave out one of them\n")
        XCTAssertEqual(twice.stdout, "")
        let alone = try run(["route", a, b, b, "--map", map])
        XCTAssertEqual(alone.stderr, "routeit route: place 3 (\"\(b)\") is the same place as place 2 (\"\(b)\"); a leg from a place to itself goes nowhere: leave out one of them\n")
        let optimized = try run(["route", a, b, c, a, "--optimize", "--map", map])
        XCTAssertEqual(optimized.status, 2)
        XCTAssertEqual(optimized.stderr, "routeit route: place 4 (\"\(a)\") is the same place as place 1 (\"\(a)\"); the trip comes back to the start by itself: leave out the last place\n")
        let ended = try run(["route", a, b, a, "--end", "start", "--map", map])
        XCTAssertTrue(ended.stderr.hasSuffix("by itself: leave out the last place\n"), ended.stderr)

        let list = Self.directory.appendingPathComponent("again.txt")
        try "\(c)\n\(b)\n".write(to: list, atomically: true, encoding: .utf8)
        let listed = try run(["route", a, b, "--stops", list.path, "--optimize", "--map", map])
        XCTAssertEqual(listed.status, 2)
        XCTAssertEqual(listed.stderr, "routeit route: line 2 of \(list.path) (\"\(b)\") is the same place as place 2 (\"\(b)\"); an ordered trip visits each place once: leave out one of them\n")
        try "\(b)\n\(c)\n".write(to: list, atomically: true, encoding: .utf8)
        let next = try run(["route", a, b, "--stops", list.path, "--map", map])
        XCTAssertEqual(next.stderr, "routeit route: line 1 of \(list.path) (\"\(b)\") is the same place as place 2 (\"\(b)\"); a leg from a place to itself goes nowhere: leave out one of them\n")
        try "\(b)\n\(c)\n\(a)\n".write(to: list, atomically: true, encoding: .utf8)
        let listedRound = try run(["route", a, "--stops", list.path, "--map", map, "--json"])
        XCTAssertEqual(listedRound.status, 0, listedRound.stderr)
    }

    /// An end outside the map and far from its roads is the outside alert, not a route to a road
    /// 3 km away; `reverse` there names no street. An end moved more than 50 m to reach a road
    /// is said in the text, as the shell says it (the same screen).
    func testAnEndOffTheMapSaysSoAndOneMovedToARoadIsSaid() throws {
        let map = try helsinki()
        let outside = "is outside the Helsinki map (60.16–60.18 N, 24.93–24.96 E).\n"
        let off = try run(["route", "60.1681,24.9417", "60.2000,24.9000", "--map", map])
        XCTAssertEqual(off.status, 1, off.stdout)
        XCTAssertEqual(off.stderr, "routeit route: 60.200000,24.900000 " + outside)
        XCTAssertEqual(off.stdout, "")
        let reverse = try run(["reverse", "60.2000", "24.9000", "--map", map])
        XCTAssertEqual(reverse.status, 1, reverse.stdout)
        XCTAssertEqual(reverse.stderr, "routeit reverse: The position 60.200000,24.900000 " + outside)
        // Latitude and longitude swapped: the same line says which place was meant.
        let swapped = try run(["route", "60.1681,24.9417", "24.9410,60.1700", "--map", map])
        XCTAssertEqual(swapped.status, 1, swapped.stdout)
        XCTAssertEqual(swapped.stderr, "routeit route: 24.941000,60.170000 is outside the Helsinki map (60.16–60.18 N, 24.93–24.96 E)"
                       + " — did you mean 60.170000,24.941000 (latitude first)?\n")
        let swappedReverse = try run(["reverse", "24.9410", "60.1700", "--map", map])
        XCTAssertTrue(swappedReverse.stderr.hasSuffix(" — did you mean 60.170000,24.941000 (latitude first)?\n"), swappedReverse.stderr)

        // In the park north of the station, 130 m from the nearest road a car may use.
        let moved = try run(["route", "60.1745,24.9470", text(station), "--map", map, "--units", "km"])
        XCTAssertEqual(moved.status, 0, moved.stderr)
        XCTAssertTrue(moved.stdout.hasPrefix("Note: the start was moved 130 m to the nearest road the route can use.\n\nSEGMENT #1\n"), moved.stdout)
        let near = try run(["route", text(station), text(kalevankatu), "--map", map])
        XCTAssertEqual(near.status, 0, near.stderr)
        XCTAssertFalse(near.stdout.contains("Note:"), near.stdout)
    }

    func testFailuresAndBadArguments() throws {
        let map = try helsinki()
        // Far out at sea, beyond the map and any road within reach of the snapping.
        let none = try run(["route", "60.0900,24.9400", text(station), "--map", map])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.stderr, "routeit route: 60.090000,24.940000 is outside the Helsinki map (60.16–60.18 N, 24.93–24.96 E).\n")
        XCTAssertEqual(none.stdout, "")
        let noneJSON = try run(["route", "60.0900,24.9400", text(station), "--map", map, "--json"])
        XCTAssertEqual(noneJSON.status, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(noneJSON.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["code"] as? String, "NoSegment", "OSRM's code for a point off its roads")
        XCTAssertEqual(object["message"] as? String, "60.090000,24.940000 is outside the Helsinki map (60.16–60.18 N, 24.93–24.96 E).")
        for (arguments, message) in [
            (["route", "91,0", text(station)], "routeit route: not a LAT,LON coordinate: 91,0 (latitude -90...90, longitude -180...180)\n"),
            (["route", text(station), text(annankatu), "--mode", "boat"],
             "routeit route: --mode takes car, walk or bike (or OSRM's driving, foot, walking, cycling, bicycle), not \"boat\" (routeit help route lists its options)\n"),
            (["route", text(station), text(annankatu), "--keep-going"],
             "routeit route: --keep-going is for run, not route (routeit help route lists its options)\n"),
        ] {
            let result = try run(arguments + ["--map", map])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, message)
            XCTAssertEqual(result.stdout, "")
        }
        let usage = try run(["route", text(station)])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.hasPrefix("routeit route: route needs at least two places; usage: routeit route PLACE PLACE..."), usage.stderr)
        XCTAssertEqual(usage.stderr.filter { $0 == "\n" }.count, 1, usage.stderr)
    }

    func testFootIsOSRMsNameForWalking() throws {
        let map = try helsinki()
        // One departure for both: --json carries the clock (now, by default).
        let walk = try run(["route", text(station), text(annankatu), "--mode", "walk", "--json", "--steps", "--map", map, "--depart", "2026-12-03 10:00"])
        let foot = try run(["route", text(station), text(annankatu), "--mode=foot", "--json", "--steps", "--map", map, "--depart=2026-12-03 10:00"])
        XCTAssertEqual(foot.status, 0, foot.stderr)
        XCTAssertEqual(foot.stdout, walk.stdout)
        XCTAssertTrue(foot.stdout.contains("\"mode\":\"walking\""), foot.stdout)
    }

    func testToolsTakeTheShellsServerOptionsAndVariables() throws {
        let map = try helsinki()
        // A server nobody listens on: the tool must try it (and fall back to the map, saying so once),
        // not answer quietly from the map as if no server was configured.
        let refusing = OSRMProcess.refusingPort()   // bound, never listening, for the whole test
        defer { refusing.close() }
        let port = refusing.port
        for (arguments, environment) in [(["--directions", "osrm=http://127.0.0.1:\(port)"], [String: String]()),
                                          ([], ["ROUTEIT_DIRECTIONS": "osrm=http://127.0.0.1:\(port)"])] {
            let result = try run(["route", text(station), text(annankatu), "--map", map, "--timeout=1"] + arguments, environment: environment)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr, "! Routing server unreachable — using the offline map\n", "the server was tried")
        }
        let bad = try run(["route", text(station), text(annankatu), "--map", map], environment: ["ROUTEIT_DIRECTIONS": "nonsense"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.hasPrefix("routeit route: ROUTEIT_DIRECTIONS takes osrm=URL"), bad.stderr)
    }

    /// A stop list's named line at a coordinate written longitude first: the outside line names
    /// the line with its coordinates and says which was meant, as for a typed coordinate.
    func testANamedListLineWithSwappedCoordinatesSaysWhichWasMeant() throws {
        let map = try helsinki()
        let list = Self.directory.appendingPathComponent("swapped.csv")
        try "name,address\nKiosk,\"24.94,60.17\"\n".write(to: list, atomically: true, encoding: .utf8)
        let result = try run(["route", "60.1681,24.9417", "--stops", list.path, "--map", map])
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertEqual(result.stderr, "routeit route: Kiosk (24.940000,60.170000) is outside the Helsinki map (60.16–60.18 N, 24.93–24.96 E)"
                       + " — did you mean 60.170000,24.940000 (latitude first)?\n")
    }
}
