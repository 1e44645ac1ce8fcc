import XCTest
@testable import RouteItCore

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

    func testContainsWithAMarginForTheEdge() {
        XCTAssertTrue(helsinki.contains(Coordinate(latitude: 60.17, longitude: 24.94)))
        XCTAssertTrue(helsinki.contains(Coordinate(latitude: 60.1795, longitude: 24.94)), "50 m past the edge")
        XCTAssertFalse(helsinki.contains(Coordinate(latitude: 60.185, longitude: 24.94)), "650 m past the edge")
        XCTAssertFalse(helsinki.contains(Coordinate(latitude: 43.73, longitude: 7.42)))
        XCTAssertFalse(helsinki.contains(Coordinate(latitude: .nan, longitude: 24.94)))
    }

    func testTheCheckTellsAPointOutsideFromOneWithNothingNearby() async throws {
        let monaco = Coordinate(latitude: 43.73, longitude: 7.42)
        let nothing = MapAreaCheck(area: helsinki, geocoder: StubGeocoder(nearest: nil), directions: StubDirections())
        do {
            _ = try await nothing.reverseGeocode(monaco)
            XCTFail("expected the outside alert")
        } catch {
            XCTAssertEqual(error as? Alert,
                           Alert("The position 43.730000,7.420000 is outside the Helsinki map (60.16–60.18 N, 24.93–24.96 E)."))
        }
        let inside = try await nothing.reverseGeocode(Coordinate(latitude: 60.17, longitude: 24.94))
        XCTAssertNil(inside, "inside, nothing nearby stays nothing nearby")
        // Past the edge but answered (an extract keeps whole ways): the answer stands.
        let edge = place("Edge", lat: 60.16, lon: 24.946)
        let answered = MapAreaCheck(area: helsinki, geocoder: StubGeocoder(nearest: edge), directions: StubDirections())
        let found = try await answered.reverseGeocode(edge.coordinate)
        XCTAssertEqual(found, edge)

        let casino = MapItem(placemark: place("Casino", lat: 43.739, lon: 7.428))
        let station = MapItem(placemark: place("Station"))
        do {
            _ = try await nothing.calculate(DirectionsRequest(source: station, destination: casino, transportType: .car, requestsAlternateRoutes: false))
            XCTFail("expected the outside alert")
        } catch {
            XCTAssertEqual(error as? Alert, Alert("\(casino.placemark.formattedAddress) is outside the Helsinki map (60.16–60.18 N, 24.93–24.96 E)."))
        }
        do {
            _ = try await nothing.calculate(DirectionsRequest(source: station, destination: station, transportType: .car, requestsAlternateRoutes: false))
            XCTFail("expected no route")
        } catch {
            XCTAssertEqual(error as? DirectionsError, .noRoute, "both inside: the router's own answer")
        }
    }

    /// The check wraps the geocoder: the user's position reaches it (it once fell back to a
    /// protocol default that dropped `near`, so "cafe" in the shell was ranked from nowhere).
    func testTheCheckPassesTheUsersPositionOn() async throws {
        let stub = StubGeocoder(candidates: ["cafe": [place("Cafe", lat: 60.17, lon: 24.94)]])
        let checked = MapAreaCheck(area: helsinki, geocoder: stub, directions: StubDirections())
        let here = Coordinate(latitude: 60.168, longitude: 24.941)
        let found = try await checked.geocode("cafe", near: here)
        XCTAssertEqual(found.map(\.name), ["Cafe"])
        XCTAssertEqual(stub.nearPoints, [here])
    }
}
