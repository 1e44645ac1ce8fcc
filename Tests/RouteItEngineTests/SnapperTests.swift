import XCTest
import RouteItCore
@testable import RouteItEngine

/// Snapping stops searching the grid as soon as no unvisited cell can hold a nearer road: it
/// must still find what looking at every edge finds, for points anywhere in a town spanning
/// many cells, with and without a heading.
final class SnapperTests: XCTestCase {
    func testTheGridSearchFindsWhatLookingAtEveryEdgeFinds() throws {
        let town = try FixtureNetwork(GridTown.make(size: 12, seed: 3))
        let net = town.net, grid = EdgeGrid.build(net)
        let stamps = ScratchArray<UInt32>(count: net.edgeCount)
        var rng = SeededRandom(seed: 11)
        var stamp: UInt32 = 0
        for _ in 0..<300 {
            let point = RoadFixture.coordinate(Double.random(in: -100...1_400, using: &rng), Double.random(in: -100...1_400, using: &rng))
            let heading = Bool.random(using: &rng) ? HeadingFilter(value: Double.random(in: 0..<360, using: &rng), range: 30) : nil
            stamp += 1
            let found = Snapper.snap(point, mode: .car, net: net, grid: grid, edgeStamp: stamps, stamp: stamp, heading: heading)
            let expected = nearestByBruteForce(point, net, heading)
            XCTAssertEqual(found?.offset ?? -1, expected ?? -1, accuracy: 1e-6, "\(point) \(String(describing: heading))")
        }
    }

    /// Metres to the nearest segment a car may start on (within the heading), every edge looked at.
    private func nearestByBruteForce(_ c: Coordinate, _ net: RoadNetwork, _ heading: HeadingFilter?) -> Double? {
        let proj = LocalProjection(c.latitude, c.longitude)
        var best: Double?
        for e in 0..<net.edgeCount where net.isEndpoint(e, .car) {
            let pts = Array(net.points(of: e))
            for i in pts.indices.dropFirst() {
                let a = proj.xy(pts[i - 1]), b = proj.xy(pts[i])
                let dx = b.0 - a.0, dy = b.1 - a.1
                if let heading, !heading.accepts(dx: dx, dy: dy, forward: net.allows(e, forward: true, .car),
                                                 backward: net.allows(e, forward: false, .car)) { continue }
                let length2 = dx * dx + dy * dy
                let t = length2 > 0 ? min(1, max(0, -(a.0 * dx + a.1 * dy) / length2)) : 0
                let d = hypot(a.0 + t * dx, a.1 + t * dy)
                if d <= Snapper.maxDistance, d < (best ?? .infinity) { best = d }
            }
        }
        return best
    }
}
