import XCTest
import RouteItCore
@testable import RouteItEngine

/// The network in curve order is the same network, with neighbouring junctions numbered close
/// together (their adjacency then lies on few pages).
final class SpatialOrderTests: XCTestCase {
    private func key(_ p: GeoPoint?) -> String { p.map { "\($0.lat),\($0.lon)" } ?? "-" }

    /// Each edge as its end points and length, in a comparable form.
    private func edges(_ net: RoadNetwork) -> [String] {
        (0..<net.edgeCount).map { e in
            let pts = net.points(of: e)
            return "\(key(pts.first)) \(key(pts.last)) \(net.edgeLength[e])"
        }.sorted()
    }

    private func medianGap(_ net: RoadNetwork) -> Int32 {
        let gaps = (0..<net.edgeCount).map { abs(net.edgeFrom[$0] - net.edgeTo[$0]) }.sorted()
        return gaps[gaps.count / 2]
    }

    func testJunctionsAreNumberedAlongTheCurve() throws {
        let net = try FixtureNetwork(GridTown.make(size: 30, seed: 3)).net
        let (ordered, newNode) = net.spatiallyOrdered()
        XCTAssertEqual(ordered.nodeCount, net.nodeCount)
        XCTAssertEqual(Set(newNode).count, net.nodeCount, "a renumbering, each junction once")
        XCTAssertEqual(edges(ordered), edges(net), "the same edges")
        // Each edge's ends are the junctions of the same points as before.
        var place: [Int32: String] = [:]
        for e in 0..<ordered.edgeCount {
            let pts = ordered.points(of: e)
            for (node, p) in [(ordered.edgeFrom[e], pts.first), (ordered.edgeTo[e], pts.last)] {
                XCTAssertEqual(place[node, default: key(p)], key(p))
                place[node] = key(p)
            }
        }
        // Scanned in edge order, junctions appear as 0, 1, 2, ...
        var next: Int32 = 0
        for e in 0..<ordered.edgeCount {
            for node in [ordered.edgeFrom[e], ordered.edgeTo[e]] where node >= next {
                XCTAssertEqual(node, next)
                next += 1
            }
        }
        XCTAssertLessThan(medianGap(ordered), medianGap(net), "an edge's two junctions are numbered closer")
    }
}
