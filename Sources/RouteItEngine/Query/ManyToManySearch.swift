/// Costs between many sources and many targets in one pass over the hierarchy, as OSRM's
/// `many_to_many_ch` does it: each target's upward search leaves its cost in a bucket at every
/// node it settles, then each source's upward search reads the buckets of the nodes it
/// settles; the cheapest sum at any node is the shortest path (its highest node is settled by
/// both). RouteIt's hierarchy keeps an uncontracted core, where upward searches stop: each
/// target also gets a plain Dijkstra inside the core (backward, from the core nodes its search
/// reached), so a source that reaches the core at node c adds c's cost to that target.
struct ManyToManySearch {
    let router: ModeRouter
    /// `RoadAvoidance` bits: arcs on roads of these classes are not taken.
    let avoid: UInt8

    /// One bucket entry: target `target` is `cost` away from `node` going up the hierarchy.
    private struct Bucket {
        var node: Int32
        var target: Int32
        var cost: UInt32
    }

    /// `costs[i * targets.count + j]`: the least weight from source i to target j (`UInt32.max`
    /// where no path joins them).
    func costs(sources: [[SearchEndpoint]], targets: [[SearchEndpoint]]) -> [UInt32] {
        let ch = router.ch
        let coreRank = Int(min(ch.coreRank, Int32(ch.nodeCount)))
        let coreCount = ch.nodeCount - coreRank
        let space = SearchSpace(nodeCount: ch.nodeCount)
        var buckets: [Bucket] = []
        // Per target, its cost from every core node (row j); empty without a core.
        var fromCore = [UInt32](repeating: .max, count: coreCount > 0 ? targets.count * coreCount : 0)
        var entries: [Int32] = []
        for (j, endpoints) in targets.enumerated() {
            entries.removeAll(keepingCapacity: true)
            upward(space, endpoints, forward: false, coreRank: coreRank) { node, cost in
                buckets.append(Bucket(node: node, target: Int32(j), cost: cost))
            } atCore: { entries.append($0) }
            guard coreCount > 0, !entries.isEmpty else { continue }
            coreDijkstra(space, from: entries, forward: false) { node, cost in
                fromCore[j * coreCount + Int(ch.rank[Int(node)]) - coreRank] = cost
            }
        }
        buckets.sort { ($0.node, $0.cost) < ($1.node, $1.cost) }
        let bucketNodes = buckets.map(\.node)

        var costs = [UInt32](repeating: .max, count: sources.count * targets.count)
        for (i, endpoints) in sources.enumerated() {
            let row = i * targets.count
            upward(space, endpoints, forward: true, coreRank: coreRank) { node, cost in
                var k = Self.firstIndex(of: node, in: bucketNodes)
                while k < buckets.count && buckets[k].node == node {
                    let entry = buckets[k]
                    if let total = ModeRouter.sum(cost, entry.cost), total < costs[row + Int(entry.target)] {
                        costs[row + Int(entry.target)] = total
                    }
                    k += 1
                }
            } atCore: { node in
                let cost = space.distance(node), c = Int(ch.rank[Int(node)]) - coreRank
                for j in 0..<targets.count {
                    let rest = fromCore[j * coreCount + c]
                    if rest != .max, let total = ModeRouter.sum(cost, rest), total < costs[row + j] { costs[row + j] = total }
                }
            }
        }
        return costs
    }

    /// An upward search from `endpoints` (forward: along `fwd` arcs; else along `bwd`), to the
    /// end of the hierarchy below the core: `settled` for every node it settles below the core,
    /// `atCore` for every core node it reaches (not searched on).
    private func upward(_ space: SearchSpace, _ endpoints: [SearchEndpoint], forward: Bool, coreRank: Int,
                        settled: (Int32, UInt32) -> Void, atCore: (Int32) -> Void) {
        space.reset()
        for e in endpoints where e.cost < space.distance(e.node) { space.update(e.node, e.cost, parent: -1, arc: -1) }
        let rank = router.ch.rank
        while !space.heap.isEmpty {
            let (d, u) = space.heap.pop()
            if d > space.distance(u) { continue }
            if Int(rank[Int(u)]) >= coreRank {
                atCore(u)
                continue
            }
            settled(u, d)
            router.climb(from: u, at: d, space, forward: forward, avoid: avoid)
        }
    }

    /// Dijkstra inside the core from `starts` at their costs in `space` (forward along `fwd`
    /// arcs, else `bwd`): `settled` for every core node, with its cost.
    private func coreDijkstra(_ space: SearchSpace, from starts: [Int32], forward: Bool, settled: (Int32, UInt32) -> Void) {
        let ch = router.ch
        let (arcs, start, masks) = forward ? (ch.fwd, ch.fwdStart, ch.fwdMask) : (ch.bwd, ch.bwdStart, ch.bwdMask)
        space.heap.removeAll()
        for u in starts { space.heap.push(space.distance(u), u) }
        while !space.heap.isEmpty {
            let (d, u) = space.heap.pop()
            if d > space.distance(u) { continue }
            settled(u, d)
            for i in ModeRouter.range(start, Int(u)) {
                if avoid != 0 && masks[i] & avoid != 0 { continue }
                let e = arcs[i]
                if let nd = ModeRouter.sum(d, e.weight), nd < space.distance(e.target) {
                    space.update(e.target, nd, parent: u, arc: -1)
                }
            }
        }
    }

    /// The first index whose node is not below `node` in the sorted nodes.
    private static func firstIndex(of node: Int32, in nodes: [Int32]) -> Int {
        var low = 0, high = nodes.count
        while low < high {
            let middle = (low + high) / 2
            if nodes[middle] < node { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
