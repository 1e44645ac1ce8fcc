/// Builds a contraction hierarchy: nodes are contracted in order of a priority mixing the edge
/// quotient (shortcuts added / arcs removed), the hop quotient and the node's level (which
/// grows with contracted neighbours, so the hierarchy stays shallow), refreshed lazily when a
/// node reaches the top of the queue. Witness searches are bounded Dijkstras. When only dense
/// nodes are left, they stay an uncontracted core that queries search like a plain graph.
///
/// Avoidable roads: every arc carries the classes (`RoadAvoidance` bits) of the roads it covers,
/// a shortcut the union of its two halves'. A witness may only drop a shortcut when its own
/// classes are a subset of the shortcut's (so wherever the shortcut is allowed, the witness is
/// too), and parallel arcs with different classes are kept. A query that skips every arc
/// touching the avoided classes is then exact for any set of them, on this one hierarchy.
struct CHBuilder {
    struct DynEdge { var node: Int32; var weight: UInt32; var id: Int32; var hops: UInt32; var mask: UInt8 }

    private let nodeCount: Int
    private let arcCount: Int
    private let outs: ArcLists
    private let ins: ArcLists
    private var level: [Int32]
    private var priority: [Float]
    private var contracted: [Bool]
    private var dirty: [Bool]
    private var shortcutCount = 0

    private let witness: WitnessSearch
    private var goals: [WitnessSearch.Goal] = []

    /// Settled-node limits: the priority estimate may be rough, real contraction less so.
    var simulateSettleLimit = 60
    var contractSettleLimit = 400
    var denseSimulationLimit = 36
    /// Contraction stops when the cheapest node left has more in×out neighbour pairs than this
    /// (uniform grids on foot): shortcuts would grow quadratically for little query gain.
    var coreLimit = 80 * 80
    private(set) var coreSize = 0

    /// `arcMasks`: per mode-graph arc its avoidable classes (empty: none anywhere).
    init(_ g: ModeGraph, arcMasks: [UInt8] = []) {
        nodeCount = g.nodeCount
        arcCount = g.arcCount
        outs = ArcLists(nodeCount: nodeCount)
        ins = ArcLists(nodeCount: nodeCount)
        level = Array(repeating: 0, count: nodeCount)
        priority = Array(repeating: 0, count: nodeCount)
        contracted = Array(repeating: false, count: nodeCount)
        dirty = Array(repeating: false, count: nodeCount)
        witness = WitnessSearch(nodeCount: nodeCount)
        for a in 0..<g.arcCount {
            let u = g.arcFrom(a), v = g.arcTo(a)
            if u == v { continue }
            insert(from: u, to: v, weight: g.arcWeight[a], id: Int32(a), hops: 1, mask: a < arcMasks.count ? arcMasks[a] : 0)
        }
    }

    /// Adds u→v unless a parallel arc at least as good, on a subset of its classes, exists;
    /// drops the parallel arcs it makes redundant (no better, on a superset of its classes).
    @discardableResult
    private mutating func insert(from u: Int32, to v: Int32, weight: UInt32, id: Int32, hops: UInt32, mask: UInt8) -> Bool {
        let ui = Int(u), vi = Int(v)
        var parallel = false
        for e in outs[ui] where e.node == v {
            if e.weight <= weight && e.mask & ~mask == 0 { return false }
            parallel = true
        }
        if parallel {
            let redundant = { (e: DynEdge, end: Int32) in e.node == end && e.weight >= weight && mask & ~e.mask == 0 }
            outs.removeAll(ui) { redundant($0, v) }
            ins.removeAll(vi) { redundant($0, u) }
        }
        outs.append(ui, DynEdge(node: v, weight: weight, id: id, hops: hops, mask: mask))
        ins.append(vi, DynEdge(node: u, weight: weight, id: id, hops: hops, mask: mask))
        return true
    }

    /// Searches witnesses from `source` to `goals`, around `avoid`.
    private mutating func witnessSearch(from source: Int32, avoid: Int32, maxSettled: Int, within: UInt8) {
        goals.withUnsafeBufferPointer { g in
            witness.run(outs, from: source, avoid: avoid, goals: g, maxSettled: maxSettled, within: within)
        }
    }

    /// Runs the contraction of `v`, adding the shortcuts unless `simulate`; returns the counts
    /// the priority needs.
    private mutating func contract(_ v: Int32, simulate: Bool) -> (added: Int, addedHops: Int) {
        let vi = Int(v)
        var added = 0, addedHops = 0
        // Neither list changes while `v` is contracted: shortcuts join its neighbours.
        let inList = ins[vi], outList = outs[vi]
        var masks: [UInt8] = []
        for inE in inList {
            // One witness search per class set a shortcut from here would have (almost always one).
            masks.removeAll(keepingCapacity: true)
            for outE in outList where outE.node != inE.node && !masks.contains(inE.mask | outE.mask) {
                masks.append(inE.mask | outE.mask)
            }
            for within in masks {
                var maxOut: UInt32 = 0
                goals.removeAll(keepingCapacity: true)
                for outE in outList where outE.node != inE.node && inE.mask | outE.mask == within {
                    maxOut = max(maxOut, outE.weight)
                    let cost = inE.weight &+ outE.weight
                    if let i = goals.firstIndex(where: { $0.node == outE.node }) {
                        goals[i].cost = max(goals[i].cost, cost)  // parallel arcs: the dearer
                        goals[i].cheapest = min(goals[i].cheapest, cost)
                    } else {
                        goals.append(WitnessSearch.Goal(node: outE.node, cost: cost, cheapest: cost))
                    }
                }
                if maxOut == 0 { continue }
                witnessSearch(from: inE.node, avoid: v, maxSettled: simulate ? simulateSettleLimit : contractSettleLimit,
                              within: within)
                for outE in outList where outE.node != inE.node && inE.mask | outE.mask == within {
                    let cost = inE.weight &+ outE.weight
                    if witness.distance(outE.node) <= cost { continue }
                    added += 1
                    addedHops += Int(inE.hops + outE.hops)
                    // A shortcut's id names the node it bypasses (see `ContractionHierarchy.unpack`).
                    if !simulate && insert(from: inE.node, to: outE.node, weight: cost, id: Int32(arcCount) + v,
                                           hops: inE.hops + outE.hops, mask: within) {
                        shortcutCount += 1
                    }
                }
            }
        }
        return (added, addedHops)
    }

    private mutating func computePriority(_ v: Int32) -> Float {
        let vi = Int(v)
        var added = 0, addedHops = 0
        if ins[vi].count * outs[vi].count > denseSimulationLimit {
            // Dense core node: witness searches would cost degree² and it is contracted late
            // anyway; assume every pair needs a shortcut.
            added = ins[vi].count * outs[vi].count - min(ins[vi].count, outs[vi].count)
            var hops = 0
            for e in ins[vi] { hops += Int(e.hops) }
            for e in outs[vi] { hops += Int(e.hops) }
            addedHops = hops * max(ins[vi].count, outs[vi].count) / 2
        } else {
            (added, addedHops) = contract(v, simulate: true)
        }
        let removed = ins[vi].count + outs[vi].count
        var removedHops = 0
        for e in ins[vi] { removedHops += Int(e.hops) }
        for e in outs[vi] { removedHops += Int(e.hops) }
        return Float(level[vi]) + Float(added) / Float(max(1, removed)) + Float(addedHops) / Float(max(1, removedHops))
    }

    /// Contracts every node.
    mutating func build() -> ContractionHierarchy { build(progress: { _ in }) }

    /// Contracts every node; `progress` gets 0...1 and may stop the work by throwing.
    mutating func build(progress: (Double) throws -> Void) rethrows -> ContractionHierarchy {
        var queue = MinHeap()
        for v in 0..<nodeCount {
            priority[v] = computePriority(Int32(v))
            queue.push(priority[v].bitPattern, Int32(v))
        }
        var rank = [Int32](repeating: 0, count: nodeCount)
        var fwdRange = [(UInt32, UInt32)](repeating: (0, 0), count: nodeCount)
        var bwdRange = [(UInt32, UInt32)](repeating: (0, 0), count: nodeCount)
        var upFwd: [CHEdge] = [], upBwd: [CHEdge] = []
        var upFwdMask: [UInt8] = [], upBwdMask: [UInt8] = []
        var order: Int32 = 0
        var coreRank = Int32(nodeCount)
        var neighbours: [Int32] = []
        while !queue.isEmpty {
            let (key, v) = queue.pop()
            let vi = Int(v)
            if contracted[vi] || key != priority[vi].bitPattern { continue }
            // Lazy update: a stale-low priority goes back in the queue.
            // A node whose neighbourhood has not changed since its priority was computed keeps it.
            let fresh = dirty[vi] ? computePriority(v) : priority[vi]
            dirty[vi] = false
            if fresh.bitPattern > queue.minKey {
                priority[vi] = fresh
                queue.push(fresh.bitPattern, v)
                continue
            }
            if ins[vi].count * outs[vi].count > coreLimit {
                // Even the cheapest node is dense: the rest stays an uncontracted core, searched
                // like a plain graph (every core arc is kept in both directions' lists).
                coreRank = order
                for x in 0..<nodeCount where !contracted[x] {
                    rank[x] = order
                    order += 1
                    fwdRange[x] = (UInt32(upFwd.count), UInt32(outs[x].count))
                    for e in outs[x] { upFwd.append(CHEdge(target: e.node, weight: e.weight, arc: e.id)); upFwdMask.append(e.mask) }
                    bwdRange[x] = (UInt32(upBwd.count), UInt32(ins[x].count))
                    for e in ins[x] { upBwd.append(CHEdge(target: e.node, weight: e.weight, arc: e.id)); upBwdMask.append(e.mask) }
                    contracted[x] = true
                    coreSize += 1
                }
                break
            }
            rank[vi] = order
            order += 1
            if order % 4096 == 0 { try progress(Double(order) / Double(max(1, nodeCount))) }

            fwdRange[vi] = (UInt32(upFwd.count), UInt32(outs[vi].count))
            for e in outs[vi] { upFwd.append(CHEdge(target: e.node, weight: e.weight, arc: e.id)); upFwdMask.append(e.mask) }
            bwdRange[vi] = (UInt32(upBwd.count), UInt32(ins[vi].count))
            for e in ins[vi] { upBwd.append(CHEdge(target: e.node, weight: e.weight, arc: e.id)); upBwdMask.append(e.mask) }

            _ = contract(v, simulate: false)
            contracted[vi] = true
            neighbours.removeAll(keepingCapacity: true)
            for e in outs[vi] {
                ins.removeAll(Int(e.node)) { $0.node == v }
                neighbours.append(e.node)
            }
            for e in ins[vi] {
                outs.removeAll(Int(e.node)) { $0.node == v }
                neighbours.append(e.node)
            }
            outs.clear(vi)
            ins.clear(vi)
            // Neighbours only get their level raised here; their priority is refreshed lazily
            // when they reach the top of the queue (re-simulating every neighbour costs
            // degree² witness searches per contraction in dense cores).
            for x in neighbours where !contracted[Int(x)] {
                let xi = Int(x)
                level[xi] = max(level[xi], level[vi] + 1)
                dirty[xi] = true
            }
        }

        func flatten(_ ranges: [(UInt32, UInt32)], _ edges: [CHEdge], _ masks: [UInt8]) -> ([UInt32], [CHEdge], [UInt8]) {
            var start = [UInt32](repeating: 0, count: nodeCount + 1)
            var flat: [CHEdge] = []
            var flatMasks: [UInt8] = []
            flat.reserveCapacity(edges.count)
            flatMasks.reserveCapacity(edges.count)
            for v in 0..<nodeCount {
                start[v] = UInt32(flat.count)
                let (s, c) = ranges[v]
                flat.append(contentsOf: edges[Int(s)..<Int(s + c)])
                flatMasks.append(contentsOf: masks[Int(s)..<Int(s + c)])
            }
            start[nodeCount] = UInt32(flat.count)
            return (start, flat, flatMasks)
        }
        let (fs, f, fm) = flatten(fwdRange, upFwd, upFwdMask)
        let (bs, b, bm) = flatten(bwdRange, upBwd, upBwdMask)
        try progress(1)
        return ContractionHierarchy(arcCount: arcCount, fwdStart: Column(fs), fwd: Column(f), bwdStart: Column(bs),
                                    bwd: Column(b), rank: Column(rank), fwdMask: Column(fm), bwdMask: Column(bm),
                                    coreRank: coreRank, shortcutCount: shortcutCount)
    }
}
