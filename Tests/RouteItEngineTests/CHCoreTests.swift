import XCTest
import RouteItCore
@testable import RouteItEngine

/// The hierarchy built straight from a mode graph, including one cut short into an
/// uncontracted core, must answer node-to-node queries exactly like plain Dijkstra.
final class CHCoreTests: XCTestCase {
    private func graph(_ mode: TransportType) throws -> (ModeGraph, RoadNetwork) {
        let town = try FixtureNetwork(GridTown.make(size: 14, seed: 21))
        return (town.graph(mode), town.net)
    }

    private func assertMatches(_ g: ModeGraph, coreLimit: Int, expectCore: Bool, landmarks: Bool = false) {
        var b = CHBuilder(g)
        b.coreLimit = coreLimit
        var ch = b.build()
        if landmarks { ch.landmarks = CoreLandmarks.build(ch) }
        XCTAssertEqual(ch.landmarks != nil, landmarks && expectCore)
        XCTAssertEqual(b.coreSize > 0, expectCore, "core of \(b.coreSize) nodes")
        let router = ModeRouter(graph: g, ch: ch)
        let ws = QueryWorkspace(nodeCount: g.nodeCount, edgeCount: g.arcCount)
        var rng = SeededRandom(seed: 5)
        var found = 0
        for _ in 0..<400 {
            let s = Int32.random(in: 0..<Int32(g.nodeCount), using: &rng)
            let t = Int32.random(in: 0..<Int32(g.nodeCount), using: &rng)
            let src = [SearchEndpoint(node: s, cost: 0, edgeDir: -1)], dst = [SearchEndpoint(node: t, cost: 0, edgeDir: -1)]
            let fast = router.chQuery(ws, src, dst)
            let fastPath = fast.meet >= 0 ? router.path(through: fast.meet, ws, src, dst) : nil
            let slow = router.referenceQuery(ws, src, dst)
            XCTAssertEqual(fast.cost, slow.cost, "\(s) → \(t)")
            if let fastPath {
                // The unpacked arcs form a connected walk from s to t whose weights add up.
                XCTAssertEqual(fastPath.arcs.reduce(UInt32(0)) { $0 + g.arcWeight[Int($1)] }, fast.cost)
                if let first = fastPath.arcs.first, let last = fastPath.arcs.last {
                    XCTAssertEqual(g.arcFrom(Int(first)), s)
                    XCTAssertEqual(g.arcTo(Int(last)), t)
                }
                for (a, b) in zip(fastPath.arcs, fastPath.arcs.dropFirst()) { XCTAssertEqual(g.arcTo(Int(a)), g.arcFrom(Int(b))) }
                found += 1
            }
        }
        XCTAssertGreaterThan(found, 200)
    }

    func testFullHierarchyMatchesDijkstra() throws {
        assertMatches(try graph(.car).0, coreLimit: .max, expectCore: false)
        assertMatches(try graph(.walk).0, coreLimit: .max, expectCore: false)
    }

    func testHierarchyWithCoreMatchesDijkstra() throws {
        assertMatches(try graph(.car).0, coreLimit: 4, expectCore: true)
        assertMatches(try graph(.walk).0, coreLimit: 4, expectCore: true)
    }

    func testCoreAimedByLandmarksMatchesDijkstra() throws {
        assertMatches(try graph(.car).0, coreLimit: 4, expectCore: true, landmarks: true)
        assertMatches(try graph(.walk).0, coreLimit: 4, expectCore: true, landmarks: true)
        assertMatches(try graph(.car).0, coreLimit: .max, expectCore: false, landmarks: true)
    }

    /// Landmarks aim the core search: the same costs on fewer labelled nodes than the plain
    /// core search, and each landmark's costs are exact core costs (zero at itself, and no
    /// arc between core nodes shortens them: the triangle inequality the bounds rest on).
    func testLandmarksAimTheCoreSearch() throws {
        for mode in [TransportType.car, .walk] {
            let g = try graph(mode).0
            var b = CHBuilder(g)
            b.coreLimit = 4
            let plain = b.build()
            var aimed = plain
            let landmarks = try XCTUnwrap(CoreLandmarks.build(plain))
            aimed.landmarks = landmarks
            let first = Int(plain.coreRank), coreSize = plain.nodeCount - first
            XCTAssertEqual(landmarks.count, min(CoreLandmarks.preferredCount, coreSize))
            for l in 0..<landmarks.count {
                XCTAssertEqual((0..<coreSize).filter { landmarks.from[$0 * landmarks.count + l] == 0 }.count, 1, "\(mode) landmark \(l)")
            }
            for u in 0..<plain.nodeCount where Int(plain.rank[u]) >= first {
                let i = Int(plain.rank[u]) - first
                for a in Int(plain.fwdStart[u])..<Int(plain.fwdStart[u + 1]) {
                    let j = Int(plain.rank[Int(plain.fwd[a].target)]) - first, w = UInt64(plain.fwd[a].weight)
                    for l in 0..<landmarks.count {
                        let fi = landmarks.from[i * landmarks.count + l], fj = landmarks.from[j * landmarks.count + l]
                        if fi != .max { XCTAssertLessThanOrEqual(UInt64(fj), UInt64(fi) + w) }
                        let ti = landmarks.to[i * landmarks.count + l], tj = landmarks.to[j * landmarks.count + l]
                        if tj != .max { XCTAssertLessThanOrEqual(UInt64(ti), UInt64(tj) + w) }
                    }
                }
            }
            let plainRouter = ModeRouter(graph: g, ch: plain), aimedRouter = ModeRouter(graph: g, ch: aimed)
            let ws = QueryWorkspace(nodeCount: g.nodeCount, edgeCount: g.arcCount)
            var rng = SeededRandom(seed: 17)
            var labelsPlain = 0, labelsAimed = 0
            for _ in 0..<300 {
                let s = Int32.random(in: 0..<Int32(g.nodeCount), using: &rng)
                let t = Int32.random(in: 0..<Int32(g.nodeCount), using: &rng)
                let src = [SearchEndpoint(node: s, cost: 0, edgeDir: -1)], dst = [SearchEndpoint(node: t, cost: 0, edgeDir: -1)]
                let one = plainRouter.chQuery(ws, src, dst).cost
                labelsPlain += ws.forward.touched.count + ws.backward.touched.count
                let two = aimedRouter.chQuery(ws, src, dst)
                labelsAimed += ws.forward.touched.count + ws.backward.touched.count
                XCTAssertEqual(two.cost, one, "\(mode) \(s) → \(t)")
                if two.meet >= 0 {
                    let path = aimedRouter.path(through: two.meet, ws, src, dst)
                    XCTAssertEqual(path.arcs.reduce(UInt64(0)) { $0 + UInt64(g.arcWeight[Int($1)]) }, UInt64(two.cost))
                }
            }
            XCTAssertLessThan(labelsAimed, labelsPlain, "\(mode)")
        }
    }

    /// With the core known, the core is searched from both ends at once and the search stops
    /// when the two frontiers' costs add up to the best route: the same costs as searching the
    /// core from each side up to the whole cost, on fewer labelled nodes.
    func testTheCoreIsSearchedFromBothEnds() throws {
        for mode in [TransportType.car, .walk] {
            let g = try graph(mode).0
            var b = CHBuilder(g)
            b.coreLimit = 4
            let ch = b.build()
            XCTAssertLessThan(Int(ch.coreRank), ch.nodeCount, "\(mode) has a core")
            XCTAssertEqual(ch.nodeCount - Int(ch.coreRank), b.coreSize)
            var unknownCore = ch
            unknownCore.coreRank = Int32(ch.nodeCount)
            let twoPhase = ModeRouter(graph: g, ch: ch), onePhase = ModeRouter(graph: g, ch: unknownCore)
            let ws = QueryWorkspace(nodeCount: g.nodeCount, edgeCount: g.arcCount)
            var rng = SeededRandom(seed: 9)
            var labelsTwo = 0, labelsOne = 0
            for _ in 0..<300 {
                let s = Int32.random(in: 0..<Int32(g.nodeCount), using: &rng)
                let t = Int32.random(in: 0..<Int32(g.nodeCount), using: &rng)
                let src = [SearchEndpoint(node: s, cost: 0, edgeDir: -1)], dst = [SearchEndpoint(node: t, cost: 0, edgeDir: -1)]
                let one = onePhase.chQuery(ws, src, dst).cost
                labelsOne += ws.forward.touched.count + ws.backward.touched.count
                let two = twoPhase.chQuery(ws, src, dst).cost
                labelsTwo += ws.forward.touched.count + ws.backward.touched.count
                XCTAssertEqual(two, one, "\(mode) \(s) → \(t)")
            }
            XCTAssertLessThan(labelsTwo, labelsOne, "\(mode)")
        }
    }

    /// The search for alternatives (with slack) takes the two phases too: the same best cost as
    /// the one-phase search on fewer labelled nodes, and every via node it offers (labelled by
    /// both sides within the slack) lies on a real path of exactly its two labels' cost.
    func testTheAlternativesSearchAlsoStopsAtTheCore() throws {
        let slack = RoutingEngine.alternativeStretch
        for mode in [TransportType.car, .walk] {
            let g = try graph(mode).0
            var b = CHBuilder(g)
            b.coreLimit = 4
            let ch = b.build()
            var unknownCore = ch
            unknownCore.coreRank = Int32(ch.nodeCount)
            let twoPhase = ModeRouter(graph: g, ch: ch), onePhase = ModeRouter(graph: g, ch: unknownCore)
            let ws = QueryWorkspace(nodeCount: g.nodeCount, edgeCount: g.arcCount)
            var rng = SeededRandom(seed: 11)
            var labelsTwo = 0, labelsOne = 0, vias = 0
            for _ in 0..<200 {
                let s = Int32.random(in: 0..<Int32(g.nodeCount), using: &rng)
                let t = Int32.random(in: 0..<Int32(g.nodeCount), using: &rng)
                let src = [SearchEndpoint(node: s, cost: 0, edgeDir: -1)], dst = [SearchEndpoint(node: t, cost: 0, edgeDir: -1)]
                let one = onePhase.chQuery(ws, src, dst, slack: slack).cost
                labelsOne += ws.forward.touched.count + ws.backward.touched.count
                let two = twoPhase.chQuery(ws, src, dst, slack: slack).cost
                labelsTwo += ws.forward.touched.count + ws.backward.touched.count
                XCTAssertEqual(two, one, "\(mode) \(s) → \(t)")
                guard two != .max else { continue }
                let limit = UInt64(ModeRouter.limit(two, slack: slack))
                for v in ws.forward.touched {
                    let fd = ws.forward.distance(v), bd = ws.backward.distance(v)
                    guard bd != .max, UInt64(fd) + UInt64(bd) <= limit else { continue }
                    let path = twoPhase.path(through: v, ws, src, dst)
                    XCTAssertEqual(path.arcs.reduce(UInt64(0)) { $0 + UInt64(g.arcWeight[Int($1)]) }, UInt64(fd) + UInt64(bd))
                    vias += 1
                }
            }
            XCTAssertLessThan(labelsTwo, labelsOne, "\(mode)")
            XCTAssertGreaterThan(vias, 200, "\(mode): via nodes offered")
        }
    }

    func testRestrictedViaNodesGetCopies() throws {
        let (car, net) = try graph(.car)
        let (walk, _) = try graph(.walk)
        XCTAssertGreaterThan(car.nodeCount, net.nodeCount, "restricted junctions are split for cars")
        XCTAssertEqual(walk.nodeCount, net.nodeCount, "walking ignores turn restrictions")
    }
}
