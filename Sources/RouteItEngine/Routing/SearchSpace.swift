/// One direction of a Dijkstra: distances, parents and a heap over flat arrays, reset in O(1)
/// per query with a timestamp instead of clearing (no per-query allocation).
final class SearchSpace {
    private(set) var dist: [UInt32]
    private var stamp: [UInt32]
    private(set) var parentNode: [Int32]
    private(set) var parentArc: [Int32]
    private var current: UInt32 = 0
    var heap = MinHeap()
    /// Every node given a distance since the last reset.
    private(set) var touched: [Int32] = []

    init(nodeCount: Int) {
        dist = [UInt32](repeating: 0, count: nodeCount)
        stamp = [UInt32](repeating: 0, count: nodeCount)
        parentNode = [Int32](repeating: -1, count: nodeCount)
        parentArc = [Int32](repeating: -1, count: nodeCount)
    }

    func reset() {
        current &+= 1
        if current == 0 {
            for i in stamp.indices { stamp[i] = 0 }
            current = 1
        }
        heap.removeAll()
        touched.removeAll(keepingCapacity: true)
    }

    @inline(__always) func distance(_ v: Int32) -> UInt32 {
        stamp[Int(v)] == current ? dist[Int(v)] : .max
    }

    /// Sets a better distance and queues the node.
    @inline(__always) func update(_ v: Int32, _ d: UInt32, parent: Int32, arc: Int32) {
        let i = Int(v)
        if stamp[i] != current {
            stamp[i] = current
            touched.append(v)
        }
        dist[i] = d
        parentNode[i] = parent
        parentArc[i] = arc
        heap.push(d, v)
    }

    /// The arcs from the search's root to `v`, root first, and the root.
    func chain(to v: Int32) -> (arcs: [Int32], root: Int32) {
        var arcs: [Int32] = []
        var x = v
        while parentNode[Int(x)] >= 0 {
            arcs.append(parentArc[Int(x)])
            x = parentNode[Int(x)]
        }
        return (arcs.reversed(), x)
    }
}

/// Where a search starts or ends: a graph node reached from/to a phantom node at a cost,
/// through edge direction `edgeDir` (edge * 2 + 0 forward, + 1 backward).
struct SearchEndpoint {
    var node: Int32
    var cost: UInt32
    var edgeDir: Int32
}

/// A found path: the phantom edge direction it leaves by, the arcs (CH or mode-graph ids)
/// between, the one it arrives by (at `targetCost`: the turn into it and the part driven);
/// `direct` when both phantoms sit on one edge.
struct SearchPath {
    var cost: UInt32
    var sourceEdgeDir: Int32
    var arcs: [Int32]
    var targetEdgeDir: Int32
    var targetCost: UInt32
    var direct: Bool
}

/// Both directions of a query plus scratch space for snapping, kept per thread.
final class QueryWorkspace {
    let forward: SearchSpace
    let backward: SearchSpace
    var edgeStamp: [UInt32]
    var edgeStampValue: UInt32 = 0

    init(nodeCount: Int, edgeCount: Int) {
        forward = SearchSpace(nodeCount: nodeCount)
        backward = SearchSpace(nodeCount: nodeCount)
        edgeStamp = [UInt32](repeating: 0, count: edgeCount)
    }

    func nextEdgeStamp() -> UInt32 {
        edgeStampValue &+= 1
        if edgeStampValue == 0 {
            for i in edgeStamp.indices { edgeStamp[i] = 0 }
            edgeStampValue = 1
        }
        return edgeStampValue
    }
}
