/// A hierarchy's uncontracted core copied out as a small graph of its own, for searches that
/// cover most of it (a table searches it once per target). Core nodes are numbered 0..<count
/// by rank (rank less the core's first rank), and one direction's arcs lie in one array, with
/// the arcs of avoided classes and all but the cheapest of parallel arcs left out. Its costs
/// then fit in a few cache-sized arrays, where a search over the map's own lists reads 16-byte
/// labels scattered over every node of the map and checks each arc's classes on every visit.
struct CoreGraph {
    struct Arc {
        /// The core index the arc leads to (against the arc's direction in a backward graph).
        var to: Int32
        var weight: UInt32
    }

    let count: Int
    /// Per core index, its node in the hierarchy.
    let node: [Int32]
    /// Core index u's arcs are `arcs[start[u]..<start[u + 1]]`.
    let start: [Int32]
    let arcs: [Arc]
    /// Per arc, its entry in the hierarchy's list at `node[u]` (to unpack it).
    let entry: [Int32]

    /// nil without a core. `forward`: the `fwd` lists (arcs out of each node), else `bwd`.
    init?(_ ch: ContractionHierarchy, forward: Bool, avoid: UInt8) {
        let first = Int(min(ch.coreRank, Int32(ch.nodeCount)))
        let count = ch.nodeCount - first
        guard count > 0 else { return nil }
        var node = [Int32](repeating: -1, count: count)
        // The layout stores the top of the hierarchy first (`HierarchyLayout`), so the scan
        // stops once it has met every core node: a small table then reads a few pages of the
        // ranks, not all of them.
        var found = 0
        for u in 0..<ch.nodeCount where found < count {
            let r = Int(ch.rank[u]) - first
            if r >= 0 && r < count && node[r] < 0 { node[r] = Int32(u); found += 1 }
        }
        let (list, listStart, masks) = forward ? (ch.fwd, ch.fwdStart, ch.fwdMask) : (ch.bwd, ch.bwdStart, ch.bwdMask)
        var start = [Int32](repeating: 0, count: count + 1)
        // As many as the core's lists hold at most: the arrays never grow, so their pages are
        // written once (a grown array is copied, and a cold process faults in both copies).
        var listed = 0
        for u in 0..<count where node[u] >= 0 { listed += ModeRouter.range(listStart, Int(node[u])).count }
        // Where this node's arc to each core index went (valid while `owner` is this node).
        var owner = [Int32](repeating: -1, count: count), slot = [Int32](repeating: 0, count: count)
        var entry = [Int32](repeating: 0, count: listed)
        var made = 0
        // Written through pointers: the copy is a cold table's largest cost after the core search.
        let arcs = [Arc](unsafeUninitializedCapacity: listed) { arcs, initialized in
            entry.withUnsafeMutableBufferPointer { entry in
                owner.withUnsafeMutableBufferPointer { owner in
                    slot.withUnsafeMutableBufferPointer { slot in
                        for u in 0..<count {
                            start[u] = Int32(made)
                            guard node[u] >= 0 else { continue }
                            for i in ModeRouter.range(listStart, Int(node[u])) {
                                if avoid != 0 && masks[i] & avoid != 0 { continue }
                                let e = list[i]
                                guard e.target >= 0 && Int(e.target) < ch.nodeCount else { MapDamage.report(); continue }
                                let v = Int(ch.rank[Int(e.target)]) - first
                                // Core lists lead only into the core; a self-loop never shortens a path.
                                guard v >= 0 && v < count else { MapDamage.report(); continue }
                                if v == u { continue }
                                if owner[v] == Int32(u) {
                                    let k = Int(slot[v])
                                    if e.weight < arcs[k].weight { arcs[k].weight = e.weight; entry[k] = Int32(i) }
                                    continue
                                }
                                owner[v] = Int32(u)
                                slot[v] = Int32(made)
                                // `made` < `listed`: each entry of the lists makes one arc at most.
                                (arcs.baseAddress! + made).initialize(to: Arc(to: Int32(v), weight: e.weight))
                                entry[made] = Int32(i)
                                made += 1
                            }
                        }
                    }
                }
            }
            initialized = made
        }
        entry.removeLast(listed - made)
        start[count] = Int32(made)
        self.count = count
        self.node = node
        self.start = start
        self.arcs = arcs
        self.entry = entry
    }
}
