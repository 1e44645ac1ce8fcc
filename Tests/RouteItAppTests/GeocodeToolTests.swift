import Foundation
import XCTest
import RouteItTestSupport
import RouteItSQLite

/// `routeit import`, `routeit geocode`, `routeit reverse` and `routeit route` through the real executable:
/// output for scripts, JSON with attribution, exit codes, one-line errors.
final class GeocodeToolTests: XCTestCase {
    private static let directory: URL = {
        do { return try TestFiles.processDirectory("geocode-tool-tests") }
        catch { fatalError("cannot make a scratch directory under \(NSTemporaryDirectory()): \(error)") }
    }()
    nonisolated(unsafe) private static var helsinkiMap: String?

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
        let map = try HelsinkiFlowTests.importedMap()   // once per build, shared (see TestFiles.shared)
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
        // A copy: the shared map must not be written to, even by an import that should fail.
        let map = try TestFiles.temporaryDirectory(for: self).appendingPathComponent("helsinki.routeit").path
        try FileManager.default.copyItem(atPath: try helsinki(), toPath: map)
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

    /// -o replaces an older map, never the extract being imported or a file of another kind
    /// (unless --force says so).
    func testImportNeverWritesOverItsInputOrAnotherKindOfFile() throws {
        try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
        let input = Self.directory.appendingPathComponent("own-\(UUID().uuidString).osm.pbf").path
        try FileManager.default.copyItem(atPath: try extract("test.osm.pbf"), toPath: input)
        let extractBytes = try Data(contentsOf: URL(fileURLWithPath: input))
        let onItself = try run(["import", input, "-o", input])
        XCTAssertEqual(onItself.status, 2, onItself.stderr)
        XCTAssertTrue(onItself.stderr.contains("is the file being imported"), onItself.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: input)), extractBytes)

        let notes = Self.directory.appendingPathComponent("notes-\(UUID().uuidString).txt").path
        try Data("my notes".utf8).write(to: URL(fileURLWithPath: notes))
        let overNotes = try run(["import", input, "-o", notes])
        XCTAssertEqual(overNotes.status, 1)
        XCTAssertEqual(overNotes.stderr, "routeit import: \(notes) is there and is not a RouteIt map; add --force to replace it, or choose another -o\n")
        XCTAssertEqual(try String(contentsOfFile: notes, encoding: .utf8), "my notes")
        XCTAssertEqual(try run(["import", input, "-o", notes, "--force"]).status, 0, "--force replaces it")

        // Another program's SQLite database (here one like the planner's store) is not a map either.
        let store = Self.directory.appendingPathComponent("store-\(UUID().uuidString).sqlite").path
        try SQLiteDatabase(path: store, mode: .create)
            .execute("PRAGMA application_id = 1380537411; CREATE TABLE trip(name TEXT); INSERT INTO trip VALUES ('mine')")
        let storeBytes = try Data(contentsOf: URL(fileURLWithPath: store))
        let overStore = try run(["import", input, "-o", store])
        XCTAssertEqual(overStore.status, 1, overStore.stderr)
        XCTAssertTrue(overStore.stderr.contains("is not a RouteIt map; add --force"), overStore.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store)), storeBytes)

        // A map made before is simply made again.
        let map = Self.directory.appendingPathComponent("again-\(UUID().uuidString).routeit").path
        XCTAssertEqual(try run(["import", input, "-o", map]).status, 0)
        let again = try run(["import", input, "-o", map])
        XCTAssertEqual(again.status, 0, again.stderr)
    }

    func testBadArgumentsExitTwoWithOneLine() throws {
        for arguments in [["import"], ["import", "a", "b"], ["import", "/nonexistent.osm.pbf"], ["import", "x.osm", "--bogus"], ["import", "x.osm", "-o", ""],
                          ["geocode"], ["geocode", ""], ["geocode", "  ", " "], ["geocode", "x", "--map"], ["reverse"], ["reverse", ""], ["reverse", " "], ["reverse", "60.1"],
                          ["reverse", "north", "east"], ["reverse", "91", "24.9"], ["reverse", "60.1", "24.9", "--bogus"],
                          ["reverse", "60.1", "24.9", "--zoom", "x"], ["reverse", "60.1", "24.9", "--zoom", "-1"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("routeit \(arguments[0]): "), result.stderr)
        }
        // Blanks are nothing to look up, said so (they were "Address not found.", exit 1, as if searched).
        for (arguments, said) in [(["geocode", "  "], "give an address, a place's name or LAT,LON to look up"), (["reverse", ""], "give LAT LON (or LAT,LON) to look up")] {
            let blank = try run(arguments)
            XCTAssertTrue(blank.stderr.hasPrefix("routeit \(arguments[0]): \(said); usage: "), blank.stderr)
        }
        let folder = try run(["import", NSTemporaryDirectory()])
        XCTAssertEqual(folder.status, 2)
        XCTAssertTrue(folder.stderr.contains("is a folder; give an OSM file in it"), folder.stderr)
    }

    /// A postcode alone, or with its town, is the postcode's area at its centre.
    func testAPostcodeIsItsArea() throws {
        let map = try helsinki()
        for query in ["00100", "00100 Helsinki", "Helsinki 00100"] {
            let found = try run(["geocode", query, "--map", map])
            XCTAssertEqual(found.status, 0, query)
            XCTAssertTrue(found.stdout.hasPrefix("00100 Helsinki  60.1"), "\(query): \(found.stdout)")
            XCTAssertEqual(found.stdout.split(separator: "\n").count, 2, "one answer and the credit: \(found.stdout)")
        }
        XCTAssertEqual(try run(["geocode", "99999", "--map", map]).status, 1, "no such postcode on the map")
        let address = try run(["geocode", "Annankatu 25 00100", "--map", map])
        XCTAssertTrue(address.stdout.hasPrefix("Annankatu 25, 00100 Helsinki"), address.stdout)
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
        // Nominatim's jsonv2: an array of places, coordinates as strings.
        let places = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let first = try XCTUnwrap(places.first)
        XCTAssertTrue((first["licence"] as? String)?.contains("© OpenStreetMap contributors") == true)
        XCTAssertEqual(first["display_name"] as? String, "2, Töölönlahdenkatu, Keskusta, Kaisaniemi, Helsinki, 00100, Suomi")
        // The country as a Nominatim import of the same extract names it (its addr:country tags say
        // FI), and the neighbourhood and suburb as it does.
        XCTAssertEqual(first["address"] as? [String: String],
                       ["house_number": "2", "road": "Töölönlahdenkatu", "neighbourhood": "Keskusta", "suburb": "Kaisaniemi",
                        "postcode": "00100", "city": "Helsinki", "country": "Suomi", "country_code": "fi"])
        XCTAssertNil(first["extratags"], "an address has no opening hours")
        XCTAssertEqual(first["category"] as? String, "place")
        XCTAssertEqual(first["type"] as? String, "house")
        XCTAssertNotNil(first["place_id"] as? Int)
        XCTAssertEqual(try XCTUnwrap(Double(try XCTUnwrap(first["lat"] as? String))), 60.1724, accuracy: 0.001)
        let box = try XCTUnwrap(first["boundingbox"] as? [String])
        XCTAssertEqual(box.count, 4)
        let edges = box.compactMap(Double.init)
        XCTAssertTrue(edges[0] < edges[1] && edges[2] < edges[3], "\(box)")
        XCTAssertEqual((first["routeit"] as? [String: Any])?["formatted_address"] as? String, "Töölönlahdenkatu 2, 00100 Helsinki")
        XCTAssertEqual(try run(["geocode", "Xyzzykatu 99", "--json", "--map", map]).stdout, "[]\n", "no match: an empty array")

        // A POI's opening hours, where Nominatim's extratags=1 puts them.
        let shop = try run(["geocode", "Stockmann", "--json", "--map", map])
        let stockmann = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(shop.stdout.utf8)) as? [[String: Any]])?.first)
        let hours = try XCTUnwrap((stockmann["extratags"] as? [String: String])?["opening_hours"], shop.stdout)
        XCTAssertTrue(hours.contains("Mo-Fr"), hours)
    }

    func testGeocodeNothingFound() throws {
        let map = try helsinki()
        for query in ["\u{1}\u{2}", "Xyzzykatu 99"] {
            let result = try run(["geocode", query, "--map", map])
            XCTAssertEqual(result.status, 1, query)
            XCTAssertEqual(result.stdout, "", query)
            XCTAssertEqual(result.stderr, "Address not found.\n", "a miss is said on stderr: \(query)")
        }
    }

    func testReverse() throws {
        let map = try helsinki()
        let text = try run(["reverse", "60.16745", "24.93675", "--map", map])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.hasPrefix("Annankatu 25, 00100 Helsinki"), text.stdout)
        let json = try run(["reverse", "60.17443,24.94264", "--json", "--map", map])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((object["address"] as? [String: String])?["road"], "Kaisaniemen puistokuja")
        XCTAssertEqual(object["category"] as? String, "highway")
        XCTAssertEqual((object["lat"] as? String).flatMap(Double.init) ?? 0, 60.1744, accuracy: 0.001)
        XCTAssertTrue((object["licence"] as? String)?.contains("© OpenStreetMap contributors") == true)
        let suburb = try run(["reverse", "60.178,24.95", "--zoom", "14", "--map", map])
        XCTAssertTrue(suburb.stdout.hasPrefix("Siltasaari, Helsinki"), suburb.stdout)
        let town = try run(["reverse", "60.178,24.95", "--zoom", "10", "--map", map])
        XCTAssertTrue(town.stdout.hasPrefix("Helsinki  60.1674"), town.stdout)
        XCTAssertEqual(text.stderr, "", "an address where asked is not far")
        // At sea inside Monaco's map: the nearest street, 2.3 km off, is said to be that far,
        // on stderr, so --json stays Nominatim's object; `geocode LAT,LON` says it alike.
        let monaco = URL(fileURLWithPath: try HelsinkiFlowTests.helsinkiExtract()).deletingLastPathComponent()
            .appendingPathComponent("monaco.osm.pbf").path
        for asked in [["reverse", "43.72,7.45"], ["reverse", "43.72", "7.45", "--json"], ["geocode", "43.72,7.45"]] {
            let far = try run(asked + ["--map", monaco, "--units", "km"])
            XCTAssertEqual(far.status, 0, far.stderr)
            // (The OSM file is imported first, which says so on stderr too.)
            let note = far.stderr.split(separator: "\n").filter { $0.hasPrefix("Note:") }
            XCTAssertEqual(note.count, 1, far.stderr)
            XCTAssertTrue(note.first?.hasPrefix("Note: nothing nearer; Avenue de la Porte Neuve is 2.") == true, far.stderr)
            XCTAssertTrue(note.first?.hasSuffix(" km from 43.720000,7.450000.") == true, far.stderr)
        }
        let sea = try run(["reverse", "59.0,22.0", "--json", "--map", map])
        XCTAssertEqual(sea.status, 1)
        XCTAssertEqual(sea.stdout, "{\"error\":\"Unable to geocode\"}\n", "Nominatim's answer when nothing is near")
    }

    /// On Monaco's map (mostly France) Nominatim's `address` takes its town and country from the
    /// map's whole outlines: Beausoleil is no longer Monaco, Menton's street claims no country.
    func testMonacoAnswersTakeTheirTownAndCountryFromTheOutlines() throws {
        let monaco = try extract("monaco.osm.pbf")
        func address(_ arguments: [String]) throws -> [String: String] {
            let result = try run(arguments + ["--json", "--map", monaco])
            XCTAssertEqual(result.status, 0, result.stderr)
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            let object = try XCTUnwrap((json as? [[String: Any]])?.first ?? json as? [String: Any], result.stdout)
            return try XCTUnwrap(object["address"] as? [String: String], result.stdout)
        }
        XCTAssertEqual(try address(["reverse", "43.7482", "7.4220", "--zoom", "12"]), ["town": "Beausoleil"])
        // Menton's Dragonnière node is 450 m north, 270 m west: its neighbourhood's box holds the point.
        XCTAssertEqual(try address(["reverse", "43.761399", "7.474137"]), ["road": "Avenue de Verdun", "neighbourhood": "Dragonnière", "city": "Menton"])
        XCTAssertEqual(try address(["geocode", "Avenue de Verdun, Beausoleil"]), ["road": "Avenue de Verdun", "city": "Beausoleil"])
        let inMonaco = try address(["reverse", "43.7384", "7.4246"])
        XCTAssertEqual([inMonaco["city"], inMonaco["country"], inMonaco["country_code"]], ["Monaco", "Monaco", "mc"])
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
}
