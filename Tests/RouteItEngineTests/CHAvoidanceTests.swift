import XCTest
import RouteItCore
@testable import RouteItEngine

/// One hierarchy answers every set of avoided classes exactly: on a grid town whose roads get
/// random classes (seeded, so witnesses through avoided roads abound), the hierarchy skipping
/// the avoided arcs equals plain Dijkstra without them, for all 16 sets, with and without a core.
final class CHAvoidanceTests: XCTestCase {
    private func town(_ mode: TransportType) throws -> (ModeGraph, RoadNetwork) {
        var town = try FixtureNetwork(GridTown.make(size: 14, seed: 33))
        var rng = SeededRandom(seed: 8)
        town.net.edgeAvoid = Column((0..<town.net.edgeCount).map { _ in
            UInt8.random(in: 0...255, using: &rng) < 90 ? UInt8.random(in: 1...15, using: &rng) : 0
        })
        return (town.graph(mode), town.net)
    }

    private func assertExact(_ mode: TransportType, coreLimit: Int, landmarks: Bool = false) throws {
        let (g, net) = try town(mode)
        var b = CHBuilder(g, arcMasks: g.arcMasks(net))
        b.coreLimit = coreLimit
        var ch = b.build()
        if landmarks { ch.landmarks = try XCTUnwrap(CoreLandmarks.build(ch)) }
        var plainBuilder = CHBuilder(g)
        plainBuilder.coreLimit = coreLimit
        let plainShortcuts = plainBuilder.build().shortcutCount
        let router = ModeRouter(graph: g, ch: ch, edgeAvoid: net.edgeAvoid)
        let ws = QueryWorkspace(nodeCount: g.nodeCount, edgeCount: net.edgeCount)
        var rng = SeededRandom(seed: 12)
        var differ = 0, found = 0
        for i in 0..<640 {
            let avoid = UInt8(i % 16)
            let s = Int32.random(in: 0..<Int32(g.nodeCount), using: &rng)
            let t = Int32.random(in: 0..<Int32(g.nodeCount), using: &rng)
            let src = [SearchEndpoint(node: s, cost: 0, edgeDir: -1)], dst = [SearchEndpoint(node: t, cost: 0, edgeDir: -1)]
            let fast = router.chQuery(ws, src, dst, avoid: avoid)
            if fast.meet >= 0 {
                let path = router.path(through: fast.meet, ws, src, dst)
                for a in path.arcs {
                    XCTAssertEqual(net.edgeAvoid[Int(g.arcEdgeDir[Int(a)]) >> 1] & avoid, 0, "\(mode) avoid \(avoid): an avoided road")
                }
                found += 1
            }
            let slow = router.referenceQuery(ws, src, dst, avoid: avoid)
            XCTAssertEqual(fast.cost, slow.cost, "\(mode) avoid \(avoid): \(s) → \(t)")
            if avoid != 0 && slow.cost != router.referenceQuery(ws, src, dst).cost { differ += 1 }
        }
        XCTAssertGreaterThan(found, 200)
        XCTAssertGreaterThan(differ, 100, "avoiding changed many answers")
        XCTAssertGreaterThanOrEqual(ch.shortcutCount, plainShortcuts, "parallel shortcuts with other classes")
    }

    func testEverySetOfClassesIsExact() throws {
        try assertExact(.car, coreLimit: .max)
        try assertExact(.walk, coreLimit: .max)
    }

    func testEverySetOfClassesIsExactWithACore() throws {
        try assertExact(.car, coreLimit: 4)
        try assertExact(.walk, coreLimit: 4)
    }

    /// Landmark costs are taken with every arc, but skipping arcs only lengthens costs: the
    /// bounds still hold, and the aimed core search stays exact for every set of classes.
    func testEverySetOfClassesIsExactWithACoreAimedByLandmarks() throws {
        try assertExact(.car, coreLimit: 4, landmarks: true)
        try assertExact(.walk, coreLimit: 4, landmarks: true)
    }
}
