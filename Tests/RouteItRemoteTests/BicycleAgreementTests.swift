import Foundation
import RouteItCore
import RouteItEngine
@testable import RouteItRemote
import XCTest

/// The embedded bicycle profile against a real osrm-routed on bicycle.lua's Helsinki graph:
/// on seeded random pairs both route, the median duration difference stays within 10 % (the
/// measured figure is in BENCHMARKS.md); and the OSRM backend asks the bicycle server for
/// `bike`, reads its pushing steps, and tells a car server answering a bicycle trip.
final class BicycleAgreementTests: XCTestCase {
    private static func item(_ c: Coordinate) -> MapItem { MapItem(placemark: Placemark(coordinate: c)) }

    /// Seeded points over the extract (24.935–24.953 E, 60.164–60.179 N).
    private static func pairs(count: Int, seed start: UInt64) -> [(Coordinate, Coordinate)] {
        var seed = start
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        return (0..<count).map { _ in
            (Coordinate(latitude: 60.164 + next() * 0.015, longitude: 24.935 + next() * 0.018),
             Coordinate(latitude: 60.164 + next() * 0.015, longitude: 24.935 + next() * 0.018))
        }
    }

    func testDurationsAgreeWithOSRMsBicycleProfileOnHelsinki() async throws {
        let server = try OSRMServer(profile: "bicycle")
        let embedded = try OfflineDirections(path: try HelsinkiMap.path())
        var durationDiffs: [Double] = []
        var pushedSteps = 0
        for (a, b) in Self.pairs(count: 120, seed: 0xB1CE) {
            let url = URL(string: String(format: "%@/route/v1/bike/%.6f,%.6f;%.6f,%.6f?overview=false",
                                         server.baseURL.absoluteString, a.longitude, a.latitude, b.longitude, b.latitude))!
            let raw = try OSRMServer.rawJSON(url)
            guard raw["code"] as? String == "Ok", let osrm = (raw["routes"] as? [[String: Any]])?.first,
                  let osrmDuration = osrm["duration"] as? Double, osrmDuration > 0 else { continue }
            let request = DirectionsRequest(source: Self.item(a), destination: Self.item(b),
                                            transportType: .bike, requestsAlternateRoutes: false)
            guard let ours = try? await embedded.calculate(request).first else { continue }
            XCTAssertEqual(ours.transportType, .bike)
            pushedSteps += ours.steps.filter { $0.instruction.hasSuffix("(push your bike)") }.count
            durationDiffs.append(abs(ours.expectedTravelTime - osrmDuration) / osrmDuration)
        }
        XCTAssertGreaterThanOrEqual(durationDiffs.count, 100, "too few pairs both engines route")
        let sorted = durationDiffs.sorted()
        let median = sorted.isEmpty ? .nan : sorted[sorted.count / 2]
        XCTAssertLessThanOrEqual(median, 0.10, "median duration difference over \(durationDiffs.count) pairs")
        // The goal is 10 %; the profile measures 0.5 %. A drift past 3 % (riding 18 km/h where
        // bicycle.lua rides 15 gives 3.8 % on these pairs) is a profile that stopped following it.
        XCTAssertLessThanOrEqual(median, 0.03, "median duration difference over \(durationDiffs.count) pairs")
        // Central Helsinki has pedestrian streets and footways: some trips walk the bicycle.
        XCTAssertGreaterThan(pushedSteps, 0)
    }

    func testTheOSRMBackendAsksTheBicycleServerAndReadsItsSteps() async throws {
        let bicycle = try OSRMServer(profile: "bicycle")
        let car = try OSRMServer(profile: "car")
        let directions = OSRMDirections(baseURL: car.baseURL, cyclingBaseURL: bicycle.baseURL)
        let (a, b) = (Coordinate(latitude: 60.169902, longitude: 24.938396), Coordinate(latitude: 60.167500, longitude: 24.945000))
        let request = DirectionsRequest(source: Self.item(a), destination: Self.item(b), transportType: .bike,
                                        requestsAlternateRoutes: false)
        XCTAssertTrue(directions.routeURL(for: request).path.hasPrefix("/route/v1/bike/"))
        let raw = try OSRMServer.rawJSON(URL(string: String(format: "%@/route/v1/bike/%.6f,%.6f;%.6f,%.6f?overview=false",
                                                            bicycle.baseURL.absoluteString, a.longitude, a.latitude, b.longitude, b.latitude))!)
        let reference = try XCTUnwrap((raw["routes"] as? [[String: Any]])?.first)
        let route = try await directions.calculate(request)[0]
        XCTAssertEqual(route.transportType, .bike)
        XCTAssertEqual(route.expectedTravelTime, try XCTUnwrap(reference["duration"] as? Double), accuracy: 1e-9)

        // A car server answering a bicycle trip is the wrong profile, and says so.
        let wrong = OSRMDirections(baseURL: car.baseURL)
        do {
            _ = try await wrong.calculate(request)
            XCTFail("a car server's driving steps were taken for a bicycle route")
        } catch let mismatch as OSRMProfileMismatch {
            XCTAssertEqual(mismatch.asked, .bike)
            XCTAssertEqual(mismatch.answered, "driving")
            XCTAssertTrue(mismatch.description.contains("answers bicycle routes with driving steps"), mismatch.description)
        }
        // A bicycle server asked for a car trip is just as wrong.
        let carOnBicycle = OSRMDirections(baseURL: bicycle.baseURL)
        do {
            _ = try await carOnBicycle.calculate(DirectionsRequest(source: Self.item(a), destination: Self.item(b),
                                                                   transportType: .car, requestsAlternateRoutes: false))
            XCTFail("a bicycle server's cycling steps were taken for a car route")
        } catch let mismatch as OSRMProfileMismatch {
            XCTAssertEqual(mismatch.answered, "cycling")
        }
    }

    func testStepModesOfABicycleTripBelongToIt() {
        XCTAssertNil(OSRMProfileMismatch.foreignMode(in: ["cycling", "pushing bike", "ferry"], for: .bike))
        XCTAssertEqual(OSRMProfileMismatch.foreignMode(in: ["cycling", "walking"], for: .bike), "walking")
        XCTAssertEqual(OSRMProfileMismatch.foreignMode(in: ["driving"], for: .bike), "driving")
        XCTAssertEqual(OSRMProfileMismatch.foreignMode(in: ["cycling"], for: .walk), "cycling")
    }
}
