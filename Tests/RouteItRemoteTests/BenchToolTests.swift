import Foundation
import XCTest

/// `routeit-bench`, which measures the figures in BENCHMARKS.md, on the Helsinki extract against
/// a real osrm-routed: it routes the pairs it says it routed, with both engines and RouteIt's OSRM
/// backend, and its agreement and geocoding figures are the ones the goals speak of. Timings are
/// only checked to be there; their values belong to the benchmark, not to the tests.
final class BenchToolTests: XCTestCase {
    private func bench(_ arguments: [String]) throws -> [String: Any] {
        var directory = Bundle(for: BenchToolTests.self).bundleURL
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        let executable = directory.appendingPathComponent("routeit-bench")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            XCTFail("\(executable.path) missing: run swift build --build-tests")
            throw CocoaError(.fileNoSuchFile)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "routeit-bench \(arguments)")
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any], String(decoding: data, as: UTF8.self))
    }

    private func count(_ summary: Any?) -> Int? { (summary as? [String: Any])?["count"] as? Int }
    private func p50(_ summary: Any?) -> Double? { (summary as? [String: Any])?["p50"] as? Double }

    func testRoutesMeasuresBothEnginesOnTheSamePairs() throws {
        let server = try OSRMServer(profile: "car")
        defer { server.kill() }
        let result = try bench(["routes", "--map", try HelsinkiMap.path(), "--osrm-port", String(server.port),
                                "--pairs", "25", "--seed", "42"])
        XCTAssertEqual(result["pairs"] as? Int, 25)
        let candidates = try XCTUnwrap(result["candidates"] as? Int)
        let oneSided = (result["only_osrm"] as? Int ?? -1) + (result["only_routeit"] as? Int ?? -1) + (result["neither"] as? Int ?? -1)
        XCTAssertEqual(candidates, 25 + oneSided, "every candidate is counted once")
        XCTAssertEqual(count(result["inprocess_ms"]), 25)
        XCTAssertEqual(count(result["osrm_http_ms"]), 25)
        XCTAssertEqual(count(result["osrm_backend_ms"]), 25)
        XCTAssertEqual(result["osrm_backend_failures"] as? Int, 0)
        XCTAssertGreaterThan(try XCTUnwrap(p50(result["inprocess_ms"])), 0)
        XCTAssertGreaterThan(try XCTUnwrap(p50(result["osrm_http_ms"])), 0)
        let duration = try XCTUnwrap(result["duration_rel_diff"] as? [String: Any])
        XCTAssertLessThanOrEqual(try XCTUnwrap(duration["median"] as? Double), 0.10, "the agreement goal")
    }

    func testGeocodeQualityDrawsEveryClassFromTheOSMFile() throws {
        let result = try bench(["geocode-quality", "--osm", HelsinkiMap.pbf.path, "--map", try HelsinkiMap.path(),
                                "--per-class", "15", "--seed", "7"])
        let classes = try XCTUnwrap(result["classes"] as? [String: [String: Any]])
        XCTAssertEqual(Set(classes.keys), ["exact", "other_language", "letters", "poi_exact", "poi_typo", "category", "near", "reverse",
                                          "poi_transposed", "poi_short_word_typo", "street_typo", "display_name", "name_en"])
        for (name, figures) in classes {
            XCTAssertEqual(figures["queries"] as? Int, 15, name)
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(figures["top1_within_60m"] as? Double, name), 0.9, "\(name): \(figures)")
        }
    }

    func testGeocodeSamplesTheMapsOwnAddresses() throws {
        let result = try bench(["geocode", "--map", try HelsinkiMap.path(), "--count", "40", "--seed", "7"])
        XCTAssertEqual(result["queries"] as? Int, 40)
        XCTAssertEqual(count(result["forward_ms"]), 40)
        XCTAssertEqual(count(result["reverse_ms"]), 40)
        XCTAssertGreaterThan(try XCTUnwrap(result["addresses_in_map"] as? Int), 500)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(result["forward_top_within_100m"] as? Double), 0.9)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(result["reverse_same_street"] as? Double), 0.8)
    }
}
