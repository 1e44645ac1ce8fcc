import XCTest
import RouteItCore
@testable import RouteItExport

final class GPXExportTests: XCTestCase {
    static let namespace = "http://www.topografix.com/GPX/1/1"

    func testRoundTripsWaypointsAndOneRoutePerLeg() throws {
        let stops = ExportFixture.stops, legs = ExportFixture.legs
        let root = try ExportXMLTree.parse(GPXExport.gpx(stops: stops, legs: legs))
        XCTAssertEqual(root.name, "gpx")
        XCTAssertEqual(root.namespace, Self.namespace)
        XCTAssertEqual(root.attributes["version"], "1.1")
        XCTAssertEqual(root.attributes["creator"], "RouteIt")
        XCTAssertTrue(root.children.allSatisfy { $0.namespace == Self.namespace })
        // Schema order: metadata, then wpt*, then rte*.
        XCTAssertEqual(root.children.map(\.name), ["metadata", "wpt", "wpt", "wpt", "rte", "rte", "rte"])
        XCTAssertEqual(root.first("metadata")?.first("copyright")?.attributes["author"], "OpenStreetMap contributors")

        for (stop, wpt) in zip(stops, root.all("wpt")) {
            XCTAssertEqual(try XCTUnwrap(Double(wpt.attributes["lat"] ?? "")), stop.coordinate.latitude, accuracy: 6e-8)
            XCTAssertEqual(try XCTUnwrap(Double(wpt.attributes["lon"] ?? "")), stop.coordinate.longitude, accuracy: 6e-8)
            XCTAssertEqual(wpt.first("name")?.text, ExportFixture.asWritten(stop.placemark.formattedAddress))
        }
        for (index, (leg, rte)) in zip(legs, root.all("rte")).enumerated() {
            XCTAssertEqual(rte.first("number")?.text, String(index + 1))
            XCTAssertEqual(rte.children.map(\.name).prefix(3), ["name", "desc", "number"], "rte children in schema order")
            let points = rte.all("rtept")
            XCTAssertEqual(points.count, leg.drawingPath.count)
            for (c, p) in zip(leg.drawingPath, points) {
                XCTAssertEqual(try XCTUnwrap(Double(p.attributes["lat"] ?? "")), c.latitude, accuracy: 6e-8)
                XCTAssertEqual(try XCTUnwrap(Double(p.attributes["lon"] ?? "")), c.longitude, accuracy: 6e-8)
            }
            // Each step's instruction sits on the point where the step starts, in order.
            XCTAssertEqual(points.compactMap { $0.first("desc")?.text }, leg.steps.map(\.instruction), "leg \(index + 1)")
            for step in leg.steps {
                let start = try XCTUnwrap(step.polyline.first)
                let point = try XCTUnwrap(points.first { $0.first("desc")?.text == step.instruction })
                XCTAssertEqual(try XCTUnwrap(Double(point.attributes["lat"] ?? "")), start.latitude, accuracy: 6e-8)
            }
        }
        let bounds = try XCTUnwrap(root.first("metadata")?.first("bounds"))
        let box = try XCTUnwrap(TripGeometry.boundingBox(stops: stops, legs: legs))
        XCTAssertEqual(bounds.attributes["minlon"], "24.9316")
        XCTAssertEqual(try XCTUnwrap(Double(bounds.attributes["maxlat"] ?? "")), box.maxLatitude, accuracy: 6e-8)
        XCTAssertGreaterThan(box.maxLatitude, 60.1699123, "the bent legs reach north of every stop")
    }

    func testEscapesMarkupAndDropsCharactersXMLCannotHold() {
        XCTAssertEqual(XMLText.escape(#"A & <B> "c" 'd'"#), "A &amp; &lt;B&gt; &quot;c&quot; &apos;d&apos;")
        XCTAssertEqual(XMLText.escape("x\u{1}y\u{FFFE}z\tö😀"), "xyz ö😀")
    }
}
