import XCTest
import RouteItCore
@testable import RouteItEngine

/// The flat-earth shortcut must never disagree with the haversine it stands in for.
final class DistanceReachTests: XCTestCase {
    func testAgreesWithTheHaversineAroundItsDistanceAnywhereOnEarth() {
        var random = SeededRandom(seed: 20261203)
        var reached = 0
        for _ in 0..<50_000 {
            let origin = Coordinate(latitude: .random(in: -90...90, using: &random),
                                    longitude: .random(in: -180...180, using: &random))
            let metres = Double.random(in: 0.5...60, using: &random)
            // A point about `metres` away in a random direction, within a few per cent of it.
            let d = metres * .random(in: 0.97...1.03, using: &random), angle = Double.random(in: 0..<(2 * .pi), using: &random)
            let dLat = d * cos(angle) / 111_195
            let dLon = d * sin(angle) / (111_195 * max(1e-6, cos(origin.latitude * .pi / 180)))
            var p = Coordinate(latitude: min(90, max(-90, origin.latitude + dLat)), longitude: origin.longitude + dLon)
            if p.longitude > 180 { p.longitude -= 360 }
            if p.longitude < -180 { p.longitude += 360 }
            let exact = origin.distance(to: p) >= metres
            if exact { reached += 1 }
            XCTAssertEqual(DistanceReach(from: origin, metres: metres).isReached(by: p), exact, "\(origin) → \(p), \(metres) m")
        }
        XCTAssert((10_000...40_000).contains(reached), "the points straddle the distance: \(reached) of 50,000 reached")
    }

    func testPointsFarAwayOrAcrossTheAntimeridian() {
        let origin = Coordinate(latitude: 60.17, longitude: 179.9999)
        let across = Coordinate(latitude: 60.17, longitude: -179.9999)   // about 11 m east
        XCTAssertEqual(DistanceReach(from: origin, metres: 20).isReached(by: across), origin.distance(to: across) >= 20)
        XCTAssertFalse(DistanceReach(from: origin, metres: 20).isReached(by: across))
        let far = Coordinate(latitude: -33.9, longitude: 18.4)
        XCTAssertTrue(DistanceReach(from: origin, metres: 20).isReached(by: far))
    }
}
