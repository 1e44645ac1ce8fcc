/// A trip that starts or ends on a road it avoids (a place on a motorway, on a toll road)
/// still gets a route, which OSRM does not give (osrm-backend#5433): the search may drive the
/// avoided roads from the place to the nearest ways off them, and no further. A plain
/// Dijkstra along avoided arcs only finds those ways ("exits": nodes with an allowed arc),
/// stopping a little past the nearest one (or, when those lead nowhere, much further); every node it settles becomes a search endpoint
/// with its cost and the arcs that lead there.
enum AvoidedStretch {
    /// How far past the nearest exit other exits are still offered: up to its own cost again,
    /// at most this much (a two-way road's other direction may lead somewhere better).
    static let slackMs: UInt64 = 30_000
    static let maxSettled = 20_000

    /// `endpoints` (sources when `forward`, else targets) of a place that lies on avoided roads
    /// only (not at a junction with an allowed one), extended along them. `wide`: every exit within `maxSettled`, for when
    /// the nearest ones lead nowhere (a rest area that only goes back onto the motorway).
    static func extend(_ endpoints: [SearchEndpoint], forward: Bool, router: ModeRouter, avoid: UInt8,
                       wide: Bool = false) -> [SearchEndpoint] {
        guard avoid != 0, !endpoints.isEmpty else { return endpoints }
        let graph = router.graph, edgeAvoid = router.edgeAvoid
        func avoided(_ a: Int) -> Bool {
            let e = Int(graph.arcEdgeDir[a]) >> 1
            return e < edgeAvoid.count && edgeAvoid[e] & avoid != 0
        }
        let adj = router.referenceAdjacency()
        let (start, arcs) = forward ? (adj.outStart, adj.outArcs) : (adj.inStart, adj.inArcs)
        func arcsAt(_ u: Int32) -> ArraySlice<Int32> {
            let i = Int(u)
            guard i >= 0, i + 1 < start.count else { return [] }
            return arcs[Int(start[i])..<Int(start[i + 1])]
        }
        struct Reached { var cost: UInt64; var parent: Int32; var arc: Int32; var root: Int }
        var reached: [Int32: Reached] = [:]
        var heap = MinHeap()
        for (i, e) in endpoints.enumerated() where reached[e.node].map({ UInt64(e.cost) < $0.cost }) ?? true {
            reached[e.node] = Reached(cost: UInt64(e.cost), parent: -1, arc: -1, root: i)
            heap.push(e.cost, e.node)
        }
        var settled: [Int32] = []
        var nearestExit: UInt64?
        while !heap.isEmpty && settled.count < maxSettled {
            let (key, u) = heap.pop()
            guard let here = reached[u], UInt64(key) == here.cost else { continue }
            if !wide, let exit = nearestExit, here.cost > exit + min(exit, slackMs) { break }
            settled.append(u)
            let out = arcsAt(u)
            // A way off (the search goes on from here); the avoided road may go on to others.
            if nearestExit == nil && out.contains(where: { !avoided(Int($0)) }) { nearestExit = here.cost }
            for a in out where avoided(Int(a)) {
                let next = forward ? graph.arcTo(Int(a)) : graph.arcFrom(Int(a))
                let cost = here.cost + UInt64(graph.arcWeight[Int(a)])
                guard cost < UInt64(UInt32.max - 1) else { continue }
                if let old = reached[next], old.cost <= cost { continue }
                reached[next] = Reached(cost: cost, parent: u, arc: a, root: here.root)
                heap.push(UInt32(cost), next)
            }
        }
        var out = endpoints
        for u in settled {
            guard let here = reached[u], here.parent >= 0 else { continue }
            var chain: [Int32] = []
            var x = u
            while let r = reached[x], r.parent >= 0 { chain.append(r.arc); x = r.parent }
            let root = endpoints[here.root]
            // Path order: from the phantom to the node for sources, from the node on for targets.
            out.append(SearchEndpoint(node: u, cost: UInt32(here.cost), edgeDir: root.edgeDir,
                                      stretch: forward ? chain.reversed() : chain,
                                      phantomCost: root.stretch.isEmpty ? root.cost : root.phantomCost))
        }
        return out
    }
}
