import Foundation
import RouteItCore
@testable import RouteItRemote
import XCTest

/// RouteIt's OSRM backend against a real osrm-routed on the Helsinki extract.
final class OSRMDirectionsTests: XCTestCase {
    private static func item(_ lat: Double, _ lon: Double) -> MapItem {
        MapItem(placemark: Placemark(coordinate: Coordinate(latitude: lat, longitude: lon)))
    }

    /// Deterministic spread of points over the extract (24.935–24.953 E, 60.164–60.179 N).
    private static func pairs(count: Int) -> [(MapItem, MapItem)] {
        var seed: UInt64 = 0x5EED
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        return (0..<count).map { _ in
            (item(60.164 + next() * 0.015, 24.935 + next() * 0.018), item(60.164 + next() * 0.015, 24.935 + next() * 0.018))
        }
    }

    private func rawRoute(_ base: URL, _ profile: String, _ a: MapItem, _ b: MapItem) throws -> [String: Any] {
        let url = URL(string: String(format: "%@/route/v1/%@/%.6f,%.6f;%.6f,%.6f?overview=false", base.absoluteString, profile,
                                     a.coordinate.longitude, a.coordinate.latitude, b.coordinate.longitude, b.coordinate.latitude))!
        return try OSRMServer.rawJSON(url)
    }

    func testDistanceAndDurationMatchOSRMsOwnJSON() async throws {
        let server = try OSRMServer(profile: "car")
        let directions = OSRMDirections(baseURL: server.baseURL)
        var compared = 0, noRoute = 0
        for (a, b) in Self.pairs(count: 24) {
            let raw = try rawRoute(server.baseURL, "driving", a, b)
            let request = DirectionsRequest(source: a, destination: b, transportType: .car, requestsAlternateRoutes: false)
            if raw["code"] as? String == "NoRoute" {
                do {
                    _ = try await directions.calculate(request)
                    XCTFail("OSRM says NoRoute for \(a.coordinate) → \(b.coordinate) but RouteIt returned a route")
                } catch let error as DirectionsError {
                    XCTAssertEqual(error, .noRoute)
                }
                noRoute += 1
                continue
            }
            let reference = try XCTUnwrap((raw["routes"] as? [[String: Any]])?.first)
            let routes = try await directions.calculate(request)
            XCTAssertEqual(routes.count, 1)
            let route = try XCTUnwrap(routes.first)
            XCTAssertEqual(route.distance, try XCTUnwrap(reference["distance"] as? Double), accuracy: 1e-9)
            XCTAssertEqual(route.expectedTravelTime, try XCTUnwrap(reference["duration"] as? Double), accuracy: 1e-9)
            XCTAssertEqual(route.transportType, .car)
            XCTAssertEqual(route.steps.map(\.distance).reduce(0, +), route.distance, accuracy: 1.0)
            XCTAssertTrue(route.steps.first?.instruction.hasPrefix("Head ") ?? false, "\(route.steps.first?.instruction ?? "no steps")")
            XCTAssertEqual(route.steps.last?.instruction, "Arrive at your destination")
            XCTAssertGreaterThanOrEqual(route.polyline.count, 2)
            compared += 1
        }
        XCTAssertGreaterThanOrEqual(compared, 8, "too few routable pairs to compare")
        XCTAssertGreaterThanOrEqual(noRoute, 1, "expected the clipped extract to have unroutable pairs")
    }

    func testWalkingUsesTheFootServerAndMatchesIt() async throws {
        let foot = try OSRMServer(profile: "foot")
        let car = try OSRMServer(profile: "car")
        let directions = OSRMDirections(baseURL: car.baseURL, walkingBaseURL: foot.baseURL)
        let a = Self.item(60.169902, 24.938396), b = Self.item(60.167500, 24.945000)
        let raw = try rawRoute(foot.baseURL, "foot", a, b)
        let reference = try XCTUnwrap((raw["routes"] as? [[String: Any]])?.first)
        let route = try await directions.calculate(DirectionsRequest(source: a, destination: b, transportType: .walk,
                                                                     requestsAlternateRoutes: false))[0]
        XCTAssertEqual(route.distance, try XCTUnwrap(reference["distance"] as? Double), accuracy: 1e-9)
        XCTAssertEqual(route.expectedTravelTime, try XCTUnwrap(reference["duration"] as? Double), accuracy: 1e-9)
        XCTAssertEqual(route.transportType, .walk)
        // Walking is slower than driving the same pair: proof the foot graph answered.
        let carRoute = try await directions.calculate(DirectionsRequest(source: a, destination: b, transportType: .car,
                                                                        requestsAlternateRoutes: false))[0]
        XCTAssertGreaterThan(route.expectedTravelTime, carRoute.expectedTravelTime)
    }

    /// A foot server excludes nothing (foot.lua has no classes), but a walk never takes a
    /// motorway: avoiding motorways is not said to be impossible; avoiding tolls still is.
    func testAWalkAvoidingMotorwaysOverAFootServerIsNotWarnedOfThem() async throws {
        let foot = try OSRMServer(profile: "foot")
        let directions = OSRMDirections(baseURL: foot.baseURL, walkingBaseURL: foot.baseURL)
        let a = Self.item(60.169902, 24.938396), b = Self.item(60.167500, 24.945000)
        func walk(avoiding avoid: RoadAvoidance) async throws -> Route {
            try await directions.calculate(DirectionsRequest(source: a, destination: b, transportType: .walk,
                                                             requestsAlternateRoutes: false, avoid: avoid))[0]
        }
        let motorway = try await walk(avoiding: .motorway)
        XCTAssertEqual(motorway.unsupportedAvoidance, [])
        XCTAssertEqual(RoadAvoidance.notes(unavoidable: motorway.unavoidable, unsupported: motorway.unsupportedAvoidance), [])
        let both = try await walk(avoiding: [.motorway, .toll])
        XCTAssertEqual(both.unsupportedAvoidance, .toll)
    }

    func testAlternativesAreCappedAtThreeAndSortedAsOSRMSends() async throws {
        let server = try OSRMServer(profile: "car")
        let directions = OSRMDirections(baseURL: server.baseURL)
        let a = Self.item(60.169902, 24.938396), b = Self.item(60.1675, 24.9450)
        let routes = try await directions.calculate(DirectionsRequest(source: a, destination: b, transportType: .car,
                                                                      requestsAlternateRoutes: true))
        XCTAssertTrue((1...3).contains(routes.count))
        XCTAssertEqual(routes.first?.steps.first?.instruction, "Head southwest on Kaivokatu")
    }

    func testNoRouteIsDirectionsNotAvailable() async throws {
        let server = try OSRMServer(profile: "car")
        let a = Self.item(60.176712, 24.937419), b = Self.item(60.167826, 24.948748)
        let raw = try rawRoute(server.baseURL, "driving", a, b)
        XCTAssertEqual(raw["code"] as? String, "NoRoute", "the reference pair must be unroutable in OSRM itself")
        do {
            _ = try await OSRMDirections(baseURL: server.baseURL)
                .calculate(DirectionsRequest(source: a, destination: b, transportType: .car, requestsAlternateRoutes: true))
            XCTFail("expected noRoute")
        } catch let error as DirectionsError {
            XCTAssertEqual(error, .noRoute)
        }
    }

    func testAPlaceFarFromEveryRoadIsNoSegmentNotASnapAcrossTheWorld() async throws {
        let server = try OSRMServer(profile: "car")
        let raw = try OSRMServer.rawJSON(URL(string: "\(server.baseURL.absoluteString)/route/v1/driving/0,0;24.94,60.17?overview=false")!)
        XCTAssertEqual(raw["code"] as? String, "Ok", "OSRM on its own snaps (0, 0) to Helsinki")
        do {
            _ = try await OSRMDirections(baseURL: server.baseURL)
                .calculate(DirectionsRequest(source: Self.item(0, 0), destination: Self.item(60.17, 24.94),
                                             transportType: .car, requestsAlternateRoutes: false))
            XCTFail("expected NoSegment")
        } catch let error as DirectionsError {
            XCTAssertEqual(error, .invalidRequest("No road near the start or the destination (OSRM NoSegment)."))
        }
    }
}
