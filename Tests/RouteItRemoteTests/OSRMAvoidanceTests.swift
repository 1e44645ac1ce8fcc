import Foundation
import RouteItCore
import RouteItRemote
import XCTest
import RouteItTestSupport

/// `exclude=` over a real osrm-routed (car.lua on Monaco's extract, whose profile can exclude
/// toll, motorway or ferry, one at a time): classes the server has are excluded, the others
/// are named on the routes, and a place on an excluded road (OSRM's NoRoute, osrm-backend#5433)
/// still gets a route that says it uses one.
final class OSRMAvoidanceTests: XCTestCase {
    // XCTest runs one class's tests one after another: set once by the first.
    nonisolated(unsafe) private static var server: OSRMServer?

    private func directions() throws -> OSRMDirections {
        if let server = Self.server { return OSRMDirections(baseURL: server.baseURL) }
        let osm = (ProcessInfo.processInfo.environment["ROUTEIT_OSM_DIR"].map { URL(fileURLWithPath: $0) }
            ?? OSRMServer.packageRoot.appendingPathComponent(".data/osm")).appendingPathComponent("monaco.osm.pbf")
        // The graph is prepared once per osrm-extract for every test process (see TestFiles.shared);
        // each process serves it with an osrm-routed of its own.
        let extract = URL(fileURLWithPath: "\(OSRMServer.osrmDirectory)/osrm/bin/osrm-extract")
        let graph = try TestFiles.shared("osrm-monaco-car", builtBy: extract) { directory in
            let copy = directory.appendingPathComponent("monaco.osm.pbf")
            try FileManager.default.copyItem(at: osm, to: copy)
            _ = try OSRMServer.prepare(osm: copy)
        }.appendingPathComponent("monaco.osrm").path
        let server = try OSRMServer(graph: graph)
        Self.server = server
        return OSRMDirections(baseURL: server.baseURL)
    }

    override class func tearDown() {
        server?.kill()
        server = nil
        super.tearDown()
    }

    private func request(_ a: (Double, Double), _ b: (Double, Double), avoid: RoadAvoidance) -> DirectionsRequest {
        DirectionsRequest(source: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: a.0, longitude: a.1))),
                          destination: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: b.0, longitude: b.1))),
                          transportType: .car, requestsAlternateRoutes: true, avoid: avoid)
    }

    /// Menton side to La Turbie: OSRM's quickest way takes the motorway.
    private let east = (43.718417, 7.437852), west = (43.761028, 7.350870)

    func testAClassTheServerHasIsExcluded() async throws {
        let d = try directions()
        let plain = try await d.calculate(request(east, west, avoid: []))
        let avoided = try await d.calculate(request(east, west, avoid: .motorway))
        XCTAssertNotEqual(plain[0].expectedTravelTime, avoided[0].expectedTravelTime, "exclude=motorway changed the route")
        for route in avoided {
            XCTAssertEqual(route.unsupportedAvoidance, [])
            XCTAssertEqual(route.unavoidable, [])
        }
        // What the server itself answers with exclude=motorway: the same route, no motorway on it.
        let url = URL(string: String(format: "%@/route/v1/driving/%.6f,%.6f;%.6f,%.6f?steps=true&exclude=motorway",
                                     d.baseURL.absoluteString, east.1, east.0, west.1, west.0))!
        let raw = try XCTUnwrap((try OSRMServer.rawJSON(url)["routes"] as? [[String: Any]])?.first)
        XCTAssertEqual(try XCTUnwrap(raw["duration"] as? Double), avoided[0].expectedTravelTime, accuracy: 0.01)
        XCTAssertFalse("\(raw)".contains("motorway"))
    }

    func testAClassTheServerLacksIsNamedOnTheRoutes() async throws {
        let d = try directions()
        let motorway = try await d.calculate(request(east, west, avoid: .motorway))
        let both = try await d.calculate(request(east, west, avoid: [.motorway, .unpaved]))
        XCTAssertEqual(both[0].expectedTravelTime, motorway[0].expectedTravelTime, "motorways still excluded")
        XCTAssertEqual(both[0].unsupportedAvoidance, .unpaved)
        let trip = DirectionsViewModel(legs: [DirectionsLeg(source: request(east, west, avoid: []).source,
                                                            destination: request(east, west, avoid: []).destination, route: both[0])],
                                       transportType: .car)
        XCTAssertEqual(trip.tripNotes, ["The routing server cannot avoid unpaved roads in this request; this trip may use them."])
    }

    /// OSRM answers NoRoute when the start lies on the excluded road; RouteIt routes all the same.
    func testAStartOnAnExcludedRoadStillGetsARoute() async throws {
        let d = try directions()
        let start = (43.744841, 7.382791), end = (43.748136, 7.401534)
        let url = URL(string: String(format: "%@/route/v1/driving/%.6f,%.6f;%.6f,%.6f?exclude=motorway",
                                     d.baseURL.absoluteString, start.1, start.0, end.1, end.0))!
        XCTAssertEqual(try OSRMServer.rawJSON(url)["code"] as? String, "NoRoute", "OSRM's own answer")
        let routes = try await d.calculate(request(start, end, avoid: .motorway))
        XCTAssertFalse(routes.isEmpty)
        XCTAssertEqual(routes[0].unavoidable, .motorway)
    }
}
