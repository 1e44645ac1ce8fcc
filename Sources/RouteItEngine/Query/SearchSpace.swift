/// One direction of a Dijkstra: distances, parents and a heap, reset in O(1) per query with a
/// timestamp instead of clearing. The per-node entries live in one `ScratchArray`, so only the
/// pages a query touches become resident (a search settles a few thousand nodes of millions).
final class SearchSpace {
    private struct Entry {
        var stamp: UInt32
        var dist: UInt32
        var parentNode: Int32
        var parentArc: Int32
    }

    private let entries: ScratchArray<Entry>
    /// The current query's mark (1 from the start: the zeroed entries belong to no query).
    private var stamp = QueryStamp()
    var heap = MinHeap()
    /// Every node given a distance since the last reset.
    private(set) var touched: [Int32] = []

    init(nodeCount: Int) {
        entries = ScratchArray(count: nodeCount)
        stamp.advance(clearing: entries)
    }

    func reset() {
        stamp.advance(clearing: entries)
        heap.removeAll()
        touched.removeAll(keepingCapacity: true)
    }

    @inline(__always) func distance(_ v: Int32) -> UInt32 {
        let e = entries[Int(v)]
        return e.stamp == stamp.value ? e.dist : .max
    }

    /// Sets a better distance and queues the node.
    @inline(__always) func update(_ v: Int32, _ d: UInt32, parent: Int32, arc: Int32) {
        if label(v, d, parent: parent, arc: arc) { heap.push(d, v) }
    }

    /// Sets a better distance without queueing the node (for a search with its own queue);
    /// false when `v` is out of range (a damaged map).
    @inline(__always) func label(_ v: Int32, _ d: UInt32, parent: Int32, arc: Int32) -> Bool {
        let i = Int(v)
        guard i >= 0 && i < entries.count else { MapDamage.report(); return false }
        if entries[i].stamp != stamp.value { touched.append(v) }
        entries[i] = Entry(stamp: stamp.value, dist: d, parentNode: parent, parentArc: arc)
        return true
    }

    /// The node `v`'s label came from and the arc taken (-1, -1 for a root or a node without a label).
    @inline(__always) func parent(_ v: Int32) -> (node: Int32, arc: Int32) {
        let e = entries[Int(v)]
        return e.stamp == stamp.value ? (e.parentNode, e.parentArc) : (-1, -1)
    }

    /// The steps from the search's root to `v`, root first (each the arc taken and the node it
    /// was taken from), and the root. Parents always lead back to a root; the bound only guards
    /// against a damaged map.
    func chain(to v: Int32) -> (steps: [(parent: Int32, arc: Int32)], root: Int32) {
        var steps: [(parent: Int32, arc: Int32)] = []
        var x = v
        while true {
            let e = entries[Int(x)]
            guard e.stamp == stamp.value, e.parentNode >= 0 else { break }
            guard steps.count <= touched.count else { MapDamage.report(); break }
            steps.append((e.parentNode, e.parentArc))
            x = e.parentNode
        }
        return (steps.reversed(), x)
    }
}

/// Where a search starts or ends: a graph node reached from/to a phantom node at a cost,
/// through edge direction `edgeDir` (edge * 2 + 0 forward, + 1 backward).
struct SearchEndpoint {
    var node: Int32
    var cost: UInt32
    var edgeDir: Int32
    /// Arcs of avoided roads between the phantom and `node`, in path order (a trip starting or
    /// ending on a motorway it avoids drives it to the nearest way off; see `AvoidedStretch`).
    var stretch: [Int32] = []
    /// For a target reached along a stretch: its cost before the stretch (the turn into the
    /// phantom's edge and the part driven).
    var phantomCost: UInt32 = 0
}

/// A found path: the phantom edge direction it leaves by, the arcs (CH or mode-graph ids)
/// between, the one it arrives by (at `targetCost`: the turn into it and the part driven);
/// `direct` when both phantoms sit on one edge.
struct SearchPath {
    /// The whole path's weight in milliseconds, weight-only charges included.
    var cost: UInt32
    /// The phantom's edge and direction the path leaves by.
    var sourceEdgeDir: Int32
    /// Hierarchy arcs (packed shortcuts included) or mode-graph arcs, in order.
    var arcs: [Int32]
    var targetEdgeDir: Int32
    var targetCost: UInt32
    var direct: Bool
}

/// Both directions of a query plus scratch space for snapping, kept per thread.
final class QueryWorkspace {
    let forward: SearchSpace
    let backward: SearchSpace
    let edgeStamp: ScratchArray<UInt32>
    private var edgeQuery = QueryStamp()
    /// Core nodes' potentials for the landmark search, each computed once per query.
    let potentials: ScratchArray<CachedPotential>
    private var potentialQuery = QueryStamp()

    struct CachedPotential {
        var stamp: UInt32
        var doubled: Int64
    }

    init(nodeCount: Int, edgeCount: Int) {
        forward = SearchSpace(nodeCount: nodeCount)
        backward = SearchSpace(nodeCount: nodeCount)
        edgeStamp = ScratchArray(count: edgeCount)
        potentials = ScratchArray(count: nodeCount)
    }

    func nextPotentialStamp() -> UInt32 { potentialQuery.advance(clearing: potentials) }

    func nextEdgeStamp() -> UInt32 { edgeQuery.advance(clearing: edgeStamp) }
}
