import Foundation
import RouteItCore
@testable import RouteItRemote
import XCTest

/// What the `backend` command reports as a real OSRM server comes and goes.
final class RemoteBackendsTests: XCTestCase {
    private struct NoDirections: Directions {
        func table(_ request: TravelTableRequest) async throws -> TravelTable { try await OneToOneTable.table(request, using: self) }
        func calculate(_ request: DirectionsRequest) async throws -> [Route] { throw DirectionsError.noRoute }
    }

    private struct NoGeocoder: Geocoding {
        func geocode(_ text: String) async throws -> [Placemark] { [] }
        func geocode(_ text: String, near: Coordinate?) async throws -> [Placemark] { [] }
        func reverseGeocode(_ coordinate: Coordinate) async throws -> Placemark? { nil }
    }

    func testStatusLinesFollowTheServer() async throws {
        let server = try OSRMServer(profile: "car")
        let backends = try RemoteBackends(offlineDirections: NoDirections(), offlineGeocoder: NoGeocoder(),
                                          osrmURL: server.baseURL, nominatimURL: nil,
                                          configuration: RemoteConfiguration(timeout: 1, maxAttempts: 1))
        let url = server.baseURL.absoluteString
        XCTAssertEqual(backends.statusLines, ["Directions: OSRM \(url) — not contacted yet (fallback: offline map)",
                                              "Geocoder: offline map (embedded engine)"])
        let monitor = try XCTUnwrap(backends.directionsMonitor)
        let up = await monitor.probe()
        XCTAssertTrue(up)
        XCTAssertEqual(backends.statusLines.first, "Directions: OSRM \(url) — reachable (fallback: offline map)")
        server.kill()
        let down = await monitor.probe()
        XCTAssertFalse(down)
        XCTAssertEqual(backends.statusLines.first,
                       "Directions: offline map — OSRM \(url) unreachable (connection refused)")
        XCTAssertEqual(backends.notices.drain(), ["! Routing server unreachable — using the offline map"])
    }

    func testWalkingGoesToTheFootServer() async throws {
        let car = try OSRMServer(profile: "car"), foot = try OSRMServer(profile: "foot")
        let backends = try RemoteBackends(offlineDirections: NoDirections(), offlineGeocoder: NoGeocoder(),
                                          osrmURL: car.baseURL, osrmWalkingURL: foot.baseURL, nominatimURL: nil)
        let raw = try OSRMServer.rawJSON(URL(string: "\(foot.baseURL.absoluteString)/route/v1/foot/24.938396,60.169902;24.945000,60.167500?overview=false")!)
        let reference = try XCTUnwrap((raw["routes"] as? [[String: Any]])?.first?["duration"] as? Double)
        let walk = try await backends.directions.calculate(DirectionsRequest(
            source: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: 60.169902, longitude: 24.938396))),
            destination: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: 60.1675, longitude: 24.9450))),
            transportType: .walk, requestsAlternateRoutes: false))
        XCTAssertEqual(walk.first?.expectedTravelTime ?? 0, reference, accuracy: 1e-9)
    }

    func testNothingToAnswerWithIsAnError() {
        XCTAssertThrowsError(try RemoteBackends(offlineDirections: nil, offlineGeocoder: NoGeocoder(), osrmURL: nil, nominatimURL: nil)) {
            XCTAssertEqual($0 as? DirectionsError, .unavailable("No map loaded and no routing server configured."))
        }
        let url = URL(string: "http://127.0.0.1:1")!
        let serverOnly = try? RemoteBackends(offlineDirections: nil, offlineGeocoder: nil, osrmURL: url, nominatimURL: url)
        XCTAssertEqual(serverOnly?.statusLines, ["Directions: OSRM http://127.0.0.1:1 — not contacted yet (fallback: no offline map loaded)",
                                                 "Geocoder: Nominatim http://127.0.0.1:1 — not contacted yet (fallback: no offline map loaded)"])
    }
}
