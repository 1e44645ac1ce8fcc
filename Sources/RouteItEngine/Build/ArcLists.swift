/// Each node's arc list for `CHBuilder`, on raw memory: a list is read as a buffer in place,
/// with no retain, release or uniqueness check, which an array of arrays costs at every read
/// (the witness searches read millions of them). Lists keep their order as an array would:
/// appends go last, `removeAll` keeps the order of what stays.
final class ArcLists {
    private let start: UnsafeMutablePointer<UnsafeMutablePointer<CHBuilder.DynEdge>?>
    private let counts: UnsafeMutablePointer<Int32>
    private let capacities: UnsafeMutablePointer<Int32>
    let nodeCount: Int

    init(nodeCount: Int) {
        self.nodeCount = nodeCount
        let n = max(1, nodeCount)
        start = .allocate(capacity: n)
        start.initialize(repeating: nil, count: n)
        counts = .allocate(capacity: n)
        counts.initialize(repeating: 0, count: n)
        capacities = .allocate(capacity: n)
        capacities.initialize(repeating: 0, count: n)
    }

    deinit {
        for v in 0..<nodeCount { start[v]?.deallocate() }
        start.deallocate()
        counts.deallocate()
        capacities.deallocate()
    }

    /// Node `v`'s arcs, valid until its list next changes.
    @inline(__always) subscript(_ v: Int) -> UnsafeBufferPointer<CHBuilder.DynEdge> {
        UnsafeBufferPointer(start: start[v], count: Int(counts[v]))
    }

    func append(_ v: Int, _ e: CHBuilder.DynEdge) {
        let n = Int(counts[v])
        if n == Int(capacities[v]) {
            // From 2: a node of a road graph has one to three arcs a side, and 40 bytes without
            // a header keep a list no bigger than the array it replaces (32-byte header).
            let capacity = max(2, 2 * n)
            let bigger = UnsafeMutablePointer<CHBuilder.DynEdge>.allocate(capacity: capacity)
            if let old = start[v] {
                bigger.moveInitialize(from: old, count: n)
                old.deallocate()
            }
            start[v] = bigger
            capacities[v] = Int32(capacity)
        }
        (start[v]! + n).initialize(to: e)
        counts[v] = Int32(n + 1)
    }

    func removeAll(_ v: Int, where remove: (CHBuilder.DynEdge) -> Bool) {
        guard let list = start[v] else { return }
        var kept = 0
        for i in 0..<Int(counts[v]) where !remove(list[i]) {
            list[kept] = list[i]
            kept += 1
        }
        counts[v] = Int32(kept)
    }

    /// Empties `v`'s list and frees its memory.
    func clear(_ v: Int) {
        start[v]?.deallocate()
        start[v] = nil
        counts[v] = 0
        capacities[v] = 0
    }
}
