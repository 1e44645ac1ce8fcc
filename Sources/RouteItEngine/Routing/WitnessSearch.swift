/// The bounded Dijkstra a contraction hierarchy's builder runs to find witnesses (paths that make
/// a shortcut needless), with its scratch memory: distances and target marks per node, reused
/// across searches with timestamps, and a binary min-heap of (distance, node) packed in a UInt64.
/// Most of a hierarchy's build is spent in `run`: it works on raw memory, since every write to
/// an array held by a struct costs a uniqueness check, and every read of a node's arc list a
/// retain and a release.
final class WitnessSearch {
    /// A node a witness is looked for, and the cost it must not exceed (the shortcut's).
    struct Goal {
        var node: Int32
        var cost: UInt32
    }

    let nodeCount: Int
    private let dist: UnsafeMutablePointer<UInt32>
    private let seen: UnsafeMutablePointer<UInt32>
    private let target: UnsafeMutablePointer<UInt32>
    private var heap: UnsafeMutablePointer<UInt64>
    private var heapCapacity = 1024
    private var heapCount = 0
    private var stamp: UInt32 = 0

    init(nodeCount: Int) {
        self.nodeCount = nodeCount
        let n = max(1, nodeCount)
        dist = .allocate(capacity: n)
        dist.initialize(repeating: 0, count: n)
        seen = .allocate(capacity: n)
        seen.initialize(repeating: 0, count: n)
        target = .allocate(capacity: n)
        target.initialize(repeating: 0, count: n)
        heap = .allocate(capacity: heapCapacity)
    }

    deinit {
        dist.deallocate()
        seen.deallocate()
        target.deallocate()
        heap.deallocate()
    }

    /// The distance the last search found to `x` (`.max` if it did not reach it).
    @inline(__always) func distance(_ x: Int32) -> UInt32 {
        seen[Int(x)] == stamp ? dist[Int(x)] : .max
    }

    /// Dijkstra from `source` avoiding `avoid`, only along arcs whose classes are within
    /// `within`, until every goal (distinct nodes) is settled or `maxSettled` nodes are, or
    /// nothing left could beat the dearest goal not yet settled. `outs` is each node's out-arcs.
    /// A goal's `distance` afterwards is at most its cost exactly when a search run to the
    /// dearest goal's cost would say so: what it would still find costs more.
    func run(_ outs: UnsafeMutableBufferPointer<[CHBuilder.DynEdge]>, from source: Int32, avoid: Int32,
             goals: UnsafeBufferPointer<Goal>, maxSettled: Int, within: UInt8) {
        nextStamp()
        let stamp = self.stamp
        heapCount = 0
        var open = 0
        var bound: UInt32 = 0
        for g in goals {
            target[Int(g.node)] = stamp
            open += 1
            bound = max(bound, g.cost)
        }
        guard open > 0 else { return }
        seen[Int(source)] = stamp
        dist[Int(source)] = 0
        push(0, source)
        var settled = 0
        while heapCount > 0 {
            let (d, u) = pop()
            let ui = Int(u)
            if d > dist[ui] { continue }
            if d > bound { break }
            if target[ui] == stamp {
                target[ui] = 0  // settled: its distance is final
                open -= 1
                if open == 0 { break }
                bound = 0
                for g in goals where target[Int(g.node)] == stamp { bound = max(bound, g.cost) }
            }
            settled += 1
            if settled > maxSettled { break }
            arcs(outs, of: u) { edges in
                for e in edges where e.node != avoid && e.mask & ~within == 0 {
                    let nd = d &+ e.weight
                    if nd > bound { continue }
                    let x = Int(e.node)
                    if seen[x] != stamp || nd < dist[x] {
                        seen[x] = stamp
                        dist[x] = nd
                        push(nd, e.node)
                    }
                }
            }
        }
    }

    /// The arcs of `node`, read in place: through a mutable access, since a read of the list
    /// retains and releases it (the search never reaches the node being contracted, the one
    /// list the builder holds a second reference to, so this never copies).
    @inline(__always)
    private func arcs(_ outs: UnsafeMutableBufferPointer<[CHBuilder.DynEdge]>, of node: Int32,
                      _ body: (UnsafeBufferPointer<CHBuilder.DynEdge>) -> Void) {
        (outs.baseAddress! + Int(node)).pointee.withUnsafeMutableBufferPointer { body(UnsafeBufferPointer($0)) }
    }

    private func nextStamp() {
        stamp &+= 1
        if stamp == 0 {
            seen.update(repeating: 0, count: nodeCount)
            target.update(repeating: 0, count: nodeCount)
            stamp = 1
        }
    }

    // MARK: heap (the same order as `MinHeap`: no two entries are equal, so any heap pops alike)

    @inline(__always) private func push(_ key: UInt32, _ node: Int32) {
        if heapCount == heapCapacity {
            let bigger = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * heapCapacity)
            bigger.moveInitialize(from: heap, count: heapCount)
            heap.deallocate()
            heap = bigger
            heapCapacity *= 2
        }
        let item = UInt64(key) << 32 | UInt64(UInt32(bitPattern: node))
        var i = heapCount
        heapCount += 1
        while i > 0 {
            let parent = (i - 1) >> 1
            if heap[parent] <= item { break }
            heap[i] = heap[parent]
            i = parent
        }
        heap[i] = item
    }

    @inline(__always) private func pop() -> (key: UInt32, node: Int32) {
        let top = heap[0]
        heapCount -= 1
        let n = heapCount
        if n > 0 {
            let last = heap[n]
            var i = 0
            while true {
                var child = 2 * i + 1
                if child >= n { break }
                if child + 1 < n && heap[child + 1] < heap[child] { child += 1 }
                if heap[child] >= last { break }
                heap[i] = heap[child]
                i = child
            }
            heap[i] = last
        }
        return (UInt32(truncatingIfNeeded: top >> 32), Int32(bitPattern: UInt32(truncatingIfNeeded: top)))
    }
}
