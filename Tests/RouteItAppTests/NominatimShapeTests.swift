import Foundation
import XCTest

/// `routeit geocode --json` / `reverse --json` read like Nominatim's `jsonv2`: the same checks
/// run on RouteIt's output and on a real Nominatim's (the answers recorded from Nominatim 5.3.3
/// for the remote tests, and a live server when ROUTEIT_NOMINATIM_URL is set).
final class NominatimShapeTests: XCTestCase {
    /// What a script written for Nominatim relies on in one place; returns what is wrong.
    static func problems(_ place: [String: Any]) -> [String] {
        var problems: [String] = []
        if !(place["place_id"] is Int) { problems.append("place_id: not a number") }
        let lat = (place["lat"] as? String).flatMap(Double.init), lon = (place["lon"] as? String).flatMap(Double.init)
        if lat.map({ !(-90...90).contains($0) }) ?? true { problems.append("lat: not a latitude as a string") }
        if lon.map({ !(-180...180).contains($0) }) ?? true { problems.append("lon: not a longitude as a string") }
        for key in ["display_name", "category", "type"] where (place[key] as? String)?.isEmpty ?? true {
            problems.append("\(key): not a non-empty string")
        }
        if !(place["address"] is [String: String]) { problems.append("address: not an object of strings") }
        let box = (place["boundingbox"] as? [String])?.compactMap(Double.init) ?? []
        if box.count != 4 || box[0] > box[1] || box[2] > box[3] {
            problems.append("boundingbox: not four strings south, north, west, east")
        } else if let lat, let lon, !(box[0]...box[1]).contains(lat) || !(box[2]...box[3]).contains(lon) {
            problems.append("boundingbox: does not hold lat/lon")
        }
        return problems
    }

    /// Keys both have must hold the same JSON type.
    static func typeMismatches(_ ours: [String: Any], _ theirs: [String: Any]) -> [String] {
        func kind(_ value: Any) -> String {
            switch value {
            case is String: return "string"
            case is [Any]: return "array"
            case is [String: Any]: return "object"
            case is NSNumber: return "number"
            default: return "\(type(of: value))"
            }
        }
        return Set(ours.keys).intersection(theirs.keys).sorted().compactMap { key in
            kind(ours[key]!) == kind(theirs[key]!) ? nil : "\(key): \(kind(ours[key]!)) here, \(kind(theirs[key]!)) from Nominatim"
        }
    }

    /// The recorded real answers (search, reverse) the remote tests replay.
    private func recorded() throws -> (search: [[String: Any]], reverse: [String: Any]) {
        let source = try String(contentsOf: RouteItProcess.packageRoot.appendingPathComponent("Tests/RouteItRemoteTests/NominatimRecordedAnswers.swift"),
                                encoding: .utf8)
        let literals = source.components(separatedBy: "#\"\"\"\n").dropFirst().map { $0.components(separatedBy: "\n\"\"\"#")[0] }
        XCTAssertEqual(literals.count, 2)
        let search = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(literals[0].utf8)) as? [[String: Any]])
        let reverse = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(literals[1].utf8)) as? [String: Any])
        return (search, reverse)
    }

    private func ours(_ arguments: [String]) throws -> Any {
        let result = try RouteItProcess.run(arguments + ["--map", try HelsinkiFlowTests.helsinkiExtract()],
                                            environment: HelsinkiFlowTests.environment.merging(["ROUTEIT_GEOCODER": ""]) { $1 }, timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    func testGeocodeAndReverseJSONPassNominatimsChecks() throws {
        let real = try recorded()
        for place in real.search { XCTAssertEqual(Self.problems(place), [], "the checks hold for real Nominatim") }
        XCTAssertEqual(Self.problems(real.reverse), [])

        let search = try XCTUnwrap(try ours(["geocode", "Annankatu 25", "--json"]) as? [[String: Any]])
        XCTAssertFalse(search.isEmpty)
        for place in search {
            XCTAssertEqual(Self.problems(place), [], "\(place)")
            XCTAssertEqual(Self.typeMismatches(place, real.search[0]), [])
        }
        XCTAssertEqual((search[0]["address"] as? [String: String])?["road"], "Annankatu")
        XCTAssertEqual((search[0]["address"] as? [String: String])?["house_number"], "25")

        let reverse = try XCTUnwrap(try ours(["reverse", "60.1699", "24.9384", "--json"]) as? [String: Any])
        XCTAssertEqual(Self.problems(reverse), [], "\(reverse)")
        XCTAssertEqual(Self.typeMismatches(reverse, real.reverse), [])
        // Every field Nominatim writes, the OSM object too: the building real Nominatim answers.
        XCTAssertEqual(Set(real.search[0].keys).subtracting(search[0].keys), [])
        XCTAssertEqual(Set(real.reverse.keys).subtracting(reverse.keys), [])
        XCTAssertEqual(search[0]["osm_type"] as? String, real.search[0]["osm_type"] as? String)
        XCTAssertEqual(search[0]["osm_id"] as? Int, real.search[0]["osm_id"] as? Int)

        // A pharmacy is what its OSM tag says, as Nominatim classes it.
        let pharmacy = try XCTUnwrap((try ours(["geocode", "Yliopiston apteekki", "--json"]) as? [[String: Any]])?.first)
        XCTAssertEqual(pharmacy["category"] as? String, "amenity")
        XCTAssertEqual(pharmacy["type"] as? String, "pharmacy")
        XCTAssertEqual(pharmacy["addresstype"] as? String, "amenity")
        XCTAssertNotNil((pharmacy["address"] as? [String: String])?["amenity"])
        let importance = try XCTUnwrap(pharmacy["importance"] as? Double)
        XCTAssertTrue((0...1).contains(importance), "\(importance)")
    }

    func testTheChecksCatchAWrongShape() throws {
        var place = try recorded().search[0]
        XCTAssertEqual(Self.problems(place), [])
        place["lat"] = 60.1673893
        place["boundingbox"] = ["60.2", "60.1", "24.9", "24.95"]
        XCTAssertEqual(Self.problems(place), ["lat: not a latitude as a string", "boundingbox: not four strings south, north, west, east"])
        XCTAssertEqual(Self.typeMismatches(["lat": 1.0], ["lat": "1.0"]), ["lat: number here, string from Nominatim"])
    }

    func testShapeMatchesALiveNominatim() throws {
        guard let live = ProcessInfo.processInfo.environment["ROUTEIT_NOMINATIM_URL"] else {
            throw XCTSkip("set ROUTEIT_NOMINATIM_URL to a Nominatim with the Helsinki extract (Scripts/nominatim-server start)")
        }
        // Asked as a script would (curl sends no Accept-Language, so Nominatim answers in the
        // data's own names; Foundation's loader would ask for English ones).
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-sf", "\(live)/search?q=Annankatu%2025&format=jsonv2&addressdetails=1"]
        let pipe = Pipe()
        curl.standardOutput = pipe
        try curl.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        let theirs = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let search = try XCTUnwrap(try ours(["geocode", "Annankatu 25", "--json"]) as? [[String: Any]])
        for place in theirs { XCTAssertEqual(Self.problems(place), []) }
        XCTAssertEqual(Self.typeMismatches(search[0], theirs[0]), [])
        // The same country, named alike, from the same extract.
        let ourAddress = search[0]["address"] as? [String: Any], theirAddress = theirs[0]["address"] as? [String: Any]
        for key in ["country", "country_code", "road", "house_number", "postcode", "city"] {
            XCTAssertEqual(ourAddress?[key] as? String, theirAddress?[key] as? String, key)
        }
    }
}
