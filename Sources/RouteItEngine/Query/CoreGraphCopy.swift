import Foundation

/// The making of a `CoreGraph`, in chunks of core nodes that any thread calling `work` takes
/// in turn: a table's second thread starts it early, and the first joins in when its own
/// searches are done, instead of waiting. Each node's arcs go where its list in the hierarchy
/// starts, so the chunks never wait for one another.
final class CoreGraphCopy: @unchecked Sendable {
    /// The copied arrays (written by `work`, read-only once it is done everywhere).
    final class Storage: @unchecked Sendable {
        let start: UnsafeMutableBufferPointer<Int32>
        let end: UnsafeMutableBufferPointer<Int32>
        let arcs: UnsafeMutableBufferPointer<CoreGraph.Arc>
        let entry: UnsafeMutableBufferPointer<Int32>

        init(count: Int, listed: Int) {
            start = .allocate(capacity: count + 1)
            end = .allocate(capacity: count)
            arcs = .allocate(capacity: max(1, listed))
            entry = .allocate(capacity: max(1, listed))
        }

        deinit {
            start.deallocate()
            end.deallocate()
            arcs.deallocate()
            entry.deallocate()
        }
    }

    private let ch: ContractionHierarchy
    private let forward: Bool
    private let avoid: UInt8
    private let first: Int
    private let count: Int
    private let node: [Int32]
    private let storage: Storage
    /// Core nodes a thread takes at a time.
    private let chunk: Int
    private let lock = NSLock()
    private var next = 0

    /// nil without a core. `forward`: the `fwd` lists (arcs out of each node), else `bwd`.
    /// `chunk`: core nodes a thread takes at a time.
    init?(_ ch: ContractionHierarchy, forward: Bool, avoid: UInt8, chunk: Int = 512) {
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
        // Room for every entry of the core's lists: the arrays never grow (a grown array is
        // copied, and a cold process faults in both copies).
        let listStart = forward ? ch.fwdStart : ch.bwdStart
        var listed = 0
        for u in 0..<count where node[u] >= 0 { listed += ModeRouter.range(listStart, Int(node[u])).count }
        storage = Storage(count: count, listed: listed)
        var at: Int32 = 0
        for u in 0..<count {
            storage.start[u] = at
            if node[u] >= 0 { at += Int32(ModeRouter.range(listStart, Int(node[u])).count) }
        }
        storage.start[count] = at
        self.ch = ch
        self.chunk = max(1, chunk)
        self.forward = forward
        self.avoid = avoid
        self.first = first
        self.count = count
        self.node = node
    }

    /// The graph; once every thread's `work` has returned.
    var graph: CoreGraph { CoreGraph(count: count, node: node, storage: storage) }

    /// Copies chunks of nodes until none is left.
    func work() {
        // Where this node's arc to each core index went (valid while `owner` is this node).
        var owner = [Int32](repeating: -1, count: count), slot = [Int32](repeating: 0, count: count)
        owner.withUnsafeMutableBufferPointer { owner in
            slot.withUnsafeMutableBufferPointer { slot in
                while let nodes = claim() { copy(nodes, owner, slot) }
            }
        }
    }

    private func claim() -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        let nodes = next..<min(count, next + chunk)
        next = nodes.upperBound
        return nodes
    }

    private func copy(_ nodes: Range<Int>, _ owner: UnsafeMutableBufferPointer<Int32>, _ slot: UnsafeMutableBufferPointer<Int32>) {
        let (list, listStart, masks) = forward ? (ch.fwd, ch.fwdStart, ch.fwdMask) : (ch.bwd, ch.bwdStart, ch.bwdMask)
        let arcs = storage.arcs, entry = storage.entry, nodeCount = ch.nodeCount, rank = ch.rank
        for u in nodes {
            var made = Int(storage.start[u])
            defer { storage.end[u] = Int32(made) }
            guard node[u] >= 0 else { continue }
            for i in ModeRouter.range(listStart, Int(node[u])) {
                if avoid != 0 && masks[i] & avoid != 0 { continue }
                let e = list[i]
                guard e.target >= 0 && Int(e.target) < nodeCount else { MapDamage.report(); continue }
                let v = Int(rank[Int(e.target)]) - first
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
                // Within u's room: each entry of its list makes one arc at most.
                (arcs.baseAddress! + made).initialize(to: CoreGraph.Arc(to: Int32(v), weight: e.weight))
                entry[made] = Int32(i)
                made += 1
            }
        }
    }
}
