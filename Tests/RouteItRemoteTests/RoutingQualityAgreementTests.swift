import Foundation
import RouteItCore
import RouteItEngine
import RouteItRemote
import XCTest

/// The answers read like a real osrm-routed's (car.lua and foot.lua on the Helsinki extract) on
/// seeded random trips, measured as `routeit-bench quality` measures them: no trip only OSRM
/// routes, forks announced where OSRM announces them, walkers told to make a U-turn no more
/// often than OSRM tells them, alternatives hardly slower than the best route. The full figures
/// (both cities, more pairs) live in BENCHMARKS.md.
final class RoutingQualityAgreementTests: XCTestCase {
    private func tally(_ mode: TransportType, pairs: Int, seed: UInt64) async throws -> RouteQualityTally {
        let server = try OSRMServer(profile: mode == .car ? "car" : "foot")
        let ours = try OfflineDirections(path: try HelsinkiMap.path())
        let reference = OSRMDirections(baseURL: server.baseURL, walkingBaseURL: server.baseURL,
                                       configuration: RemoteConfiguration(timeout: 10, maxAttempts: 1))
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var tally = RouteQualityTally()
        for _ in 0..<pairs {
            let a = Coordinate(latitude: 60.164 + next() * 0.015, longitude: 24.935 + next() * 0.018)
            let b = Coordinate(latitude: 60.164 + next() * 0.015, longitude: 24.935 + next() * 0.018)
            let mine = (try? ours.routes(from: a, to: b, mode: mode, alternatives: true)) ?? []
            var theirs: [Route] = []
            do {
                theirs = try await reference.calculate(DirectionsRequest(
                    source: MapItem(placemark: Placemark(coordinate: a)), destination: MapItem(placemark: Placemark(coordinate: b)),
                    transportType: mode, requestsAlternateRoutes: true))
            } catch DirectionsError.noRoute {
            } catch DirectionsError.invalidRequest {
            }
            tally.add(from: a, to: b, ours: mine, reference: theirs)
        }
        return tally
    }

    private func assertCommonGoals(_ t: RouteQualityTally, _ mode: TransportType) {
        // (OSRM finds no route from some one-way stubs at the extract's edge that RouteIt snaps off.)
        XCTAssertGreaterThanOrEqual(t.both, t.pairs / 2, "\(mode): too few trips both engines route")
        XCTAssertLessThanOrEqual(t.onlyReferenceShare, 0.01, "\(mode): trips only OSRM routes, e.g. \(t.onlyReferenceExamples.prefix(3))")
        XCTAssertGreaterThanOrEqual(t.samePath, t.both / 3, "\(mode): same-path trips")
        if let recall = t.forkRecall, t.referenceForks >= 5 {
            XCTAssertGreaterThanOrEqual(recall, 0.8, "\(mode): OSRM's forks we announce too (\(t.forksMatched) of \(t.referenceForks))")
        }
        if let slowdown = t.ourAlternatives.medianSlowdown {
            XCTAssertLessThanOrEqual(slowdown, 0.08, "\(mode): median alternative slowdown")
        }
        XCTAssertEqual(t.ourCounts.roundabouts == 0, mode == .walk || t.referenceCounts.roundabouts == 0,
                       "\(mode): roundabout steps for drivers only")
    }

    func testCarAnswersAgreeWithOSRM() async throws {
        let t = try await tally(.car, pairs: 80, seed: 0xC0FFEE)
        assertCommonGoals(t, .car)
    }

    func testWalkingAnswersAgreeWithOSRM() async throws {
        let t = try await tally(.walk, pairs: 80, seed: 0xF00D)
        assertCommonGoals(t, .walk)
        XCTAssertLessThanOrEqual(t.ourCounts.uTurns, t.referenceCounts.uTurns, "walking U-turn steps")
        XCTAssertEqual(t.ourCounts.roundabouts, 0)
    }
}
