import XCTest
import RouteItCore
@testable import RouteItEngine

/// The hierarchy renumbered by `HierarchyLayout` answers exactly as before, keeps a query's
/// search space on fewer blocks of node ids, and is what an import stores.
final class HierarchyLayoutTests: XCTestCase {
    private func town(_ mode: TransportType) throws -> (ModeGraph, ContractionHierarchy, RoadNetwork) {
        let town = try FixtureNetwork(GridTown.make(size: 30, seed: 3))
        let net = town.net, g = town.graph(mode)
        var b = CHBuilder(g, arcMasks: g.arcMasks(net))
        if mode == .walk { b.coreLimit = 12 * 12 }
        return (g, b.build(), net)
    }

    /// Distinct blocks of 64 node ids the searches of 300 seeded queries settle, and their costs
    /// with the arcs of each unpacked path (mode-graph arc ids are not renumbered).
    private func run(_ g: ModeGraph, _ ch: ContractionHierarchy, nodes: [Int32]) -> (blocks: Int, answers: [String]) {
        let router = ModeRouter(graph: g, ch: ch)
        let ws = QueryWorkspace(nodeCount: g.nodeCount, edgeCount: g.arcCount)
        var rng = SeededRandom(seed: 11)
        var blocks = 0
        var answers: [String] = []
        for _ in 0..<300 {
            let s = nodes[Int.random(in: 0..<nodes.count, using: &rng)], t = nodes[Int.random(in: 0..<nodes.count, using: &rng)]
            let src = [SearchEndpoint(node: s, cost: 0, edgeDir: -1)], dst = [SearchEndpoint(node: t, cost: 0, edgeDir: -1)]
            let (cost, meet) = router.chQuery(ws, src, dst)
            var arcCost: UInt32 = 0
            if meet >= 0 { for a in router.path(through: meet, ws, src, dst).arcs { arcCost &+= g.arcWeight[Int(a)] } }
            answers.append("\(cost) \(arcCost)")
            blocks += Set((ws.forward.touched + ws.backward.touched).map { $0 / 64 }).count
        }
        return (blocks, answers)
    }

    func testLaidOutHierarchyAnswersTheSameOnFewerBlocks() throws {
        for mode in [TransportType.car, .walk] {
            let (g, ch, net) = try town(mode)
            let layout = HierarchyLayout(graph: g, ch: ch, net: net)
            XCTAssertEqual(Set(layout.newNode).count, g.nodeCount, "a permutation of the nodes")
            let g2 = layout.apply(to: g), ch2 = layout.apply(to: ch)
            let before = run(g, ch, nodes: Array(0..<Int32(g.nodeCount)))
            let after = run(g2, ch2, nodes: (0..<g.nodeCount).map { layout.newNode[$0] })
            XCTAssertEqual(before.answers, after.answers, "\(mode)")
            // Every arc keeps its weight and its avoidance mask, now under its node's new id.
            for (start, arcs, masks, start2, arcs2, masks2) in [(ch.fwdStart, ch.fwd, ch.fwdMask, ch2.fwdStart, ch2.fwd, ch2.fwdMask),
                                                                 (ch.bwdStart, ch.bwd, ch.bwdMask, ch2.bwdStart, ch2.bwd, ch2.bwdMask)] {
                for u in 0..<g.nodeCount {
                    let v = Int(layout.newNode[u])
                    let old = (Int(start[u])..<Int(start[u + 1])).map { "\(layout.newNode[Int(arcs[$0].target)]) \(arcs[$0].weight) \(masks[$0])" }
                    let new = (Int(start2[v])..<Int(start2[v + 1])).map { "\(arcs2[$0].target) \(arcs2[$0].weight) \(masks2[$0])" }
                    XCTAssertEqual(old, new)
                }
            }
            XCTAssertGreaterThan(before.answers.filter { !$0.hasPrefix("\(UInt32.max)") }.count, 200)
            XCTAssertLessThan(after.blocks, before.blocks * 9 / 10, "\(mode): \(after.blocks) vs \(before.blocks) blocks")
            // The top of the hierarchy comes first, band after band.
            let bands = HierarchyLayout.levels(ch2).map(HierarchyLayout.band)
            XCTAssertEqual(bands, bands.sorted(by: >))
            XCTAssertGreaterThan(bands[0], 2)
        }
    }

    func testAnImportStoresTheLaidOutHierarchy() throws {
        let d = try GridTown.make(size: 12, seed: 5).build()
        let engine = try d.loadedEngine()
        for mode in [TransportType.car, .walk] {
            let r = try engine.router(mode)
            // Laying out a laid-out hierarchy changes nothing.
            let layout = HierarchyLayout(graph: r.graph, ch: r.ch, net: engine.net)
            XCTAssertEqual(layout.newNode, (0..<Int32(r.graph.nodeCount)).map { $0 }, "\(mode)")
        }
        // Edges are in curve order.
        let curve = HilbertCurve(covering: engine.net.geometry)
        let keys = (0..<engine.net.edgeCount).map { e -> UInt64 in
            let pts = engine.net.points(of: e)
            return curve.position(of: pts[pts.startIndex + pts.count / 2])
        }
        XCTAssertEqual(keys, keys.sorted())
    }

    /// An imported map keeps where its walking hierarchy's core starts (Helsinki's walking graph
    /// is cut short into a core): below it every arc climbs, in it every arc stays in the core.
    func testAMapKeepsWhereItsCoreStarts() throws {
        let engine = try RoutingEngine(sections: MapSections(path: try RealMaps.path("Helsinki.osm.pbf")))
        let ch = try engine.router(.walk).ch
        XCTAssertLessThan(Int(ch.coreRank), ch.nodeCount, "the walking graph has a core")
        var downward = 0
        for u in 0..<ch.nodeCount {
            for (start, arcs) in [(ch.fwdStart, ch.fwd), (ch.bwdStart, ch.bwd)] {
                for i in Int(start[u])..<Int(start[u + 1]) {
                    let t = Int(arcs[i].target)
                    if ch.rank[u] < ch.coreRank {
                        XCTAssertGreaterThan(ch.rank[t], ch.rank[u])
                    } else {
                        XCTAssertGreaterThanOrEqual(ch.rank[t], ch.coreRank)
                        if ch.rank[t] < ch.rank[u] { downward += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(downward, 0, "core arcs are kept both ways")
        let landmarks = try XCTUnwrap(ch.landmarks, "the map keeps its core's landmarks")
        XCTAssertEqual(landmarks.from.count, (ch.nodeCount - Int(ch.coreRank)) * landmarks.count)
    }

    func testHilbertNeighboursAreOneStepApart() {
        // Consecutive positions on the curve are adjacent cells.
        var cells: [UInt64: (UInt32, UInt32)] = [:]
        for x in UInt32(0)..<64 { for y in UInt32(0)..<64 { cells[HilbertCurve.index(x: x << 10, y: y << 10) >> 20] = (x, y) } }
        XCTAssertEqual(cells.count, 64 * 64)
        for d in UInt64(1)..<UInt64(64 * 64) {
            let a = cells[d - 1]!, b = cells[d]!
            XCTAssertEqual(abs(Int(a.0) - Int(b.0)) + abs(Int(a.1) - Int(b.1)), 1, "step \(d)")
        }
    }
}
