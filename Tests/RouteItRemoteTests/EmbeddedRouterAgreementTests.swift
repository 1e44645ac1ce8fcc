import Foundation
import RouteItCore
import RouteItEngine
import XCTest

/// The embedded router times car trips like OSRM's car profile does (speeds, turn costs,
/// obstacles): on random Helsinki pairs both route, the median difference of duration and of
/// distance stays small. Before turn costs it was 18 %; the figure itself lives in BENCHMARKS.md.
final class EmbeddedRouterAgreementTests: XCTestCase {
    func testDurationsAgreeWithOSRMOnHelsinki() async throws {
        let server = try OSRMServer(profile: "car")
        let embedded = try OfflineDirections(path: try HelsinkiMap.path())
        var seed: UInt64 = 0xA6EE
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var durationDiffs: [Double] = [], distanceDiffs: [Double] = []
        for _ in 0..<120 {
            let a = Coordinate(latitude: 60.164 + next() * 0.015, longitude: 24.935 + next() * 0.018)
            let b = Coordinate(latitude: 60.164 + next() * 0.015, longitude: 24.935 + next() * 0.018)
            let url = URL(string: String(format: "%@/route/v1/driving/%.6f,%.6f;%.6f,%.6f?overview=false",
                                         server.baseURL.absoluteString, a.longitude, a.latitude, b.longitude, b.latitude))!
            let raw = try OSRMServer.rawJSON(url)
            guard raw["code"] as? String == "Ok", let osrm = (raw["routes"] as? [[String: Any]])?.first,
                  let osrmDuration = osrm["duration"] as? Double, let osrmDistance = osrm["distance"] as? Double,
                  osrmDuration > 0, osrmDistance > 0 else { continue }
            let request = DirectionsRequest(source: MapItem(placemark: Placemark(coordinate: a)),
                                            destination: MapItem(placemark: Placemark(coordinate: b)),
                                            transportType: .car, requestsAlternateRoutes: false)
            guard let ours = try? await embedded.calculate(request).first else { continue }
            durationDiffs.append(abs(ours.expectedTravelTime - osrmDuration) / osrmDuration)
            distanceDiffs.append(abs(ours.distance - osrmDistance) / osrmDistance)
        }
        XCTAssertGreaterThanOrEqual(durationDiffs.count, 60, "too few pairs both engines route")
        func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s.isEmpty ? .nan : s[s.count / 2] }
        XCTAssertLessThanOrEqual(median(durationDiffs), 0.05, "median duration difference over \(durationDiffs.count) pairs")
        XCTAssertLessThanOrEqual(median(distanceDiffs), 0.02, "median distance difference over \(distanceDiffs.count) pairs")
    }
}
