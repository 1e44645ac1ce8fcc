import Foundation
import XCTest
import RouteItCore
@testable import routeit

/// The pieces of the OSRM writer that need no map: clock times as ISO8601DateFormatter writes
/// them, and OSRM's simplified overview.
final class OSRMRouteJSONTests: XCTestCase {
    func testClockTimesAreWrittenAsISO8601DateFormatterWritesThem() throws {
        for zone in ["UTC", "Europe/Helsinki", "America/St_Johns", "Asia/Kolkata"] {
            let timeZone = try XCTUnwrap(TimeZone(identifier: zone))
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = timeZone
            for seconds in [0.0, 1_796_472_889.7, 1_780_000_000] {
                let date = Date(timeIntervalSince1970: seconds)
                XCTAssertEqual(OSRMRouteJSON.iso8601(date, timeZone), formatter.string(from: date), "\(zone) \(seconds)")
            }
        }
    }

    /// A route of 0 m (two places on one road point) is that point twice: a GeoJSON LineString
    /// has at least two positions, and OSRM writes two.
    func testALineOfOnePointIsWrittenTwice() throws {
        let point = Coordinate(latitude: 60.169, longitude: 24.9412)
        var json = JSONStream()
        OSRMResponseShape.geometry(&json, [point], .geojson)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
        XCTAssertEqual((object["coordinates"] as? [[Double]])?.count, 2)
        var encoded = JSONStream()
        OSRMResponseShape.geometry(&encoded, [point], .polyline)
        XCTAssertEqual(String(decoding: encoded.bytes, as: UTF8.self), "\"" + EncodedPolyline.encode([point, point], precision: 5) + "\"")
    }

    /// A zigzag 5 cm wide along a 2 km street is one straight line at the zoom that
    /// shows the street whole; the corners of an L are kept; the ends always are.
    func testTheSimplifiedOverviewKeepsWhatTheZoomShows() {
        let start = Coordinate(latitude: 60.17, longitude: 24.93)
        func point(east: Double, north: Double) -> Coordinate {
            Coordinate(latitude: start.latitude + north / Geodesy.metresPerDegree,
                       longitude: start.longitude + east / (Geodesy.metresPerDegree * cos(start.latitude * .pi / 180)))
        }
        let zigzag = (0...40).map { point(east: Double($0) * 50, north: $0 % 2 == 0 ? 0 : 0.05) }
        XCTAssertEqual(OSRMResponseShape.simplified(legs: [zigzag]), [zigzag.first!, zigzag.last!])
        let corner = (0...20).map { point(east: Double(min($0, 10)) * 100, north: Double(max(0, $0 - 10)) * 100) }
        XCTAssertEqual(OSRMResponseShape.simplified(legs: [corner]), [corner[0], corner[10], corner[20]])
        // Two legs: each simplified, joined at the stop (kept even on a straight line).
        let straight = (0...10).map { point(east: Double($0) * 100, north: 0) }
        XCTAssertEqual(OSRMResponseShape.simplified(legs: [Array(straight[0...5]), Array(straight[5...10])]),
                       [straight[0], straight[5], straight[10]])
        XCTAssertEqual(OSRMResponseShape.fittedZoom(south: 60.16, west: 24.93, north: 60.18, east: 24.96), 15)
    }

    /// A junction's lanes are OSRM's `lanes`: each lane's indications and whether it leads on,
    /// left to right, between `in` and `location`; a junction without lanes has no key.
    func testAnIntersectionsLanesAreWrittenAsOSRMWritesThem() throws {
        var junction = RouteIntersection(location: Coordinate(latitude: 60.17, longitude: 24.94), distance: 10,
                                         bearings: [0, 90, 270], entry: [true, true, false], into: 2, out: 0)
        var plain = JSONStream()
        OSRMStepJSON.intersection(&plain, junction)
        XCTAssertFalse(String(decoding: plain.bytes, as: UTF8.self).contains("lanes"))
        junction.lanes = [RouteLane(indications: ["left"], valid: false), RouteLane(indications: ["straight", "right"], valid: true)]
        var json = JSONStream()
        OSRMStepJSON.intersection(&json, junction)
        XCTAssertEqual(String(decoding: json.bytes, as: UTF8.self),
                       #"{"bearings":[0,90,270],"entry":[true,true,false],"in":2,"lanes":[{"indications":["left"],"valid":false},"#
                       + #"{"indications":["straight","right"],"valid":true}],"location":[24.94,60.17],"out":0}"#)
    }
}
