/// Costs between many sources and many targets in one pass over the hierarchy, as OSRM's
/// `many_to_many_ch` does it: each target's upward search leaves its cost in a bucket at every
/// node it settles, then each source's upward search reads the buckets of the nodes it
/// settles; the cheapest sum at any node is the shortest path (its highest node is settled by
/// both). RouteIt's hierarchy keeps an uncontracted core, where upward searches stop: each
/// target also gets a plain Dijkstra inside the core (backward, from the core nodes its search
/// reached), so a source that reaches the core at node c adds c's cost to that target.
///
/// Costs are weights. A weight may hold charges that are not time (a car entering a road
/// closed to through traffic: `charge` each); each cell also counts the charges of its path,
/// read from the hierarchy arcs its searches took (each unpacked once), so that the caller can
/// take them out of the time, as OSRM keeps a duration beside each weight.
final class ManyToManySearch {
    let router: ModeRouter
    /// `RoadAvoidance` bits: arcs on roads of these classes are not taken.
    let avoid: UInt8
    /// The weight-only charge of one arc (0: none counted).
    let charge: UInt32
    /// Whether entering edge direction `k` by a mode-graph arc of `weight` pays the charge.
    private let isCharged: (_ weight: UInt32, _ k: Int) -> Bool
    /// Charges per hierarchy entry (`forward`: of a `fwd` list), unpacked at most once.
    private var entryCharges: [Int64: UInt8] = [:]

    init(router: ModeRouter, avoid: UInt8, charge: UInt32 = 0, isCharged: @escaping (UInt32, Int) -> Bool = { _, _ in false }) {
        self.router = router
        self.avoid = avoid
        self.charge = charge
        self.isCharged = isCharged
    }

    /// A cell: the least weight (`UInt32.max` where no path joins them) and its charges.
    struct Cell {
        var cost: UInt32 = .max
        var charges: UInt8 = 0
    }

    /// One bucket entry: target `target` is `cost` (with `charges`) away from `node` going up.
    private struct Bucket {
        var node: Int32
        var target: Int32
        var cost: UInt32
        var charges: UInt8
    }

    /// `cells[i * targets.count + j]` from source i to target j. `targetCharges[j][k]`: the
    /// charges in target j's endpoint k's own cost (the turn into the place's road).
    func cells(sources: [[SearchEndpoint]], targets: [[SearchEndpoint]], targetCharges: [[UInt8]] = []) -> [Cell] {
        let ch = router.ch
        let coreRank = Int(min(ch.coreRank, Int32(ch.nodeCount)))
        let coreCount = ch.nodeCount - coreRank
        let space = SearchSpace(nodeCount: ch.nodeCount)
        var buckets: [Bucket] = []
        // Per target, its cell from every core node (row j); empty without a core.
        var fromCore = [Cell](repeating: Cell(), count: coreCount > 0 ? targets.count * coreCount : 0)
        var entries: [Int32] = []
        var labels = LabelCharges()
        for (j, endpoints) in targets.enumerated() {
            entries.removeAll(keepingCapacity: true)
            labels.reset(seeds: endpoints, charges: j < targetCharges.count ? targetCharges[j] : [])
            upward(space, endpoints, forward: false, coreRank: coreRank) { node, cost in
                buckets.append(Bucket(node: node, target: Int32(j), cost: cost, charges: charges(of: node, cost, space, &labels, forward: false)))
            } atCore: { node in
                _ = charges(of: node, space.distance(node), space, &labels, forward: false)
                entries.append(node)
            }
            guard coreCount > 0, !entries.isEmpty else { continue }
            coreDijkstra(space, from: entries, forward: false) { node, cost in
                fromCore[j * coreCount + Int(ch.rank[Int(node)]) - coreRank] =
                    Cell(cost: cost, charges: charges(of: node, cost, space, &labels, forward: false))
            }
        }
        buckets.sort { ($0.node, $0.cost) < ($1.node, $1.cost) }
        let bucketNodes = buckets.map(\.node)

        var cells = [Cell](repeating: Cell(), count: sources.count * targets.count)
        for (i, endpoints) in sources.enumerated() {
            let row = i * targets.count
            labels.reset(seeds: endpoints, charges: [])
            upward(space, endpoints, forward: true, coreRank: coreRank) { node, cost in
                var k = Self.firstIndex(of: node, in: bucketNodes)
                var own: UInt8?
                while k < buckets.count && buckets[k].node == node {
                    let entry = buckets[k]
                    if let total = ModeRouter.sum(cost, entry.cost), total < cells[row + Int(entry.target)].cost {
                        let mine = own ?? charges(of: node, cost, space, &labels, forward: true)
                        own = mine
                        cells[row + Int(entry.target)] = Cell(cost: total, charges: mine &+ entry.charges)
                    }
                    k += 1
                }
            } atCore: { node in
                let cost = space.distance(node), c = Int(ch.rank[Int(node)]) - coreRank
                let mine = charges(of: node, cost, space, &labels, forward: true)
                for j in 0..<targets.count {
                    let rest = fromCore[j * coreCount + c]
                    if rest.cost != .max, let total = ModeRouter.sum(cost, rest.cost), total < cells[row + j].cost {
                        cells[row + j] = Cell(cost: total, charges: mine &+ rest.charges)
                    }
                }
            }
        }
        return cells
    }

    /// The charges along a search's label tree, per settled node (a root's from its endpoint).
    private struct LabelCharges {
        var byNode: [Int32: UInt8] = [:]
        var seeds: [SearchEndpoint] = []
        var seedCharges: [UInt8] = []

        mutating func reset(seeds: [SearchEndpoint], charges: [UInt8]) {
            byNode.removeAll(keepingCapacity: true)
            self.seeds = seeds
            seedCharges = charges
        }
    }

    /// The charges of `node`'s label (`cost`), from its parent's (worked out first when not
    /// known yet) and the arc between.
    private func charges(of node: Int32, _ cost: UInt32, _ space: SearchSpace, _ labels: inout LabelCharges,
                         forward: Bool) -> UInt8 {
        if charge == 0 { return 0 }
        if let known = labels.byNode[node] { return known }
        let (parent, arc) = space.parent(node)
        let found: UInt8
        if parent < 0 {
            let seed = labels.seeds.firstIndex { $0.node == node && $0.cost == cost }
            found = seed.flatMap { $0 < labels.seedCharges.count ? labels.seedCharges[$0] : nil } ?? 0
        } else {
            let before = labels.byNode[parent] ?? charges(of: parent, space.distance(parent), space, &labels, forward: forward)
            found = before &+ chargesOf(entry: Int(-1 - arc), at: parent, forward: forward)
        }
        labels.byNode[node] = found
        return found
    }

    /// The charges of the mode-graph arcs a hierarchy entry stands for.
    private func chargesOf(entry i: Int, at parent: Int32, forward: Bool) -> UInt8 {
        let key = Int64(i) << 1 | (forward ? 1 : 0)
        if let known = entryCharges[key] { return known }
        var arcs: [Int32] = []
        router.ch.unpack(entry: i, at: parent, forward: forward, into: &arcs)
        let graph = router.graph
        var count: UInt8 = 0
        for a in arcs where Int(a) < graph.arcCount && isCharged(graph.arcWeight[Int(a)], Int(graph.arcEdgeDir[Int(a)])) {
            count &+= 1
        }
        entryCharges[key] = count
        return count
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
                    space.update(e.target, nd, parent: u, arc: ModeRouter.entryTag(i))
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
