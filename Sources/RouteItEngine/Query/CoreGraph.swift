/// A hierarchy's uncontracted core copied out as a small graph of its own, for searches that
/// cover most of it (a table searches it once per target). Core nodes are numbered 0..<count
/// by rank (rank less the core's first rank), and one direction's arcs lie in one array, with
/// the arcs of avoided classes and all but the cheapest of parallel arcs left out. Its costs
/// then fit in a few cache-sized arrays, where a search over the map's own lists reads 16-byte
/// labels scattered over every node of the map and checks each arc's classes on every visit.
/// Made by a `CoreGraphCopy` (which two threads may share).
struct CoreGraph {
    struct Arc {
        /// The core index the arc leads to (against the arc's direction in a backward graph).
        var to: Int32
        var weight: UInt32
    }

    let count: Int
    /// Per core index, its node in the hierarchy.
    let node: [Int32]
    /// Core index u's arcs are `arcs[start[u]..<end[u]]` (with room left unused between nodes:
    /// each node's arcs start where its list in the hierarchy would).
    var start: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(storage.start) }
    var end: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(storage.end) }
    var arcs: UnsafeBufferPointer<Arc> { UnsafeBufferPointer(storage.arcs) }
    /// Per arc, its entry in the hierarchy's list at `node[u]` (to unpack it).
    var entry: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(storage.entry) }
    /// Owns the arrays above.
    let storage: CoreGraphCopy.Storage

    /// nil without a core. `forward`: the `fwd` lists (arcs out of each node), else `bwd`.
    init?(_ ch: ContractionHierarchy, forward: Bool, avoid: UInt8) {
        guard let copy = CoreGraphCopy(ch, forward: forward, avoid: avoid) else { return nil }
        copy.work()
        self = copy.graph
    }

    init(count: Int, node: [Int32], storage: CoreGraphCopy.Storage) {
        self.count = count
        self.node = node
        self.storage = storage
    }
}
