import Foundation
import RouteItCore
@testable import RouteItRemote
import XCTest

/// Retry, timeout, error-code and cancellation behaviour against a scripted loopback server.
final class HTTPErrorHandlingTests: XCTestCase {
    private let fast = RemoteConfiguration(timeout: 2, maxAttempts: 3, backoff: 0.05)
    private let request = DirectionsRequest(
        source: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: 60.17, longitude: 24.94))),
        destination: MapItem(placemark: Placemark(coordinate: Coordinate(latitude: 60.168, longitude: 24.945))),
        transportType: .car, requestsAlternateRoutes: false)

    func testFiveHundredIsRetriedThenReported() async throws {
        let server = try LoopbackHTTPServer(replies: [.status(503, "busy")])
        defer { server.stop() }
        do {
            _ = try await OSRMDirections(baseURL: server.baseURL, configuration: fast).calculate(request)
            XCTFail("expected a server error")
        } catch let error as RemoteError {
            XCTAssertEqual(error, .serverError(host: "127.0.0.1:\(server.port)", status: 503))
            XCTAssertTrue(error.isServerDown)
        }
        XCTAssertEqual(server.requestCount, 3)
    }

    func testFiveHundredThenSuccessRecovers() async throws {
        let ok = #"{"code":"Ok","routes":[{"distance":120.5,"duration":20.25,"geometry":{"coordinates":[[24.94,60.17],[24.945,60.168]]},"legs":[{"distance":120.5,"duration":20.25,"summary":"Kaivokatu","steps":[{"distance":120.5,"duration":20.25,"name":"Kaivokatu","geometry":{"coordinates":[[24.94,60.17],[24.945,60.168]]},"maneuver":{"type":"depart","bearing_after":91}},{"distance":0,"duration":0,"name":"Kaivokatu","geometry":{"coordinates":[[24.945,60.168]]},"maneuver":{"type":"arrive","modifier":"left"}}]}]}]}"#
        let server = try LoopbackHTTPServer(replies: [.status(500, "oops"), .status(200, ok)])
        defer { server.stop() }
        let routes = try await OSRMDirections(baseURL: server.baseURL, configuration: fast).calculate(request)
        XCTAssertEqual(server.requestCount, 2)
        XCTAssertEqual(routes.first?.distance, 120.5)
        XCTAssertEqual(routes.first?.steps.map(\.instruction), ["Head east on Kaivokatu", "Arrive at your destination"])
        XCTAssertEqual(routes.first?.name, "Kaivokatu")
    }

    func testAStartBearingIsSentAndDroppedWhenNoRoadNearGoesThatWay() async throws {
        let ok = #"{"code":"Ok","routes":[{"distance":120.5,"duration":20.25,"geometry":{"coordinates":[[24.94,60.17],[24.945,60.168]]},"legs":[{"distance":120.5,"duration":20.25,"summary":"Kaivokatu","steps":[{"distance":120.5,"duration":20.25,"name":"Kaivokatu","geometry":{"coordinates":[[24.94,60.17],[24.945,60.168]]},"maneuver":{"type":"depart","bearing_after":91}},{"distance":0,"duration":0,"name":"Kaivokatu","geometry":{"coordinates":[[24.945,60.168]]},"maneuver":{"type":"arrive","modifier":"left"}}]}]}]}"#
        let noSegment = #"{"code":"NoSegment","message":"Could not find a matching segment for coordinate 0"}"#
        let server = try LoopbackHTTPServer(replies: [.status(400, noSegment), .status(200, ok)])
        defer { server.stop() }
        var headed = request
        headed.startBearing = StartBearing(value: 90, range: 60)
        let directions = OSRMDirections(baseURL: server.baseURL, configuration: fast)
        XCTAssertTrue(directions.routeURL(for: headed).absoluteString.hasSuffix("&radiuses=40;5000&bearings=90,60;"))
        let routes = try await directions.calculate(headed)
        XCTAssertEqual(routes.first?.distance, 120.5, "the route any way when none starts the user's way")
        XCTAssertEqual(server.requestCount, 2)
        XCTAssertTrue(server.requestLines.first?.contains("bearings=90,60;") ?? false, "\(server.requestLines)")
        XCTAssertFalse(server.requestLines.last?.contains("bearings") ?? true)
    }

    func testFourHundredIsNotRetriedAndNamesTheOSRMCode() async throws {
        let server = try LoopbackHTTPServer(replies: [.status(400, #"{"code":"InvalidQuery","message":"Query string malformed close to position 41"}"#)])
        defer { server.stop() }
        do {
            _ = try await OSRMDirections(baseURL: server.baseURL, configuration: fast).calculate(request)
            XCTFail("expected invalidRequest")
        } catch let error as DirectionsError {
            XCTAssertEqual(error, .invalidRequest("The routing server rejected the request: InvalidQuery (Query string malformed close to position 41)."))
        }
        XCTAssertEqual(server.requestCount, 1)
    }

    func testOSRMErrorCodesMapToOneLine() {
        XCTAssertEqual(OSRMErrorCode.error(code: "NoRoute", message: "Impossible route between points"), .noRoute)
        XCTAssertEqual(OSRMErrorCode.error(code: "NoSegment", message: "Could not find a matching segment for any coordinate"),
                       .invalidRequest("No road near the start or the destination (OSRM NoSegment)."))
        XCTAssertEqual(OSRMErrorCode.error(code: "TooBig", message: nil), .invalidRequest("The trip is too large for the routing server (TooBig)."))
        XCTAssertEqual(OSRMErrorCode.error(code: "InvalidValue", message: "bad"), .invalidRequest("The routing server rejected the request: InvalidValue (bad)."))
    }

    func testRequestUsesTheDocumentedRouteURL() {
        let directions = OSRMDirections(baseURL: URL(string: "http://example.invalid:5000/osrm/")!)
        XCTAssertEqual(directions.routeURL(for: request).absoluteString,
                       "http://example.invalid:5000/osrm/route/v1/driving/24.940000,60.170000;24.945000,60.168000?alternatives=false&steps=true&overview=full&geometries=geojson&radiuses=5000;5000")
    }

    func testNotJSONIsAnUnreadableAnswerNotACrash() async throws {
        let server = try LoopbackHTTPServer(replies: [.status(200, "<html>proxy</html>")])
        defer { server.stop() }
        do {
            _ = try await OSRMDirections(baseURL: server.baseURL, configuration: fast).calculate(request)
            XCTFail("expected invalidResponse")
        } catch let error as RemoteError {
            XCTAssertEqual(error, .invalidResponse(host: "127.0.0.1:\(server.port)", reason: "HTTP 200, not OSRM JSON"))
            XCTAssertFalse(error.isServerDown)
        }
    }

    /// --timeout bounds the whole answer: a silent server is waited for once, not once per try.
    func testSilentServerTimesOutOnceWithinTheTimeout() async throws {
        let server = try LoopbackHTTPServer(replies: [.hang])
        defer { server.stop() }
        let started = Date()
        do {
            _ = try await OSRMDirections(baseURL: server.baseURL,
                                         configuration: RemoteConfiguration(timeout: 1, maxAttempts: 2, backoff: 0.05))
                .calculate(request)
            XCTFail("expected a timeout")
        } catch let error as RemoteError {
            XCTAssertEqual(error, .timedOut(host: "127.0.0.1:\(server.port)"))
        }
        let elapsed = Date().timeIntervalSince(started)
        // Once, not once per try: the one request is the whole wait (no second attempt was made).
        // A lower bound only (a loaded machine makes it longer, never shorter).
        XCTAssertEqual(server.requestCount, 1, "a slow server is not asked again")
        XCTAssertGreaterThanOrEqual(elapsed, 0.9, "the attempt waits its full second")
    }

    func testRefusedConnectionIsUnreachable() async throws {
        let refusing = OSRMServer.refusingPort()   // bound, never listening: refused
        defer { refusing.close() }
        do {
            _ = try await OSRMDirections(baseURL: URL(string: "http://127.0.0.1:\(refusing.port)")!, configuration: fast).calculate(request)
            XCTFail("expected unreachable")
        } catch let error as RemoteError {
            XCTAssertEqual(error, .unreachable(host: "127.0.0.1:\(refusing.port)", reason: "connection refused"))
        }
    }

    func testCancellingTheTaskAbortsTheRequestInFlight() async throws {
        // Also with an absurd timeout, which Foundation cannot take as it is (it trapped).
        for timeout: TimeInterval in [30, 1e300] {
            let server = try LoopbackHTTPServer(replies: [.hang])
            defer { server.stop() }
            let directions = OSRMDirections(baseURL: server.baseURL, configuration: RemoteConfiguration(timeout: timeout, maxAttempts: 3))
            let request = self.request
            let task = Task { try await directions.calculate(request) }
            try await assertCancelsAtOnce(task, server: server)
            XCTAssertEqual(server.requestCount, 1, "a cancelled request must not be retried")
        }
    }

    func testTimeoutsAreBoundedFromAMillisecondToADay() {
        XCTAssertEqual(HTTPClient.bounded(0.2), 0.2)
        XCTAssertEqual(HTTPClient.bounded(0), 0.001)
        XCTAssertEqual(HTTPClient.bounded(1e300), 86_400)
        XCTAssertEqual(HTTPClient.bounded(.infinity), 86_400)
        XCTAssertEqual(HTTPClient.bounded(.nan), 1)
    }
}
