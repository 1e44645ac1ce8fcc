import XCTest
import RouteItCore
@testable import RouteItExport

/// `open FILE.geojson` of a FeatureCollection another program wrote (Point features with a
/// `name`, no RouteIt properties): its points are the trip's places, as another program's GPX
/// waypoints are. It once said the file "holds fewer than two stops" of three points.
final class GeoJSONOtherProgramTests: XCTestCase {
    private func point(_ name: String?, _ coordinates: String) -> String {
        let properties = name.map { #"{"name":"\#($0)"}"# } ?? "{}"
        return #"{"type":"Feature","geometry":{"type":"Point","coordinates":\#(coordinates)},"properties":\#(properties)}"#
    }

    private func collection(_ features: [String]) -> String {
        #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
    }

    private func open(_ text: String) throws -> ImportedTrip { try ExportFixture.openTrip("other.geojson", text) }

    private func refusal(_ text: String, line: UInt = #line) throws -> String {
        try ExportFixture.tripRefusal("other.geojson", text, line: line)
    }

    func testItsPointsAreThePlacesInTheFilesOrder() throws {
        let line = #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[24.93,60.16],[24.94,60.17]]},"properties":{"name":"Walk"}}"#
        let trip = try open(collection([point("A", "[24.93659,60.167433]"), line, point("B", "[24.945,60.165]"),
                                        point(nil, "[24.95,60.17,12.5]")]))
        XCTAssertEqual(trip.slots.map(\.text), ["A", "B", Placemark(name: nil, coordinate: Coordinate(latitude: 60.17, longitude: 24.95)).formattedAddress])
        XCTAssertEqual(trip.slots.map { $0.mapItem?.coordinate }, [Coordinate(latitude: 60.167433, longitude: 24.93659),
                                                                   Coordinate(latitude: 60.165, longitude: 24.945),
                                                                   Coordinate(latitude: 60.17, longitude: 24.95)])
        XCTAssertEqual(trip.slots.map(\.stay), [0, 0, 0])
        XCTAssertEqual(trip.departure, .now)
        // Back at the first point: a round trip, as a GPX's last waypoint back at the start.
        let round = try open(collection([point("A", "[24.93659,60.167433]"), point("B", "[24.945,60.165]"), point("A", "[24.93659,60.167433]")]))
        XCTAssertEqual(round.slots.count, 2)
        XCTAssertEqual(round.day.end, .start)
    }

    func testWhatIsWrongIsSaidOfItsPoints() throws {
        XCTAssertTrue(try refusal(collection([point("A", "[24.93,60.16]")]))
            .hasSuffix("other.geojson: it holds one Point feature, and a trip needs two places or more, each a Point feature (a start and its stops); the trip is unchanged."))
        let line = #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[24.93,60.16],[24.94,60.17]]},"properties":{}}"#
        XCTAssertTrue(try refusal(collection([line])).contains(": it holds no Point feature, and a trip needs two places or more"))
        XCTAssertTrue(try refusal(collection([point("A", "[24.93,60.16]"), point("B", "[24.94,95]")]))
            .contains(": feature 2 has no valid position (coordinates [24.94,95]); latitude is -90 to 90"))
        XCTAssertTrue(try refusal(collection([point("A", "[24.93,60.16]"), point("B", "[24.94,60.17]"), point("C", "[24.94,60.17]")]))
            .contains(": feature 3 is the same place as feature 2 (B) and a trip visits each place once"))
    }

    /// RouteIt's own export is read as before: a damaged one is refused, not read as points.
    func testARouteItExportIsStillReadAsOne() throws {
        let stops = ExportFixture.stops
        let export = GeoJSONExport.geoJSON(stops: stops, legs: ExportFixture.legs)
        XCTAssertEqual(try open(export).slots.count, stops.count)
        let oneStop = GeoJSONExport.geoJSON(stops: [stops[0]], legs: [])
        XCTAssertTrue(try refusal(oneStop).hasSuffix("other.geojson holds fewer than two stops."))
        let damaged = export.replacingOccurrences(of: #""index":2"#, with: #""index":"two""#)
        XCTAssertNotEqual(damaged, export)
        XCTAssertTrue(try refusal(damaged).contains("stop 2 has the index \"two\", not a whole number"))
    }

    /// Google Takeout's Saved Places (`Saved Places.json`): the name is `properties.location.name`
    /// (or `Title`, else the address), and a saved place without a location is at 0,0, refused
    /// at `open` as off the map rather than first at `route`.
    func testGoogleTakeoutsNamesAndItsPinWithoutAPosition() throws {
        func takeout(_ properties: String, _ coordinates: String = "[24.941,60.17]") -> String {
            #"{"geometry":{"coordinates":\#(coordinates),"type":"Point"},"properties":\#(properties),"type":"Feature"}"#
        }
        let home = takeout(#"{"date":"2023-01-01T00:00:00Z","location":{"address":"Annankatu 25, 00100 Helsinki","name":"Home place"}}"#)
        let work = takeout(#"{"Title":"Work place","location":{"address":"Kalevankatu 20"}}"#, "[24.948,60.172]")
        let shop = takeout(#"{"location":{"address":"Kalevankatu 30"}}"#, "[24.944,60.166]")
        let trip = try open(collection([home, work, shop]))
        XCTAssertEqual(trip.slots.map(\.text), ["Home place", "Work place", "Kalevankatu 30"])
        let pin = takeout(#"{"google_maps_url":"http://maps.google.com/?q=dropped+pin","Comment":"No location information is available for this saved place"}"#, "[0,0]")
        XCTAssertTrue(try refusal(collection([home, work, pin]))
            .contains(": feature 3 is at 0,0 (coordinates [0,0]), where programs put a place they have no position for; remove it or give it its position"))
    }
}
