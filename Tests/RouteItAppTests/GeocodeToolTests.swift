import Foundation
import XCTest

/// `routeit import`, `routeit geocode`, `routeit reverse` and `routeit route` through the real executable:
/// output for scripts, JSON with attribution, exit codes, one-line errors.
final class GeocodeToolTests: XCTestCase {
    private static let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("routeit-geocode-tool-tests-\(ProcessInfo.processInfo.processIdentifier)")
    private static var helsinkiMap: String?

    private static var environment: [String: String] {
        ["XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
         "XDG_DATA_HOME": directory.appendingPathComponent("data").path]
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    private func extract(_ name: String) throws -> String {
        let osm = ProcessInfo.processInfo.environment["ROUTEIT_OSM_DIR"]
            ?? RouteItProcess.packageRoot.appendingPathComponent(".data/osm").path
        let path = osm + "/" + name
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("\(path) is missing: run Scripts/fetch-data")
            throw CocoaError(.fileNoSuchFile)
        }
        return path
    }

    private func run(_ arguments: [String]) throws -> RouteItProcess.Result {
        try RouteItProcess.run(arguments, environment: Self.environment, timeout: 120)
    }

    /// Helsinki imported once with `routeit import`.
    private func helsinki() throws -> String {
        if let map = Self.helsinkiMap { return map }
        let map = Self.directory.appendingPathComponent("helsinki.routeit").path
        let result = try run(["import", try extract("Helsinki.osm.pbf"), "-o", map])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, map + "\n")
        Self.helsinkiMap = map
        return map
    }

    func testImportReportsSummaryLinesWhenNotATerminal() throws {
        let map = Self.directory.appendingPathComponent("test.routeit").path
        let result = try run(["import", try extract("test.osm.pbf"), "-o", map])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("import: reading ways: 2653 ways, 5 relations"), result.stderr)
        XCTAssertTrue(result.stderr.contains("import: reading nodes: 14222 nodes"), result.stderr)
        XCTAssertFalse(result.stderr.contains("\u{1b}["), "no bar codes on a pipe")
        XCTAssertTrue(FileManager.default.fileExists(atPath: map))
    }

    func testImportOfACorruptFileFailsInOneLineAndKeepsTheMap() throws {
        let map = try helsinki()
        let before = try Data(contentsOf: URL(fileURLWithPath: map))
        let bad = Self.directory.appendingPathComponent("bad.osm.pbf")
        let real = try Data(contentsOf: URL(fileURLWithPath: try extract("test.osm.pbf")))
        try real.prefix(real.count / 3).write(to: bad)
        let result = try run(["import", bad.path, "-o", map])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("routeit import: "), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").filter { $0.hasPrefix("routeit import:") }.count, 1, result.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: map)), before)
    }

    func testBadArgumentsExitTwoWithOneLine() throws {
        for arguments in [["import"], ["import", "a", "b"], ["import", "/nonexistent.osm.pbf"], ["import", "x.osm", "--bogus"],
                          ["geocode"], ["geocode", "x", "--map"], ["reverse"], ["reverse", "60.1"],
                          ["reverse", "north", "east"], ["reverse", "91", "24.9"], ["reverse", "60.1", "24.9", "--bogus"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("routeit \(arguments[0]): "), result.stderr)
        }
    }

    func testGeocodeTextAndJSON() throws {
        let map = try helsinki()
        let text = try run(["geocode", "Annankatu", "25", "--map", map])
        XCTAssertEqual(text.status, 0, text.stderr)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("Annankatu 25, 00100 Helsinki  60.1674") == true, text.stdout)
        XCTAssertEqual(lines.last, "© OpenStreetMap contributors")

        let json = try run(["geocode", "toolonlahdenkatu 2", "--json", "--map", map])
        XCTAssertEqual(json.status, 0, json.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["attribution"] as? String, "© OpenStreetMap contributors")
        let first = try XCTUnwrap((object["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["formattedAddress"] as? String, "Töölönlahdenkatu 2, 00100 Helsinki")
        XCTAssertEqual(first["formattedAddressLines"] as? [String], ["Töölönlahdenkatu 2", "00100 Helsinki"])
        XCTAssertEqual(try XCTUnwrap(first["latitude"] as? Double), 60.1724, accuracy: 0.001)
    }

    func testGeocodeNothingFound() throws {
        let map = try helsinki()
        for query in ["   ", "\u{1}\u{2}", "Xyzzykatu 99"] {
            let result = try run(["geocode", query, "--map", map])
            XCTAssertEqual(result.status, 1, query)
            XCTAssertEqual(result.stdout, "Address not found.\n", query)
        }
    }

    func testReverse() throws {
        let map = try helsinki()
        let text = try run(["reverse", "60.16745", "24.93675", "--map", map])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.hasPrefix("Annankatu 25, 00100 Helsinki"), text.stdout)
        let json = try run(["reverse", "60.17443,24.94264", "--json", "--map", map])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((object["result"] as? [String: Any])?["street"] as? String, "Kaisaniemen puistokuja")
        XCTAssertEqual(object["attribution"] as? String, "© OpenStreetMap contributors")
    }

    func testMapErrors() throws {
        let missing = try run(["geocode", "Annankatu", "--map", "/nonexistent/x.routeit"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "routeit geocode: There is no map at /nonexistent/x.routeit; import one with: routeit import FILE.osm.pbf -o /nonexistent/x.routeit\n")
        let notes = Self.directory.appendingPathComponent("notes.txt")
        try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
        try Data("hello".utf8).write(to: notes)
        let neither = try run(["reverse", "60.17", "24.94", "--map", notes.path])
        XCTAssertEqual(neither.status, 1)
        XCTAssertTrue(neither.stderr.contains("is neither a RouteIt map nor an OSM file"), neither.stderr)
    }

    // MARK: routeit route

    /// Helsinki Central Station to Annankatu 25 (both on the car network of the extract).
    private let station = "60.1710,24.9414", annankatu25 = "60.16563,24.93714"

    func testRouteToolPrintsStepsThatAddUpAndTheAttribution() throws {
        let result = try run(["route", station, annankatu25, "--map", try helsinki()])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("Route via ") == true, result.stdout)
        XCTAssertTrue(lines.contains { $0.contains("1. Head ") }, result.stdout)
        XCTAssertTrue(lines.contains { $0.contains("Arrive at your destination") }, result.stdout)
        XCTAssertEqual(lines.last, "© OpenStreetMap contributors")
    }

    func testRouteToolJSONHasRoutesWhoseStepsSumToTheRoute() throws {
        let result = try run(["route", station, annankatu25, "--alternatives", "--json", "--map", try helsinki()])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["attribution"] as? String, "© OpenStreetMap contributors")
        XCTAssertEqual(json["mode"] as? String, "car")
        let routes = try XCTUnwrap(json["routes"] as? [[String: Any]])
        XCTAssertTrue((1...3).contains(routes.count), "\(routes.count) routes")
        for route in routes {
            let distance = try XCTUnwrap(route["distance"] as? Double)
            let duration = try XCTUnwrap(route["duration"] as? Double)
            XCTAssertGreaterThan(distance, 300)   // the two points are ~650 m apart as the crow flies
            let steps = try XCTUnwrap(route["steps"] as? [[String: Any]])
            XCTAssertEqual(steps.last?["instruction"] as? String, "Arrive at your destination")
            let stepDistance = steps.compactMap { $0["distance"] as? Double }.reduce(0, +)
            let stepDuration = steps.compactMap { $0["duration"] as? Double }.reduce(0, +)
            XCTAssertEqual(stepDistance, distance, accuracy: max(1, distance * 0.001))
            XCTAssertEqual(stepDuration, duration, accuracy: max(1, duration * 0.001))
        }
    }

    func testRouteToolNoRouteAndBadArgumentsAreOneLineErrors() throws {
        let map = try helsinki()
        // Fredrikinkatu 30 sits on a car-network fragment cut off by the extract's edge (OSRM agrees: NoRoute).
        let none = try run(["route", "60.1651499,24.9356242", station, "--map", map])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.stderr, "routeit route: Directions not available.\n")
        for (arguments, message) in [
            (["route", "91,0", station], "routeit route: not a LAT,LON coordinate: 91,0\n"),
            (["route", station, annankatu25, "--mode", "bike"], "routeit route: --mode takes car or walk\n"),
        ] {
            let result = try run(arguments + ["--map", map])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, message)
            XCTAssertEqual(result.stdout, "")
        }
        let usage = try run(["route", station])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.hasPrefix("routeit route: usage: routeit route LAT,LON LAT,LON"), usage.stderr)
        XCTAssertEqual(usage.stderr.filter { $0 == "\n" }.count, 1, usage.stderr)
    }
}
