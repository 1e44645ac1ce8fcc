import XCTest
import RouteItCore
@testable import RouteItExport

final class SVGExportTests: XCTestCase {
    private func points(_ attribute: String?) throws -> [(Double, Double)] {
        try XCTUnwrap(attribute).split(separator: " ").map { pair in
            let xy = pair.split(separator: ",").compactMap { Double($0) }
            XCTAssertEqual(xy.count, 2, "\(pair)")
            return (xy[0], xy[1])
        }
    }

    func testRoundTripsLegsPinsAndRoads() throws {
        let stops = ExportFixture.stops, legs = ExportFixture.legs, roads = ExportFixture.roads
        let svg = SVGExport.svg(stops: stops, legs: legs, roads: roads)
        let root = try ExportXMLTree.parse(svg)
        XCTAssertEqual(root.name, "svg")
        XCTAssertEqual(root.namespace, "http://www.w3.org/2000/svg")
        let projection = try XCTUnwrap(SVGExport.projection(stops: stops, legs: legs))
        let tolerance = projection.metresPerPixel * 0.001 / Geodesy.metresPerDegree * 4 // 3 decimals of a pixel

        let groups = root.all("g")
        let legLines = try XCTUnwrap(groups.first { $0.attributes["id"] == "legs" }).all("polyline")
        XCTAssertEqual(legLines.count, 3)
        XCTAssertEqual(legLines.map { $0.attributes["stroke"] ?? "" }, ["#1565c0", "#2e7d32", "#c62828"], "blue, green, red")
        XCTAssertEqual(legLines.map { $0.attributes["stroke-width"] ?? "" }, ["7", "5", "3"], "later legs on top, narrower")
        for (leg, line) in zip(legs, legLines) {
            let xy = try points(line.attributes["points"])
            XCTAssertEqual(xy.count, leg.drawingPath.count)
            for (c, p) in zip(leg.drawingPath, xy) {
                let back = projection.coordinate(x: p.0, y: p.1)
                XCTAssertEqual(back.latitude, c.latitude, accuracy: tolerance)
                XCTAssertEqual(back.longitude, c.longitude, accuracy: tolerance * 2)
                XCTAssertTrue((0...SVGExport.width).contains(p.0) && (0...SVGExport.height).contains(p.1), "inside the picture")
            }
        }

        let pins = try XCTUnwrap(groups.first { $0.attributes["id"] == "stops" }).all("g")
        XCTAssertEqual(pins.count, 3)
        for (index, (stop, pin)) in zip(stops, pins).enumerated() {
            XCTAssertEqual(pin.children.first?.name, "title", "title first, so it is the tooltip")
            XCTAssertEqual(pin.first("title")?.text, ExportFixture.asWritten(stop.placemark.formattedAddress))
            XCTAssertEqual(pin.first("text")?.text, String(index + 1))
            let circle = try XCTUnwrap(pin.first("circle"))
            let back = projection.coordinate(x: try XCTUnwrap(Double(circle.attributes["cx"] ?? "")),
                                             y: try XCTUnwrap(Double(circle.attributes["cy"] ?? "")))
            XCTAssertEqual(back.latitude, stop.coordinate.latitude, accuracy: tolerance)
            XCTAssertEqual(back.longitude, stop.coordinate.longitude, accuracy: tolerance * 2)
        }

        let roadLines = try XCTUnwrap(groups.first { $0.attributes["id"] == "roads" }).all("polyline")
        XCTAssertEqual(roadLines.count, roads.count)
        XCTAssertEqual(try points(roadLines[1].attributes["points"]).count, 3)
        XCTAssertTrue(root.descendants("text").contains { $0.text == "© OpenStreetMap contributors" })
    }

    func testFourthLegCyclesBackToBlue() throws {
        let stops = ExportFixture.stops + [ExportFixture.stops[0]]
        let legs = ExportFixture.legs + [ExportFixture.legs[0]]
        let root = try ExportXMLTree.parse(SVGExport.svg(stops: stops, legs: legs, roads: []))
        let strokes = root.descendants("polyline").compactMap { $0.attributes["stroke"] }
        XCTAssertEqual(strokes, ["#1565c0", "#2e7d32", "#c62828", "#1565c0"])
    }

    func testEmptyTripStillParsesWithAttribution() throws {
        let root = try ExportXMLTree.parse(SVGExport.svg(stops: [], legs: [], roads: []))
        XCTAssertTrue(root.descendants("text").contains { $0.text == "© OpenStreetMap contributors" })
        XCTAssertTrue(root.descendants("polyline").isEmpty)
    }

    func testFormatsDispatch() throws {
        XCTAssertEqual(TripExportFormat(rawValue: "geojson")?.render(stops: ExportFixture.stops, legs: ExportFixture.legs, roads: []),
                       GeoJSONExport.geoJSON(stops: ExportFixture.stops, legs: ExportFixture.legs))
        XCTAssertNil(TripExportFormat(rawValue: "kml"))
        XCTAssertEqual(TripExportFormat.allCases.filter(\.needsRoads), [.svg])
    }
}
