import XCTest
import RouteItCore
@testable import RouteItExport

/// Reads our GPX back with a real GPX client, Debian's gpsbabel (installed by
/// Scripts/install-deps), and checks it sees the same stops and the same leg points.
final class GPXGPSBabelTests: XCTestCase {
    private func gpsbabel(_ arguments: [String]) throws -> [[String: Any]] {
        let candidates = ["/usr/bin/gpsbabel", "/usr/local/bin/gpsbabel"]
        guard let path = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            XCTFail("gpsbabel is not installed: run Scripts/install-deps (apt package gpsbabel)")
            throw XCTSkip("no gpsbabel")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "gpsbabel failed: \(message)")
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], "gpsbabel output is not JSON")
        return try XCTUnwrap(root["features"] as? [[String: Any]])
    }

    private func coordinates(_ feature: [String: Any]) -> Any? { (feature["geometry"] as? [String: Any])?["coordinates"] }

    func testGPSBabelReadsTheStopsAsWaypoints() throws {
        let stops = ExportFixture.stops
        let file = try ExportFixture.temporaryFile("trip.gpx", contents: GPXExport.gpx(stops: stops, legs: ExportFixture.legs))
        let features = try gpsbabel(["-i", "gpx", "-f", file.path, "-o", "geojson", "-F", "-"])
        XCTAssertEqual(features.count, stops.count)
        for (stop, feature) in zip(stops, features) {
            let position = try XCTUnwrap(coordinates(feature) as? [Double])
            XCTAssertEqual(position[0], stop.coordinate.longitude, accuracy: 6e-8)
            XCTAssertEqual(position[1], stop.coordinate.latitude, accuracy: 6e-8)
            XCTAssertEqual((feature["properties"] as? [String: Any])?["name"] as? String,
                           ExportFixture.asWritten(stop.placemark.formattedAddress))
        }
    }

    func testGPSBabelReadsOneRoutePerLegWithTheSamePoints() throws {
        let legs = ExportFixture.legs
        let file = try ExportFixture.temporaryFile("trip.gpx", contents: GPXExport.gpx(stops: ExportFixture.stops, legs: legs))
        // gpsbabel's GeoJSON writer emits waypoints and tracks, so turn the routes it read into tracks.
        let features = try gpsbabel(["-i", "gpx", "-f", file.path, "-x", "transform,trk=rte", "-o", "geojson", "-F", "-"])
        let lines = features.compactMap { coordinates($0) as? [[Double]] }
        XCTAssertEqual(lines.count, legs.count)
        for (leg, line) in zip(legs, lines) {
            XCTAssertEqual(line.count, leg.drawingPath.count)
            for (c, position) in zip(leg.drawingPath, line) {
                XCTAssertEqual(position[0], c.longitude, accuracy: 6e-8)
                XCTAssertEqual(position[1], c.latitude, accuracy: 6e-8)
            }
        }
    }
}
