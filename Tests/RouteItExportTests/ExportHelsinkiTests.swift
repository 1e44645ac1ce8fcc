import XCTest
import RouteItCore
import RouteItEngine
@testable import RouteItExport

/// The exports of a trip routed on real Helsinki streets, with the router's road backdrop.
final class ExportHelsinkiTests: XCTestCase {
    func testRealTripExportsRoundTrip() async throws {
        let directions = try HelsinkiMap.directions()
        let trip = Array(TripOrderHelsinkiTests.places.prefix(3))
        let routed = try await DirectionsViewModel.calculate(trip: trip + [trip[0]], transportType: .car, using: directions)
        let legs = routed.legs.map(\.route)
        XCTAssertEqual(legs.count, 3)
        XCTAssertTrue(legs.allSatisfy { $0.drawingPath.count >= 2 }, "the router returns geometry")

        let projection = try XCTUnwrap(SVGExport.projection(stops: trip, legs: legs))
        let roads = directions.roads(in: projection.visibleBox)
        XCTAssertGreaterThan(roads.count, 50, "central Helsinki has streets in view")
        let svg = try ExportXMLTree.parse(SVGExport.svg(stops: trip, legs: legs, roads: roads))
        let groups = svg.all("g")
        XCTAssertEqual(groups.first { $0.attributes["id"] == "roads" }?.all("polyline").count, roads.filter { $0.count >= 2 }.count)
        XCTAssertEqual(groups.first { $0.attributes["id"] == "legs" }?.all("polyline").count, 3)

        // GPX through gpsbabel: every leg's points come back.
        let file = try ExportFixture.temporaryFile("helsinki.gpx", contents: GPXExport.gpx(stops: trip, legs: legs))
        let babel = Process()
        babel.executableURL = URL(fileURLWithPath: "/usr/bin/gpsbabel")
        babel.arguments = ["-i", "gpx", "-f", file.path, "-x", "transform,trk=rte", "-o", "geojson", "-F", "-"]
        let out = Pipe()
        babel.standardOutput = out
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gpsbabel") else {
            return XCTFail("gpsbabel is not installed: run Scripts/install-deps (apt package gpsbabel)")
        }
        try babel.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        babel.waitUntilExit()
        XCTAssertEqual(babel.terminationStatus, 0)
        let features = try XCTUnwrap((JSONSerialization.jsonObject(with: data) as? [String: Any])?["features"] as? [[String: Any]])
        let lines = features.compactMap { ($0["geometry"] as? [String: Any])?["coordinates"] as? [[Double]] }
        XCTAssertEqual(lines.map(\.count), legs.map { $0.drawingPath.count })
        XCTAssertEqual(features.count - lines.count, 3, "the three stops as waypoints")

        // GeoJSON: leg distances and durations as routed.
        let geo = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(GeoJSONExport.geoJSON(stops: trip, legs: legs).utf8)) as? [String: Any])
        let legProperties = (geo["features"] as? [[String: Any]] ?? []).compactMap { $0["properties"] as? [String: Any] }.filter { $0["kind"] as? String == "leg" }
        XCTAssertEqual(legProperties.compactMap { $0["distance"] as? Double }.map { $0.rounded() }, legs.map { $0.distance.rounded() })
        XCTAssertEqual(legProperties.compactMap { $0["duration"] as? Double }.map { $0.rounded() }, legs.map { $0.expectedTravelTime.rounded() })
    }
}
