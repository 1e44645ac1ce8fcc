import XCTest
import RouteItCore
@testable import RouteItEngine
import RouteItTestSupport

/// A map knows its area: the engine names a point off it (`… is outside the Helsinki map (…)`)
/// for routes, tables and reverse geocoding, instead of answering with a road or street
/// kilometres away or "no route".
final class MapAreaTests: XCTestCase {
    let helsinki = MapArea(name: "Helsinki", bounds: BoundingBox(minLatitude: 60.164155, minLongitude: 24.935176,
                                                                  maxLatitude: 60.179113, maxLongitude: 24.953415))

    func testSaysWhereTheMapIsRoundedOutwards() {
        XCTAssertEqual(helsinki.description, "the Helsinki map (60.16–60.18 N, 24.93–24.96 E)")
        let sydney = MapArea(name: "Sydney", bounds: BoundingBox(minLatitude: -33.95, minLongitude: 151.1, maxLatitude: -33.8, maxLongitude: 151.3))
        XCTAssertEqual(sydney.rangeText, "33.80–33.95 S, 151.10–151.30 E")
        let quito = MapArea(name: "Quito", bounds: BoundingBox(minLatitude: -0.5, minLongitude: -78.6, maxLatitude: 0.2, maxLongitude: -78.4))
        XCTAssertEqual(quito.rangeText, "0.50 S–0.20 N, 78.40–78.60 W")
        // A tiny map gets the decimals it needs instead of looking a kilometre wide.
        let block = MapArea(name: "Block", bounds: BoundingBox(minLatitude: 60.1701, minLongitude: 24.94012, maxLatitude: 60.1704, maxLongitude: 24.94018))
        XCTAssertEqual(block.rangeText, "60.1701–60.1704 N, 24.9401–24.9402 E")
    }

    /// Rounded outwards, the range can take in a point just past the map's edge: the alert then
    /// shows the decimals that leave it out, never "61.5964 is outside … 61.40–61.60 N".
    func testAnAlertShowsThePointOutsideTheRangeItGives() {
        let grid = MapArea(name: "Grid", bounds: BoundingBox(minLatitude: 61.4012, minLongitude: 23.5611, maxLatitude: 61.5941, maxLongitude: 23.9577))
        let north = Coordinate(latitude: 61.596417, longitude: 23.855879)
        XCTAssertEqual(grid.outsideAlert("\(north)", at: north).message,
                       "61.596417,23.855879 is outside the Grid map (61.401–61.595 N, 23.561–23.958 E).")
        let east = Coordinate(latitude: 61.5, longitude: 23.9579)
        XCTAssertEqual(grid.outsideAlert("X", at: east).message, "X is outside the Grid map (61.4012–61.5941 N, 23.5611–23.9577 E).")
        let far = Coordinate(latitude: 43.73, longitude: 7.42)
        XCTAssertEqual(grid.outsideAlert("Y", at: far).message, "Y is outside the Grid map (61.40–61.60 N, 23.56–23.96 E).")
    }

    func testContainsWithAMarginForTheEdge() {
        XCTAssertTrue(helsinki.contains(Coordinate(latitude: 60.17, longitude: 24.94)))
        XCTAssertTrue(helsinki.contains(Coordinate(latitude: 60.1795, longitude: 24.94)), "50 m past the edge")
        XCTAssertFalse(helsinki.contains(Coordinate(latitude: 60.185, longitude: 24.94)), "650 m past the edge")
        XCTAssertFalse(helsinki.contains(Coordinate(latitude: 43.73, longitude: 7.42)))
        XCTAssertFalse(helsinki.contains(Coordinate(latitude: .nan, longitude: 24.94)))
    }

    /// Off the map: outside the area with nothing found within the margin. Past the edge but
    /// answered close by (an extract keeps whole ways), the answer stands.
    func testAPointIsOffTheMapOnlyOutsideItAndFarFromWhatWasFound() {
        let inside = Coordinate(latitude: 60.17, longitude: 24.94)
        XCTAssertFalse(helsinki.isOff(inside, nearestFound: nil), "inside, nothing nearby stays nothing nearby")
        XCTAssertFalse(helsinki.isOff(inside, nearestFound: Coordinate(latitude: 60.2, longitude: 24.94)))
        let past = Coordinate(latitude: 60.16, longitude: 24.946)   // 460 m south of the edge
        XCTAssertFalse(helsinki.isOff(past, nearestFound: Coordinate(latitude: 60.1601, longitude: 24.946)))
        XCTAssertTrue(helsinki.isOff(past, nearestFound: Coordinate(latitude: 60.164, longitude: 24.946)))
        XCTAssertTrue(helsinki.isOff(past, nearestFound: nil))
        XCTAssertTrue(helsinki.isOff(Coordinate(latitude: .nan, longitude: 24.94), nearestFound: nil))
    }

    // MARK: The engine on a small map of central Helsinki (TownFixture)

    /// 2.3 km south of the fixture's streets: the router and the reverse geocoder find Annankatu
    /// for it (within their 5 km), which is no answer for the user.
    private let farSouth = Coordinate(latitude: 60.145, longitude: 24.938)
    private let monaco = Coordinate(latitude: 43.7384, longitude: 7.4246)
    private let annankatu = Coordinate(latitude: 60.16705, longitude: 24.93820)
    /// Further up Annankatu (the fixture's streets do not meet: routes stay on it).
    private let annankatuNorth = Coordinate(latitude: 60.1679, longitude: 24.9389)

    private func town() throws -> (directions: OfflineDirections, geocoder: OfflineGeocoder, area: MapArea) {
        let path = try TestFiles.temporaryDirectory(for: self).appendingPathComponent("town.routeit").path
        try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader(TownFixture.entities), sourceName: "town.osm", to: path)
        let map = try RouteItMap(path: path)
        return (try OfflineDirections(map: map), try OfflineGeocoder(map: map), try XCTUnwrap(map.area))
    }

    private func item(_ c: Coordinate) -> MapItem { MapItem(placemark: Placemark(coordinate: c)) }

    private func expectOutside(_ area: MapArea, _ what: String, at point: Coordinate, file: StaticString = #filePath, line: UInt = #line,
                               _ body: () async throws -> Void) async {
        do {
            try await body()
            XCTFail("expected: \(what) is outside \(area)", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? Alert, area.outsideAlert(what, at: point), file: file, line: line)
            XCTAssertEqual((error as? Alert)?.reason, .outsideMap, file: file, line: line)
        }
    }

    func testARouteToAPointOffTheMapSaysSoThoughARoadWasFoundFarAway() async throws {
        let (directions, _, area) = try town()
        XCTAssertEqual(area.name, "Town")
        let far = try directions.routes(from: annankatu, to: farSouth, mode: .car)
        XCTAssertFalse(far.isEmpty, "the router alone goes to the nearest road, kilometres away")
        for (from, to, named) in [(annankatu, farSouth, farSouth), (farSouth, annankatu, farSouth), (annankatu, monaco, monaco)] {
            await expectOutside(area, "\(named)", at: named) {
                _ = try await directions.calculate(DirectionsRequest(source: item(from), destination: item(to),
                                                                     transportType: .car, requestsAlternateRoutes: true))
            }
        }
        let named = MapItem(placemark: Placemark(name: "Casino", coordinate: monaco))
        // A place with only a name is named with its coordinates (which one it was).
        await expectOutside(area, "Casino (\(monaco))", at: monaco) {
            _ = try await directions.calculate(DirectionsRequest(source: item(annankatu), destination: named,
                                                                 transportType: .car, requestsAlternateRoutes: false))
        }
        let inside = try await directions.calculate(DirectionsRequest(source: item(annankatu), destination: item(annankatuNorth),
                                                                      transportType: .car, requestsAlternateRoutes: false))
        XCTAssertFalse(inside.isEmpty, "both inside: the router's own answer")
    }

    func testATableWithAPlaceOffTheMapSaysSo() async throws {
        let (directions, _, area) = try town()
        for (sources, destinations) in [([annankatu], [annankatuNorth, farSouth]), ([farSouth], [annankatu]), ([annankatu], [monaco])] {
            let off = (sources + destinations).first { !area.contains($0) }!
            await expectOutside(area, "\(off)", at: off) {
                _ = try await directions.table(TravelTableRequest(sources: sources.map(item), destinations: destinations.map(item),
                                                                  transportType: .car))
            }
        }
        let table = try await directions.table(TravelTableRequest(sources: [item(annankatu)], destinations: [item(annankatuNorth)],
                                                                  transportType: .car))
        XCTAssertNotNil(table.durations.first?.first ?? nil)
        // Every place off the map is named at once, each once (a stop list of 200 is not fixed one by one).
        do {
            _ = try await directions.table(TravelTableRequest(sources: [annankatu, farSouth, monaco].map(item),
                                                              destinations: [annankatu, farSouth, monaco].map(item), transportType: .car))
            XCTFail("expected the outside alert")
        } catch let alert as Alert {
            XCTAssertEqual(alert, area.outsideAlert([("\(farSouth)", farSouth), ("\(monaco)", monaco)]))
            XCTAssertTrue(alert.message.hasPrefix("2 places are outside the Town map ("), alert.message)
            XCTAssertTrue(alert.message.hasSuffix("): \(farSouth) and \(monaco)."), alert.message)
        }
        let many = (0..<12).map { (what: "P\($0)", at: monaco) }
        XCTAssertTrue(area.outsideAlert(many).message.hasSuffix(": P0, P1, P2, P3, P4, P5, P6, P7, P8, P9 and 2 more."))
    }

    func testReverseOfAPointOffTheMapSaysSoInsteadOfAStreetFarAway() async throws {
        let (_, geocoder, area) = try town()
        XCTAssertNotNil(try geocoder.reverse(farSouth), "the nearest street, kilometres away")
        for point in [farSouth, monaco] {
            await expectOutside(area, "The position \(point)", at: point) { _ = try await geocoder.reverseGeocode(point) }
        }
        let found = try await geocoder.reverseGeocode(annankatu)
        XCTAssertEqual(found?.street, "Annankatu")
    }
}
