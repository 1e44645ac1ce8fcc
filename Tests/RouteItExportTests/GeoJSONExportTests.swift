import XCTest
import RouteItCore
@testable import RouteItExport

final class GeoJSONExportTests: XCTestCase {
    private func parse(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func testRoundTripsLegsAndStops() throws {
        let legs = ExportFixture.legs, stops = ExportFixture.stops
        let root = try parse(GeoJSONExport.geoJSON(stops: stops, legs: legs))
        XCTAssertEqual(root["type"] as? String, "FeatureCollection")
        XCTAssertNil(root["crs"], "RFC 7946 removed crs: WGS84 only")
        let features = try XCTUnwrap(root["features"] as? [[String: Any]])
        XCTAssertEqual(features.count, legs.count + stops.count)

        let lines = features.filter { ($0["geometry"] as? [String: Any])?["type"] as? String == "LineString" }
        XCTAssertEqual(lines.count, 3)
        for (index, feature) in lines.enumerated() {
            XCTAssertEqual(feature["type"] as? String, "Feature")
            let coordinates = try XCTUnwrap((feature["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
            let expected = legs[index].drawingPath
            XCTAssertEqual(coordinates.count, expected.count, "leg \(index + 1)")
            for (position, c) in zip(coordinates, expected) {
                XCTAssertEqual(position.count, 2)
                XCTAssertEqual(position[0], c.longitude, accuracy: 6e-8, "[lon, lat] order")
                XCTAssertEqual(position[1], c.latitude, accuracy: 6e-8)
            }
            let properties = try XCTUnwrap(feature["properties"] as? [String: Any])
            XCTAssertEqual(properties["distance"] as? Double, legs[index].distance)
            XCTAssertEqual(properties["duration"] as? Double, legs[index].expectedTravelTime)
            XCTAssertEqual(properties["leg"] as? Int, index + 1)
            XCTAssertEqual(properties["from"] as? String, ExportFixture.asWritten(stops[index].placemark.formattedAddress))
            XCTAssertEqual(properties["to"] as? String, ExportFixture.asWritten(stops[(index + 1) % 3].placemark.formattedAddress))
            let steps = try XCTUnwrap(properties["steps"] as? [[String: Any]])
            XCTAssertEqual(steps.map { $0["instruction"] as? String }, legs[index].steps.map(\.instruction))
            XCTAssertEqual(steps.compactMap { $0["distance"] as? Double }, legs[index].steps.map(\.distance))
            for (step, expected) in zip(steps, legs[index].steps) {
                let location = try XCTUnwrap(step["location"] as? [Double])
                let start = try XCTUnwrap(expected.polyline.first)
                XCTAssertEqual(location[0], start.longitude, accuracy: 6e-8, "[lon, lat]")
                XCTAssertEqual(location[1], start.latitude, accuracy: 6e-8)
            }
        }
        let totals = try XCTUnwrap(root["properties"] as? [String: Any], "the collection carries the trip's totals")
        XCTAssertEqual(totals["attribution"] as? String, "© OpenStreetMap contributors")
        XCTAssertEqual(totals["legs"] as? Int, 3)
        XCTAssertEqual(totals["stops"] as? Int, 3)
        XCTAssertEqual(try XCTUnwrap(totals["distance"] as? Double), legs.reduce(0) { $0 + $1.distance }, accuracy: 0.05)
        XCTAssertEqual(try XCTUnwrap(totals["duration"] as? Double), legs.reduce(0) { $0 + $1.expectedTravelTime }, accuracy: 0.05)

        let points = features.filter { ($0["geometry"] as? [String: Any])?["type"] as? String == "Point" }
        XCTAssertEqual(points.count, 3)
        for (index, feature) in points.enumerated() {
            let position = try XCTUnwrap((feature["geometry"] as? [String: Any])?["coordinates"] as? [Double])
            XCTAssertEqual(position[0], stops[index].coordinate.longitude, accuracy: 6e-8)
            XCTAssertEqual(position[1], stops[index].coordinate.latitude, accuracy: 6e-8)
            let properties = try XCTUnwrap(feature["properties"] as? [String: Any])
            XCTAssertEqual(properties["index"] as? Int, index + 1)
            XCTAssertEqual(properties["address"] as? String, ExportFixture.asWritten(stops[index].placemark.formattedAddress),
                           "quotes and backslash survive escaping; a tab is a space and control characters go, as on the screen")
        }
    }

    func testStringEscaping() throws {
        let text = "q\" b\\ n\n t\t c\u{1} ü €"
        let literal = GeoJSONExport.string(text)
        XCTAssertEqual(literal, #""q\" b\\ n\n t\t c\u0001 ü €""#)
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        XCTAssertEqual(decoded, [text])
    }

    func testEmptyTripIsAValidEmptyCollection() throws {
        let root = try parse(GeoJSONExport.geoJSON(stops: [], legs: []))
        XCTAssertEqual(root["type"] as? String, "FeatureCollection")
        XCTAssertEqual((root["features"] as? [Any])?.count, 0)
    }

    func testNumbersAreFixedPointWithoutLocaleOrExponent() {
        XCTAssertEqual(ExportNumber.degrees(24.93845671234), "24.9384567")
        XCTAssertEqual(ExportNumber.degrees(-0.00000001), "0")
        XCTAssertEqual(ExportNumber.degrees(1e-7), "0.0000001")
        XCTAssertEqual(ExportNumber.format(300, decimals: 1), "300")
        XCTAssertEqual(ExportNumber.format(1234.56, decimals: 1), "1234.6")
    }
}
