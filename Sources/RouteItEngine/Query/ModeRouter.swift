import Foundation

/// Shortest paths for one mode: the contraction-hierarchy query (what users get) and a plain
/// bidirectional Dijkstra on the unreduced graph (the reference the tests hold it to).
/// Both take `avoid`, `RoadAvoidance` bits: arcs driving a road of those classes are skipped
/// (the roads a trip starts and ends on are not arcs of the search, so they may be any).
final class ModeRouter {
    let graph: ModeGraph
    let ch: ContractionHierarchy
    /// Per road edge its avoidable classes (`RoadNetwork.edgeAvoid`), for the reference search.
    let edgeAvoid: Column<UInt8>

    init(graph: ModeGraph, ch: ContractionHierarchy, edgeAvoid: Column<UInt8> = []) {
        self.graph = graph
        self.ch = ch
        self.edgeAvoid = edgeAvoid
    }

    static func partial(_ w: UInt32, _ fraction: Double) -> UInt32 {
        UInt32((Double(w) * min(1, max(0, fraction))).rounded())
    }

    /// Nodes reachable from the phantom (the ends of its edge directions), and at what cost.
    /// `backward` is the edge's weight against its direction when that differs (bicycles).
    func sources(_ p: PhantomNode, weight wf: UInt32, backward wb: UInt32? = nil) -> [SearchEndpoint] {
        var out: [SearchEndpoint] = []
        for forward in [true, false] {
            let w = forward ? wf : (wb ?? wf)
            let k = p.edge * 2 + (forward ? 0 : 1)
            let node = graph.edgeDirNode[k]
            guard node >= 0 else { continue }
            out.append(SearchEndpoint(node: node, cost: ModeRouter.partial(w, forward ? 1 - p.fraction : p.fraction),
                                      edgeDir: Int32(k)))
        }
        return out
    }

    /// Nodes the phantom is reachable from: the tail of every arc into its edge directions,
    /// at the arc's turn cost (its weight beyond the edge's own) plus the part of the edge driven.
    func targets(_ p: PhantomNode, weight wf: UInt32, backward wb: UInt32? = nil) -> [SearchEndpoint] {
        var out: [SearchEndpoint] = []
        for forward in [true, false] {
            let w = forward ? wf : (wb ?? wf)
            let cost = ModeRouter.partial(w, forward ? p.fraction : 1 - p.fraction)
            for a in graph.arcs(ofEdge: p.edge, forward: forward) {
                let turn = graph.arcWeight[a] &- w
                out.append(SearchEndpoint(node: graph.arcFrom(a), cost: cost &+ turn, edgeDir: Int32(p.edge * 2 + (forward ? 0 : 1))))
            }
        }
        return out
    }

    private func seed(_ ws: QueryWorkspace, _ sources: [SearchEndpoint], _ targets: [SearchEndpoint]) -> (UInt32, Int32) {
        ws.forward.reset()
        ws.backward.reset()
        for s in sources where s.cost < ws.forward.distance(s.node) { ws.forward.update(s.node, s.cost, parent: -1, arc: -1) }
        for t in targets where t.cost < ws.backward.distance(t.node) { ws.backward.update(t.node, t.cost, parent: -1, arc: -1) }
        var best = UInt32.max, meet: Int32 = -1
        for s in sources {
            let b = ws.backward.distance(s.node)
            if b != .max, let total = ModeRouter.sum(ws.forward.distance(s.node), b), total < best { best = total; meet = s.node }
        }
        return (best, meet)
    }

    /// CH query. With `slack` > 0 the searches go on until `best * (1 + slack)` so that every
    /// meeting node within it can serve as a via node for alternatives.
    func chQuery(_ ws: QueryWorkspace, _ sources: [SearchEndpoint], _ targets: [SearchEndpoint],
                 slack: Double = 0, avoid: UInt8 = 0) -> (cost: UInt32, meet: Int32) {
        let (best, meet) = seed(ws, sources, targets)
        return coreQuery(ws, best: best, meet: meet, slack: slack, avoid: avoid)
    }

    /// How far a search with `slack` goes once it has a route of cost `best`.
    @inline(__always) static func limit(_ best: UInt32, slack: Double) -> UInt32 {
        guard best != .max, slack > 0 else { return best }
        return UInt32(min(Double(UInt32.max - 1), Double(best) * (1 + slack)))
    }

    /// One upward step of a CH search settling `u` at cost `d`: stall on demand (a higher node
    /// reaching u more cheaply means u is not on a shortest up-path), else relax u's upward arcs.
    @inline(__always) func climb(from u: Int32, at d: UInt32, _ side: SearchSpace, forward: Bool, avoid: UInt8) {
        let (up, upStart, down, downStart) = forward ? (ch.fwd, ch.fwdStart, ch.bwd, ch.bwdStart) : (ch.bwd, ch.bwdStart, ch.fwd, ch.fwdStart)
        let (upMask, downMask) = forward ? (ch.fwdMask, ch.bwdMask) : (ch.bwdMask, ch.fwdMask)
        let ui = Int(u)
        for i in ModeRouter.range(downStart, ui) {
            if avoid != 0 && downMask[i] & avoid != 0 { continue }
            let e = down[i]
            let x = side.distance(e.target)
            if x != .max, let via = ModeRouter.sum(x, e.weight), via < d { return }
        }
        for i in ModeRouter.range(upStart, ui) {
            if avoid != 0 && upMask[i] & avoid != 0 { continue }
            let e = up[i]
            if let nd = ModeRouter.sum(d, e.weight), nd < side.distance(e.target) {
                side.update(e.target, nd, parent: u, arc: ModeRouter.entryTag(i))
            }
        }
    }

    /// The CH query on a hierarchy with an uncontracted core, in two phases. First the upward
    /// searches, which stop at core nodes instead of searching on through the core, each side
    /// until its queue reaches the best meeting cost. Then one bidirectional Dijkstra inside the
    /// core from the core nodes either side reached, at their costs. The core is a single graph
    /// searched forward and backward, so that search may stop as soon as its two queues' minima
    /// add up to the best cost (the upward phase may not: its two sides climb different graphs),
    /// and it needs no stalling (no higher node reaches a core node: Dijkstra order settles it).
    /// The one-phase query instead let each side search the core up to the whole best cost, and
    /// checked every core node's incoming arcs for stalling (as it still does on a map that does
    /// not say where its core starts: there no node counts as core, and phase 1 is the whole
    /// search). With `slack` (alternatives) both
    /// phases go on to `best * (1 + slack)`, so the nodes both sides reach within it can serve
    /// as via nodes, as in the one-phase search. Without slack, a core with landmarks is searched
    /// goal-directed (`goalDirectedCore`).
    private func coreQuery(_ ws: QueryWorkspace, best: UInt32, meet: Int32, slack: Double, avoid: UInt8) -> (cost: UInt32, meet: Int32) {
        var best = best, meet = meet
        var limit = ModeRouter.limit(best, slack: slack)
        let f = ws.forward, b = ws.backward
        let fwd = ch.fwd, bwd = ch.bwd, fwdStart = ch.fwdStart, bwdStart = ch.bwdStart
        let fwdMask = ch.fwdMask, bwdMask = ch.bwdMask
        let rank = ch.rank, coreRank = ch.coreRank
        var fEntries: [Int32] = [], bEntries: [Int32] = []
        while true {
            let fk = f.heap.minKey, bk = b.heap.minKey
            let fDone = fk == .max || fk >= limit, bDone = bk == .max || bk >= limit
            if fDone && bDone { break }
            let forwardTurn = !fDone && (bDone || fk <= bk)
            let (side, other) = forwardTurn ? (f, b) : (b, f)
            let (d, u) = side.heap.pop()
            if d > side.distance(u) { continue }
            let od = other.distance(u)
            if od != .max, let total = ModeRouter.sum(d, od), total < best {
                best = total; meet = u; limit = ModeRouter.limit(best, slack: slack)
            }
            if rank[Int(u)] >= coreRank {
                if forwardTurn { fEntries.append(u) } else { bEntries.append(u) }
                continue
            }
            climb(from: u, at: d, side, forward: forwardTurn, avoid: avoid)
        }
        if Int(coreRank) >= ch.nodeCount { return (best, meet) }
        // Only core nodes go on; what is left in the queues costs at least `limit`.
        f.heap.removeAll()
        b.heap.removeAll()
        if slack == 0, let landmarks = ch.landmarks {
            return goalDirectedCore(ws, sources: fEntries, targets: bEntries, best: best, meet: meet, landmarks: landmarks, avoid: avoid)
        }
        for u in fEntries { f.heap.push(f.distance(u), u) }
        for u in bEntries { b.heap.push(b.distance(u), u) }
        while true {
            let fk = f.heap.minKey, bk = b.heap.minKey
            // An exhausted side has settled, and met the other at, every core node it can reach.
            if fk == .max || bk == .max || UInt64(fk) + UInt64(bk) >= UInt64(limit) { break }
            let forwardTurn = fk <= bk
            let (side, other) = forwardTurn ? (f, b) : (b, f)
            let (arcs, start, masks) = forwardTurn ? (fwd, fwdStart, fwdMask) : (bwd, bwdStart, bwdMask)
            let (d, u) = side.heap.pop()
            let ui = Int(u)
            if d > side.distance(u) { continue }
            let od = other.distance(u)
            if od != .max, let total = ModeRouter.sum(d, od), total < best {
                best = total; meet = u; limit = ModeRouter.limit(best, slack: slack)
            }
            for i in ModeRouter.range(start, ui) {
                if avoid != 0 && masks[i] & avoid != 0 { continue }
                let e = arcs[i]
                guard let nd = ModeRouter.sum(d, e.weight), nd < side.distance(e.target) else { continue }
                side.update(e.target, nd, parent: u, arc: ModeRouter.entryTag(i))
                // Meetings are checked where a label improves too: the stopping rule needs it.
                let ot = other.distance(e.target)
                if ot != .max, let total = ModeRouter.sum(nd, ot), total < best {
                    best = total; meet = e.target; limit = ModeRouter.limit(best, slack: slack)
                }
            }
        }
        return (best, meet)
    }

    /// a + b, or nil past UInt32.max (a damaged map's weights must not wrap around).
    @inline(__always) static func sum(_ a: UInt32, _ b: UInt32) -> UInt32? {
        let (s, overflow) = a.addingReportingOverflow(b)
        return overflow || s == .max ? nil : s
    }

    /// The CSR range of node u (empty, damage reported, when the offsets are out of order).
    @inline(__always) static func range(_ start: Column<UInt32>, _ u: Int) -> Range<Int> {
        // The last offset is the arc count (checked when the map opens): no range runs past it.
        MapDamage.range(start[u], start[u + 1], count: Int(start[start.count - 1]))
    }

    // MARK: reference search

    private var reference: (outStart: [UInt32], outArcs: [Int32], inStart: [UInt32], inArcs: [Int32])?
    private let referenceLock = NSLock()

    /// The mode graph's arcs out of and into each node (CSR), built on first use.
    func referenceAdjacency() -> (outStart: [UInt32], outArcs: [Int32], inStart: [UInt32], inArcs: [Int32]) {
        referenceLock.lock()
        defer { referenceLock.unlock() }
        if let r = reference { return r }
        func csr(_ keys: Column<Int32>) -> ([UInt32], [Int32]) {
            var start = [UInt32](repeating: 0, count: graph.nodeCount + 1)
            for k in keys where k >= 0 && Int(k) < graph.nodeCount { start[Int(k) + 1] += 1 }
            for i in 0..<graph.nodeCount { start[i + 1] += start[i] }
            var fill = start
            var arcs = [Int32](repeating: 0, count: keys.count)
            for (a, k) in keys.enumerated() where k >= 0 && Int(k) < graph.nodeCount { arcs[Int(fill[Int(k)])] = Int32(a); fill[Int(k)] += 1 }
            return (start, arcs)
        }
        let (os, oa) = csr(Column((0..<graph.arcCount).map(graph.arcFrom)))
        let (ins, ia) = csr(Column((0..<graph.arcCount).map(graph.arcTo)))
        reference = (os, oa, ins, ia)
        return reference!
    }

    /// Plain bidirectional Dijkstra over every arc; stops when the two frontiers' keys add up to
    /// the best meeting cost. `banned`: turns not to take (`turnKey`), for restrictions with times.
    func referenceQuery(_ ws: QueryWorkspace, _ sources: [SearchEndpoint], _ targets: [SearchEndpoint],
                        avoid: UInt8 = 0, banned: Set<UInt64> = []) -> (cost: UInt32, meet: Int32) {
        let adj = referenceAdjacency()
        let edgeAvoid = self.edgeAvoid
        var (best, meet) = seed(ws, sources, targets)
        let f = ws.forward, b = ws.backward
        while true {
            let fk = f.heap.minKey, bk = b.heap.minKey
            // An exhausted side has settled everything it can reach: nothing better is left.
            if fk == .max || bk == .max { break }
            if UInt64(fk) + UInt64(bk) >= UInt64(best) { break }
            let forwardTurn = fk <= bk
            let (side, other) = forwardTurn ? (f, b) : (b, f)
            let (d, u) = side.heap.pop()
            if d > side.distance(u) { continue }
            let (start, arcs) = forwardTurn ? (adj.outStart, adj.outArcs) : (adj.inStart, adj.inArcs)
            for i in Int(start[Int(u)])..<Int(start[Int(u) + 1]) {
                let a = Int(arcs[i])
                if avoid != 0 {
                    let e = Int(graph.arcEdgeDir[a]) >> 1
                    if e < edgeAvoid.count && edgeAvoid[e] & avoid != 0 { continue }
                }
                if !banned.isEmpty && banned.contains(ModeRouter.turnKey(graph.arcFrom(a), graph.arcEdgeDir[a])) { continue }
                let v = forwardTurn ? graph.arcTo(a) : graph.arcFrom(a)
                if let nd = ModeRouter.sum(d, graph.arcWeight[a]), nd < side.distance(v) {
                    side.update(v, nd, parent: u, arc: Int32(a))
                }
                let od = other.distance(v), sd = side.distance(v)
                if od != .max, sd != .max, let total = ModeRouter.sum(sd, od), total < best { best = total; meet = v }
            }
        }
        return (best, meet)
    }

    /// A turn as the key of a ban: the graph node the car stands at, the edge direction it leaves by.
    @inline(__always) static func turnKey(_ node: Int32, _ next: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: node)) << 32 | UInt64(UInt32(bitPattern: next))
    }

    // MARK: paths

    /// A CH search records the entry of the hierarchy it took (its index, as -1 - index; the
    /// arc alone does not say which of a node's shortcuts it was), the reference search the
    /// mode-graph arc.
    @inline(__always) static func entryTag(_ i: Int) -> Int32 { -1 - Int32(truncatingIfNeeded: i) }

    private func unpack(_ step: (parent: Int32, arc: Int32), forward: Bool, into arcs: inout [Int32]) {
        if step.arc >= 0 {
            arcs.append(step.arc)
        } else {
            ch.unpack(entry: Int(-1 - step.arc), at: step.parent, forward: forward, into: &arcs)
        }
    }

    /// The path through `meet` found by the last query in `ws` (CH arcs get unpacked).
    func path(through meet: Int32, _ ws: QueryWorkspace, _ sources: [SearchEndpoint], _ targets: [SearchEndpoint]) -> SearchPath {
        let (fSteps, fRoot) = ws.forward.chain(to: meet)
        let (bStepsRootFirst, bRoot) = ws.backward.chain(to: meet)
        let fRootCost = ws.forward.distance(fRoot), bRootCost = ws.backward.distance(bRoot)
        let source = sources.first { $0.node == fRoot && $0.cost == fRootCost } ?? sources[0]
        let target = targets.first { $0.node == bRoot && $0.cost == bRootCost } ?? targets[0]
        var arcs: [Int32] = source.stretch
        for s in fSteps { unpack(s, forward: true, into: &arcs) }
        for s in bStepsRootFirst.reversed() { unpack(s, forward: false, into: &arcs) }
        arcs += target.stretch
        let cost = ws.forward.distance(meet) &+ ws.backward.distance(meet)
        return SearchPath(cost: cost, sourceEdgeDir: source.edgeDir, arcs: arcs, targetEdgeDir: target.edgeDir,
                          targetCost: target.stretch.isEmpty ? target.cost : target.phantomCost, direct: false)
    }
}
