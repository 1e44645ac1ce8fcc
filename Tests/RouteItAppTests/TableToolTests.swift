import Foundation
import XCTest

/// `routeit table` through the real executable: OSRM's table response from the map, the same
/// times as `routeit route` gives pair by pair, the same shape over a real osrm-routed, and one
/// clear line for bad input.
final class TableToolTests: XCTestCase {
    private static let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("routeit-table-tool-tests-\(ProcessInfo.processInfo.processIdentifier)")
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

    private func run(_ arguments: [String]) throws -> RouteItProcess.Result {
        try RouteItProcess.run(arguments, environment: Self.environment, timeout: 120)
    }

    private func helsinki() throws -> String {
        if let map = Self.helsinkiMap { return map }
        let osm = ProcessInfo.processInfo.environment["ROUTEIT_OSM_DIR"] ?? RouteItProcess.packageRoot.appendingPathComponent(".data/osm").path
        let map = Self.directory.appendingPathComponent("helsinki.routeit").path
        let result = try run(["import", osm + "/Helsinki.osm.pbf", "-o", map])
        XCTAssertEqual(result.status, 0, result.stderr)
        Self.helsinkiMap = map
        return map
    }

    private let places = ["60.1642,24.9455", "60.1700,24.9400", "60.1660,24.9420", "Annankatu 25"]

    private func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    func testTheTableIsOSRMsAndAgreesWithRoutes() throws {
        let map = try helsinki()
        let result = try run(["table"] + places + ["--json", "--distances", "--map", map])
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try json(result.stdout)
        XCTAssertEqual(object["code"] as? String, "Ok")
        let durations = try XCTUnwrap(object["durations"] as? [[Double]])
        let distances = try XCTUnwrap(object["distances"] as? [[Double]])
        XCTAssertEqual(durations.count, 4)
        XCTAssertEqual((object["sources"] as? [Any])?.count, 4)
        XCTAssertEqual((object["destinations"] as? [Any])?.count, 4)
        for i in 0..<4 {
            XCTAssertEqual(durations[i].count, 4)
            XCTAssertEqual(durations[i][i], 0)
            for j in 0..<4 where i != j {
                XCTAssertGreaterThan(durations[i][j], 0, "\(i)→\(j)")
                XCTAssertGreaterThan(distances[i][j], 0, "\(i)→\(j)")
            }
        }
        // The same pair as a route: the same time and distance (within 1 %, OSRM's own tolerance
        // between its table and its routes).
        for (i, j) in [(0, 1), (1, 0), (2, 3), (3, 2)] {
            let route = try run(["route", places[i], places[j], "--json", "--map", map])
            XCTAssertEqual(route.status, 0, route.stderr)
            let first = try XCTUnwrap((try json(route.stdout)["routes"] as? [[String: Any]])?.first)
            XCTAssertEqual(durations[i][j], try XCTUnwrap(first["duration"] as? Double), accuracy: durations[i][j] * 0.01, "\(i)→\(j)")
            XCTAssertEqual(distances[i][j], try XCTUnwrap(first["distance"] as? Double), accuracy: distances[i][j] * 0.01, "\(i)→\(j)")
        }

        let part = try json(try run(["table"] + places + ["--json", "--map", map, "--sources", "2", "--destinations", "0;3"]).stdout)
        XCTAssertEqual(part["durations"] as? [[Double]], [[durations[2][0], durations[2][3]]])
        XCTAssertNil(part["distances"], "durations only unless asked, as OSRM's default annotations")
    }

    /// A place whose nearest road is cut off from the other place's (18.6 m away) is routed from
    /// the connected roads (43.3 m away), by the table as by the route: both say it starts there.
    func testAPlaceMovedToTheConnectedRoadsIsSaidWhereTheRouteStarts() throws {
        let map = try helsinki()
        let pair = ["60.1710,24.9414", "60.1650,24.9500"]
        let table = try json(try run(["table"] + pair + ["--json", "--map", map]).stdout)
        let route = try json(try run(["route"] + pair + ["--json", "--map", map]).stdout)
        let source = try XCTUnwrap((table["sources"] as? [[String: Any]])?.first)
        let start = try XCTUnwrap((route["waypoints"] as? [[String: Any]])?.first)
        XCTAssertEqual(source["location"] as? [Double], start["location"] as? [Double])
        XCTAssertEqual(try XCTUnwrap(source["distance"] as? Double), 43.3, accuracy: 0.5)
        XCTAssertEqual(try XCTUnwrap((table["durations"] as? [[Double]])?[0][1]),
                       try XCTUnwrap((route["routes"] as? [[String: Any]])?.first?["duration"] as? Double))
    }

    func testTheTableOverARealOSRMServerHasTheSameShape() throws {
        let map = try helsinki()
        let server = try OSRMProcess.start()
        defer { server.kill() }
        let points = Array(places.prefix(3))
        let ours = try json(try run(["table"] + points + ["--json", "--map", map]).stdout)
        let via = try run(["table"] + points + ["--json", "--map", map, "--directions=osrm=\(server.url)"])
        XCTAssertEqual(via.status, 0, via.stderr)
        let theirs = try json(via.stdout)
        XCTAssertEqual(Set(theirs.keys), Set(ours.keys))
        let ourDurations = try XCTUnwrap(ours["durations"] as? [[Double]]), theirDurations = try XCTUnwrap(theirs["durations"] as? [[Double]])
        XCTAssertEqual(theirDurations.count, 3)
        XCTAssertTrue(theirDurations.allSatisfy { $0.count == 3 })
        // Two routers on the same streets: the same order of magnitude for every pair.
        for i in 0..<3 { for j in 0..<3 where i != j {
            XCTAssertLessThan(abs(log(ourDurations[i][j] / theirDurations[i][j])), log(3.0), "\(i)→\(j)")
        } }
    }

    func testBadInputIsOneLine() throws {
        let map = try helsinki()
        for (arguments, message) in [
            (["table", places[0]], "routeit table: table needs at least two places; usage: routeit table PLACE PLACE..."),
            (["table", places[0], places[1], "--sources", "2"], "routeit table: --sources names place 2, but the places are numbered 0-1"),
            (["table", places[0], places[1], "--destinations", "0;x"], "routeit table: --destinations takes place numbers from 0 separated by ';'"),
            (["table", places[0], places[1], "--sources", "0;"], "routeit table: --sources takes place numbers from 0 separated by ';' (e.g. 0;2), not \"0;\""),
            (["table", places[0], places[1], "--sources", "0;;1"], "routeit table: --sources takes place numbers from 0 separated by ';'"),
            (["table", places[0], "91,0"], "routeit table: not a LAT,LON coordinate: 91,0"),
        ] {
            let result = try run(arguments + ["--map", map])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix(message), result.stderr)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
        }
        let outside = try run(["table", places[0], "43.7384,7.4246", "--map", map, "--json"])
        XCTAssertEqual(outside.status, 1)
        XCTAssertEqual(try json(outside.stdout)["code"] as? String, "NoSegment")
    }

    /// A place off the map is written as people read it (zero has no sign), and one typed
    /// longitude first says which place was meant, as the shell and `route` say it.
    func testAPlaceOffTheMapIsWrittenPlainlyAndASwappedOneIsSaid() throws {
        let map = try helsinki()
        let range = "is outside the Helsinki map (60.16–60.18 N, 24.93–24.96 E)"
        let zero = try run(["table", places[0], "-0.0,0", "--map", map])
        XCTAssertEqual(zero.status, 1)
        XCTAssertEqual(zero.stderr, "routeit table: 0.000000,0.000000 \(range).\n")
        let swapped = try run(["table", places[0], "24.9410,60.1700", "--map", map])
        XCTAssertEqual(swapped.status, 1)
        XCTAssertEqual(swapped.stderr, "routeit table: 24.941000,60.170000 \(range) — did you mean 60.170000,24.941000 (latitude first)?\n")
        let both = try run(["table", places[0], "24.9410,60.1700", "-0.0,0", "--map", map])
        XCTAssertEqual(both.stderr, "routeit table: 2 places are outside the Helsinki map (60.16–60.18 N, 24.93–24.96 E): "
                       + "24.941000,60.170000 and 0.000000,0.000000 — did you mean 60.170000,24.941000 (latitude first)?\n")
    }
}
