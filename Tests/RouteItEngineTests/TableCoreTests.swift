import XCTest
import RouteItCore
@testable import RouteItEngine

/// A table's searches through a hierarchy's uncontracted core: the core's copy shared by two
/// threads is the one a single thread makes, and the cells (each target's core search stopping
/// as soon as no source's cell can change) are the plain Dijkstra's costs.
final class TableCoreTests: XCTestCase {
    private func router(_ mode: TransportType) throws -> ModeRouter {
        let g = try FixtureNetwork(GridTown.make(size: 14, seed: 21)).graph(mode)
        var b = CHBuilder(g)
        // Next to nothing contracted: most paths run through the core.
        b.coreLimit = 0
        let ch = b.build()
        XCTAssertGreaterThan(b.coreSize, 20, "a core to search")
        return ModeRouter(graph: g, ch: ch)
    }

    /// Per core node its arcs as (to, weight, entry), in order.
    private func arcs(_ core: CoreGraph) -> [[[Int64]]] {
        (0..<core.count).map { u in
            (Int(core.start[u])..<Int(core.end[u])).map { k in [Int64(core.arcs[k].to), Int64(core.arcs[k].weight), Int64(core.entry[k])] }
        }
    }

    func testTwoThreadsCopyTheCoreAsOneDoes() throws {
        let ch = try router(.car).ch
        let alone = try XCTUnwrap(CoreGraph(ch, forward: false, avoid: 0))
        // Chunks of three nodes: the two threads take turns on many of them.
        let copy = try XCTUnwrap(CoreGraphCopy(ch, forward: false, avoid: 0, chunk: 3))
        let other = BackgroundWork(name: "test core copy") { copy.work() }
        copy.work()
        try other.wait()
        let shared = copy.graph
        XCTAssertEqual(shared.node, alone.node)
        XCTAssertEqual(arcs(shared), arcs(alone))
        XCTAssertGreaterThan(arcs(alone).joined().count, alone.count, "the core has arcs")
    }

    /// Ten places of one to three endpoints each, costing up to two minutes (so a source
    /// reaches the core at several nodes and costs), the core copied in advance and searched
    /// on two threads: every cell is the plain bidirectional Dijkstra's cost.
    func testCellsThroughTheCoreAreDijkstrasCosts() throws {
        for mode in [TransportType.car, .walk] {
            let router = try router(mode)
            let n = Int32(router.graph.nodeCount)
            var rng = SeededRandom(seed: 9)
            let places: [[SearchEndpoint]] = (0..<10).map { i in
                (0..<(i % 3 + 1)).map { _ in
                    SearchEndpoint(node: .random(in: 0..<n, using: &rng), cost: .random(in: 0..<120_000, using: &rng), edgeDir: -1)
                }
            }
            let search = ManyToManySearch(router: router, avoid: 0, places: places.count, coreInAdvanceFrom: 1)
            let cells = search.cells(sources: places, targets: places)
            let ws = QueryWorkspace(nodeCount: router.graph.nodeCount, edgeCount: router.graph.arcCount)
            var routed = 0
            for (i, from) in places.enumerated() {
                for (j, to) in places.enumerated() {
                    let plain = router.referenceQuery(ws, from, to).cost
                    XCTAssertEqual(cells[i * places.count + j].cost, plain, "\(mode) \(i) → \(j)")
                    if plain != .max { routed += 1 }
                }
            }
            XCTAssertGreaterThan(routed, 50, "\(mode): most pairs have a path")
        }
    }
}
