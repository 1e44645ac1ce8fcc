import Foundation
import RouteItTestSupport
import XCTest
@testable import RouteItExport

/// The skimmer finds members and elements by range, through strings with brackets and escapes,
/// and refuses what is cut short; the GeoJSON reader built on it reads only the stops.
final class JSONSkimmerTests: XCTestCase {
    func testMembersAndElementsThroughStringsAndNesting() throws {
        let text = #"{"a": "x}\"]{", "b" : [1, {"c": [2, 3]}, "]", -4.5e2, true, null], "d":{}}"#
        let json = JSONSkimmer(Data(text.utf8))
        let members = try XCTUnwrap(json.members(of: json.whole))
        XCTAssertEqual(members.map(\.key), ["a", "b", "d"])
        XCTAssertEqual(json.string(at: members[0].value), "x}\"]{")
        let elements = try XCTUnwrap(json.elements(of: members[1].value))
        XCTAssertEqual(elements.count, 6)
        XCTAssertEqual(json.value(at: elements[3]) as? Double, -450)
        XCTAssertEqual(json.members(of: elements[1])?.map(\.key), ["c"])
        XCTAssertEqual(json.members(of: members[2].value)?.count, 0)
    }

    func testWhatIsCutShortOrNotJSONIsRefused() {
        for text in [#"{"a": [1, 2"#, #"{"a": "open"#, #"{"a" 1}"#, #"{"a": 1 "b": 2}"#, "", "nope"] {
            let json = JSONSkimmer(Data(text.utf8))
            XCTAssertNil(json.members(of: json.whole), text)
        }
        for text in ["[1 2]", "[1, [2]", "[\"a]"] {
            let json = JSONSkimmer(Data(text.utf8))
            XCTAssertNil(json.elements(of: json.whole), text)
        }
    }

    func testAGeoJSONExportIsReadByItsStopsAloneWhateverItsLegsHold() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let path = directory.appendingPathComponent("trip.geojson").path
        let leg = (0..<2000).map { "[24.9\($0 % 10),60.1\($0 % 7)]" }.joined(separator: ",")
        let text = """
        {"type": "FeatureCollection", "routeit": {"mode": "walk", "units": "mi"}, "features": [
          {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [\(leg)]},
           "properties": {"kind": "leg", "steps": ["Turn {right}", "]\\"["]}},
          {"type": "Feature", "properties": {"kind": "stop", "index": 2, "address": "Kiasma, \\"Mannerheiminaukio\\" 2"},
           "geometry": {"type": "Point", "coordinates": [24.9370, 60.1717]}},
          {"type": "Feature", "properties": {"kind": "stop", "index": 1, "address": "Oodi"},
           "geometry": {"type": "Point", "coordinates": [24.9382, 60.1738]}}
        ]}
        """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let trip = try TripFileReader.read(path: path)
        XCTAssertEqual(trip.slots.map(\.text), ["Oodi", "Kiasma, \"Mannerheiminaukio\" 2"])
        XCTAssertEqual(trip.transportType, .walk)
        XCTAssertEqual(trip.distanceUnit, .miles)
    }
}
