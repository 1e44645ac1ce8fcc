import Foundation
@testable import RouteItRemote
import XCTest

final class BackendSpecTests: XCTestCase {
    func testEnvironmentNamesServers() throws {
        XCTAssertEqual(try BackendSpec.directionsFromEnvironment(["ROUTEIT_DIRECTIONS": "osrm=http://127.0.0.1:5000"]),
                       URL(string: "http://127.0.0.1:5000"))
        XCTAssertEqual(try BackendSpec.geocoderFromEnvironment(["ROUTEIT_GEOCODER": "nominatim=https://geo.example/nominatim/"]),
                       URL(string: "https://geo.example/nominatim/"))
        XCTAssertEqual(try BackendSpec.walkingDirectionsFromEnvironment(["ROUTEIT_DIRECTIONS_WALK": "osrm=http://127.0.0.1:5001"]),
                       URL(string: "http://127.0.0.1:5001"))
        XCTAssertNil(try BackendSpec.directionsFromEnvironment([:]))
        XCTAssertNil(try BackendSpec.directionsFromEnvironment(["ROUTEIT_DIRECTIONS": "embedded"]))
        XCTAssertNil(try BackendSpec.geocoderFromEnvironment(["ROUTEIT_GEOCODER": ""]))
    }

    func testBadValuesAreOneLineErrors() {
        XCTAssertThrowsError(try BackendSpec.directionsFromEnvironment(["ROUTEIT_DIRECTIONS": "valhalla=http://x"])) {
            XCTAssertEqual("\($0)", "ROUTEIT_DIRECTIONS takes osrm=URL or embedded, not \"valhalla=http://x\"")
        }
        XCTAssertThrowsError(try BackendSpec.geocoderFromEnvironment(["ROUTEIT_GEOCODER": "nominatim=ftp://x"])) {
            XCTAssertEqual("\($0)", "ROUTEIT_GEOCODER: \"ftp://x\" is not an http(s) URL")
        }
        XCTAssertThrowsError(try BackendSpec.url("osrm=localhost:5000", kind: "osrm", source: "--directions")) {
            XCTAssertEqual("\($0)", "--directions: \"localhost:5000\" is not an http(s) URL")
        }
    }
}
