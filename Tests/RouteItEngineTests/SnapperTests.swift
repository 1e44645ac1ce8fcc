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

    /// OSRM reads the query point in whole micro-degrees: of two roads a few centimetres apart
    /// in distance, the one nearer the rounded point is taken (car/destination.feature:164),
    /// while the point on it is still the one nearest the point given.
    func testTheRoadIsChosenFromThePointInMicroDegrees() throws {
        let m = Geodesy.metresPerDegree
        var fixture = RoadFixture()
        // The point lies 0.4 µ° north of 60.17; the north road 0.8 µ° above it, the south road
        // 0.9 µ° below: nearer the north road as given, nearer the south one once rounded.
        fixture.node("nw", -50, 1.2e-6 * m); fixture.node("ne", 50, 1.2e-6 * m)
        fixture.node("sw", -50, -0.5e-6 * m); fixture.node("se", 50, -0.5e-6 * m)
        fixture.street(1, ["nw", "ne"], "North")
        fixture.street(2, ["sw", "se"], "South")
        let net = try FixtureNetwork(fixture).net, grid = EdgeGrid.build(net)
        let point = RoadFixture.coordinate(0, 0.4e-6 * m)
        let found = try XCTUnwrap(Snapper.snap(point, mode: .car, net: net, grid: grid,
                                               edgeStamp: ScratchArray<UInt32>(count: net.edgeCount), stamp: 1))
        XCTAssertLessThan(found.point.latitude, RoadFixture.origin.latitude, "the south road")
        XCTAssertEqual(found.offset, 0.9e-6 * m, accuracy: 0.02)
    }

    func testAtOnePlaceTheRoadEndingThereWinsOverOnePassingOverIt() throws {
        // A street ends at "a", 5 mm (within a map point's precision) from a bridge's span passing
        // over it unjoined (foot/intersection.feature): the street can be left there, the span
        // cannot. (Rounded to micro-degrees, the point lies on the span: rounding chose it.)
        var fixture = RoadFixture()
        fixture.node("a", 0.005, 0); fixture.node("c", 0.005, -8)
        fixture.node("s", 0, -30); fixture.node("n", 0, 30)
        fixture.street(1, ["a", "c"], "Ending")
        fixture.street(2, ["s", "n"], "Bridge")
        let net = try FixtureNetwork(fixture).net, grid = EdgeGrid.build(net)
        let found = try XCTUnwrap(Snapper.snap(RoadFixture.coordinate(0.004, 0), mode: .car, net: net, grid: grid,
                                               edgeStamp: ScratchArray<UInt32>(count: net.edgeCount), stamp: 1))
        XCTAssertEqual(net.name(of: found.edge), "Ending")
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
