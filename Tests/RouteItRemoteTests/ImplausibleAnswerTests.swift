import Foundation
import RouteItCore
@testable import RouteItRemote
import XCTest

/// Class 1 of issue #10: numbers a server sends are range-checked where they enter; a bad
/// answer is one clear line, never a trap later in a formatter or the map.
final class ImplausibleAnswerTests: XCTestCase {
    private let fast = RemoteConfiguration(timeout: 2, maxAttempts: 1)
    private let request = DirectionsRequest(
        source: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: 60.17, longitude: 24.94))),
        destination: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: 60.168, longitude: 24.945))),
        transportType: .car, requestsAlternateRoutes: false)

    /// One OSRM route; the parameters replace single numbers of an otherwise good answer.
    private func osrm(distance: String = "120.5", duration: String = "20.25", stepDistance: String = "120.5",
                      stepDuration: String = "20.25", longitude: String = "24.945", bearing: String = "91",
                      exit: String = "2") -> String {
        let geometry = #"{"coordinates":[[24.94,60.17],[\#(longitude),60.168]]}"#
        return #"{"code":"Ok","routes":[{"distance":\#(distance),"duration":\#(duration),"geometry":\#(geometry),"legs":[{"distance":1,"duration":1,"summary":"Kaivokatu","steps":[{"distance":\#(stepDistance),"duration":\#(stepDuration),"name":"Kaivokatu","geometry":\#(geometry),"maneuver":{"type":"depart","bearing_after":\#(bearing)}},{"distance":0,"duration":0,"name":"Ring","geometry":{"coordinates":[[24.945,60.168]]},"maneuver":{"type":"roundabout","exit":\#(exit)}}]}]}]}"#
    }

    private func answer(_ body: String) async throws -> [Route] {
        let server = try LoopbackHTTPServer(replies: [.status(200, body)])
        defer { server.stop() }
        return try await OSRMDirections(baseURL: server.baseURL, configuration: fast).calculate(request)
    }

    func testAGoodAnswerPassesUnchanged() async throws {
        let routes = try await answer(osrm())
        let route = try XCTUnwrap(routes.first)
        XCTAssertEqual(route.distance, 120.5)
        XCTAssertEqual(route.expectedTravelTime, 20.25)
        XCTAssertEqual(route.steps.map(\.instruction), ["Head east on Kaivokatu", "At the roundabout, take the 2nd exit onto Ring"])
    }

    func testImpossibleNumbersAreOneClearLine() async throws {
        let cases: [(String, String)] = [
            (osrm(duration: "1e19"), "duration"), (osrm(duration: "1e300"), "duration"), (osrm(duration: "-5"), "duration"),
            (osrm(stepDuration: "1e300"), "duration"),
            (osrm(distance: "-3"), "distance"), (osrm(stepDistance: "1e300"), "distance"), (osrm(distance: "-0.001"), "distance"),
            (osrm(longitude: "1e300"), "position"), (osrm(longitude: "-181"), "position"),
        ]
        for (body, what) in cases {
            do {
                let routes = try await answer(body)
                XCTFail("accepted \(what): \(routes)")
            } catch let error as RemoteError {
                XCTAssertEqual(error.description,
                               "The OSRM server sent a route with an impossible \(what); try again or use the offline map.")
                XCTAssertFalse(error.isServerDown, "a wrong answer is said, not hidden behind the fallback")
            }
        }
    }

    func testOddManeuverNumbersAreDroppedNotTrusted() async throws {
        let routes = try await answer(osrm(bearing: "1e300", exit: "123456789012"))
        let route = try XCTUnwrap(routes.first)
        XCTAssertEqual(route.steps.map(\.instruction), ["Head out on Kaivokatu", "Enter the roundabout onto Ring"])
    }

    func testARouteWithoutLegsIsNoRoute() async throws {
        let body = #"{"code":"Ok","routes":[{"distance":5,"duration":5,"geometry":{"coordinates":[[24.94,60.17]]},"legs":[]}]}"#
        do {
            _ = try await answer(body)
            XCTFail("a route with no legs has nothing to show")
        } catch let error as DirectionsError {
            XCTAssertEqual(error, .noRoute)
        }
    }

    func testNominatimPositionsMustBeRealDecimalDegrees() async throws {
        for (lat, lon) in [("0x10", "5"), ("1e300", "24.9"), ("60.1", "inf"), ("nan", "24.9"), ("91", "24.9"), ("", "24.9")] {
            let body = #"[{"lat":"\#(lat)","lon":"\#(lon)","name":"X","address":{"road":"Annankatu"}}]"#
            let server = try LoopbackHTTPServer(replies: [.status(200, body)])
            defer { server.stop() }
            do {
                let places = try await NominatimGeocoder(baseURL: server.baseURL, configuration: fast).geocode("Annankatu")
                XCTFail("accepted \(lat),\(lon): \(places)")
            } catch let error as RemoteError {
                XCTAssertEqual(error.description,
                               "The Nominatim server sent a place with an impossible position; try again or use the offline map.")
            }
        }
    }
}

