import Foundation
import RouteItCore
import RouteItEngine
@testable import RouteItRemote
import XCTest

/// A real osrm-routed killed mid-session: RouteIt says so once, answers offline, and goes back
/// to the server when it returns.
final class FallbackDirectionsTests: XCTestCase {
    /// The real embedded router, counted, so the test can tell who answered.
    private final class CountingDirections: Directions, @unchecked Sendable {
        private let inner: Directions
        private let lock = NSLock()
        private var _calls = 0
        var calls: Int { lock.withLock { _calls } }

        init(_ inner: Directions) { self.inner = inner }

        func table(_ request: TravelTableRequest) async throws -> TravelTable { try await OneToOneTable.table(request, using: self) }
        func calculate(_ request: DirectionsRequest) async throws -> [Route] {
            lock.withLock { _calls += 1 }
            return try await inner.calculate(request)
        }
    }

    private let request = DirectionsRequest(
        source: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: 60.169902, longitude: 24.938396))),
        destination: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: 60.1675, longitude: 24.9450))),
        transportType: .car, requestsAlternateRoutes: false)

    /// A foot server given as the car server answers a car route with walking steps: that is
    /// said once, and the car trip comes from the offline map, not from the walk.
    func testAServerRunningTheWrongProfileIsSaidOnceAndNotUsed() async throws {
        let foot = try OSRMServer(profile: "foot")
        let notices = BackendNotices()
        let monitor = ReachabilityMonitor(serverName: "Routing server", baseURL: foot.baseURL,
                                          probePath: "/nearest/v1/driving/0,0", notices: notices, probeInterval: 0)
        let offline = CountingDirections(try OfflineDirections(path: try HelsinkiMap.path()))
        let directions = FallbackDirections(primary: OSRMDirections(baseURL: foot.baseURL), fallback: offline, monitor: monitor)
        let first = try await directions.calculate(request)
        let second = try await directions.calculate(request)
        XCTAssertEqual(offline.calls, 2, "the walk is never shown as the car trip")
        XCTAssertEqual(first.first?.transportType, .car)
        XCTAssertEqual(second.first?.transportType, .car)
        let said = notices.drain()
        XCTAssertEqual(said.count, 1, "said once: \(said)")
        XCTAssertTrue(said.first?.hasPrefix("! The routing server 127.0.0.1:\(foot.baseURL.port!) answers car routes with walking steps") == true, "\(said)")
        XCTAssertTrue(said.first?.hasSuffix("— using the offline map for car routes") == true, "\(said)")

        // Walking on that server is right: used, and nothing said.
        var walk = request
        walk.transportType = .walk
        _ = try await directions.calculate(walk)
        XCTAssertEqual(offline.calls, 2)
        XCTAssertEqual(notices.drain(), [])

        // Without an offline map the mismatch is the error itself.
        let alone = FallbackDirections(primary: OSRMDirections(baseURL: foot.baseURL), fallback: nil, monitor: monitor)
        do {
            _ = try await alone.calculate(request)
            XCTFail("a walk was returned as a car route")
        } catch let error as DirectionsError {
            guard case .unavailable(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("answers car routes with walking steps"), message)
        }
    }

    func testKilledServerFallsBackOnceAndReturnsWhenBack() async throws {
        let server = try OSRMServer(profile: "car")
        let notices = BackendNotices()
        let monitor = ReachabilityMonitor(serverName: "Routing server", baseURL: server.baseURL,
                                          probePath: "/nearest/v1/driving/0,0", notices: notices, probeInterval: 0)
        let offline = CountingDirections(try OfflineDirections(path: try HelsinkiMap.path()))
        let directions = FallbackDirections(
            primary: OSRMDirections(baseURL: server.baseURL, configuration: RemoteConfiguration(timeout: 2, maxAttempts: 2, backoff: 0.05)),
            fallback: offline, monitor: monitor)

        let online = try await directions.calculate(request)
        XCTAssertEqual(offline.calls, 0)
        XCTAssertEqual(monitor.state, .reachable)
        XCTAssertEqual(notices.drain(), [])

        server.kill()
        let first = try await directions.calculate(request)
        let second = try await directions.calculate(request)
        XCTAssertEqual(offline.calls, 2)
        XCTAssertEqual(first, second)
        // The embedded router's own answer for the same trip: a real route of similar length.
        let embedded = try XCTUnwrap(first.first)
        let osrm = try XCTUnwrap(online.first)
        XCTAssertEqual(embedded.steps.last?.instruction, "Arrive at your destination")
        XCTAssertEqual(embedded.distance, osrm.distance, accuracy: osrm.distance * 0.3,
                       "offline \(embedded.distance) m vs OSRM \(osrm.distance) m")
        XCTAssertEqual(notices.drain(), ["! Routing server unreachable — using the offline map"], "said once, not per request")
        XCTAssertTrue(monitor.isUnreachable)

        try server.start()
        let back = try await directions.calculate(request)
        XCTAssertEqual(back.first?.distance, online.first?.distance)
        XCTAssertEqual(offline.calls, 2)
        XCTAssertEqual(notices.drain(), ["! Routing server reachable again — using \(server.baseURL.absoluteString)"])
    }

    func testServersOwnNoRouteIsNotAFallback() async throws {
        let server = try OSRMServer(profile: "car")
        let notices = BackendNotices()
        let offline = CountingDirections(try OfflineDirections(path: try HelsinkiMap.path()))
        let directions = FallbackDirections(
            primary: OSRMDirections(baseURL: server.baseURL),
            fallback: offline,
            monitor: ReachabilityMonitor(serverName: "Routing server", baseURL: server.baseURL,
                                         probePath: "/nearest/v1/driving/0,0", notices: notices))
        let unroutable = DirectionsRequest(
            source: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: 60.176712, longitude: 24.937419))),
            destination: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: 60.167826, longitude: 24.948748))),
            transportType: .car, requestsAlternateRoutes: false)
        do {
            _ = try await directions.calculate(unroutable)
            XCTFail("expected noRoute")
        } catch let error as DirectionsError {
            XCTAssertEqual(error, .noRoute)
        }
        XCTAssertEqual(offline.calls, 0)
        XCTAssertEqual(notices.drain(), [])
    }

    func testDownServerWithoutOfflineMapIsAClearError() async throws {
        let refusing = OSRMServer.refusingPort()   // refuses for as long as this test runs
        defer { refusing.close() }
        let url = URL(string: "http://127.0.0.1:\(refusing.port)")!
        let notices = BackendNotices()
        let directions = FallbackDirections(
            primary: OSRMDirections(baseURL: url, configuration: RemoteConfiguration(maxAttempts: 1)), fallback: nil,
            monitor: ReachabilityMonitor(serverName: "Routing server", baseURL: url, probePath: "/", notices: notices))
        do {
            _ = try await directions.calculate(request)
            XCTFail("expected unavailable")
        } catch let error as DirectionsError {
            XCTAssertEqual(error, .unavailable("Routing server unreachable and no offline map is loaded."))
        }
    }

    func testBackgroundMonitoringAnnouncesADeadServerBeforeTheNextRequest() async throws {
        let server = try OSRMServer(profile: "car")
        let notices = BackendNotices()
        let monitor = ReachabilityMonitor(serverName: "Routing server", baseURL: server.baseURL,
                                          probePath: "/nearest/v1/driving/0,0", notices: notices)
        monitor.startMonitoring(every: 0.1)
        defer { monitor.stopMonitoring() }
        try await waitFor { monitor.state == .reachable }
        server.kill()
        try await waitFor { monitor.isUnreachable }
        XCTAssertEqual(notices.drain(), ["! Routing server unreachable — using the offline map"])
    }

    func testAnyProbeIntervalIsSafe() async throws {
        // Port 1 on loopback: refused at once, so each monitor probes and then pauses.
        let monitors = [TimeInterval.infinity, 1e12, -5, .nan].map { interval -> ReachabilityMonitor in
            let monitor = ReachabilityMonitor(serverName: "Routing server", baseURL: URL(string: "http://127.0.0.1:1")!,
                                              probePath: "/nearest/v1/driving/0,0", notices: BackendNotices())
            monitor.startMonitoring(every: interval)
            return monitor
        }
        defer { monitors.forEach { $0.stopMonitoring() } }
        try await waitFor { monitors.allSatisfy(\.isUnreachable) }
        // The pause after each probe is where an unbounded interval would overflow: bounded.
        let day: UInt64 = 86_400_000_000_000
        XCTAssertEqual([TimeInterval.infinity, 1e12, 86_400, 10, 0.01, -5, -.infinity, .nan].map(ReachabilityMonitor.pauseNanoseconds(every:)),
                       [day, day, day, 10_000_000_000, 100_000_000, 100_000_000, 100_000_000, 100_000_000])
    }

    private func waitFor(_ condition: () -> Bool, seconds: Double = 30) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { return XCTFail("condition not met within \(seconds) s") }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }
}
