/// The bounded Dijkstra a contraction hierarchy's builder runs to find witnesses (paths that make
/// a shortcut needless), with its scratch memory: distances and target marks per node, reused
/// across searches with timestamps, and a binary min-heap of (distance, node) packed in a UInt64.
/// Most of a hierarchy's build is spent in `run`: it works on raw memory (`ArcLists` too), since
/// every write to an array held by a struct costs a uniqueness check, and every read of a node's
/// arc list a retain and a release.
final class WitnessSearch {
    /// A node a witness is looked for, and the cost it must not exceed (the shortcut's).
    struct Goal {
        var node: Int32
        var cost: UInt32
        /// The cheapest shortcut cost to it (parallel arcs differ): a distance this low answers
        /// every question the builder asks of the goal.
        var cheapest: UInt32
    }

    let nodeCount: Int
    private let dist: UnsafeMutablePointer<UInt32>
    private let seen: UnsafeMutablePointer<UInt32>
    private let target: UnsafeMutablePointer<UInt32>
    /// A goal's `cheapest`, valid where `target` holds the current stamp.
    private let cheapest: UnsafeMutablePointer<UInt32>
    /// Kept between searches for its memory; `run` works on a local copy (a class's stored
    /// `var` costs an exclusivity check at each access, and the heap is touched millions of times).
    private var heap = Heap()
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
        cheapest = .allocate(capacity: n)
        cheapest.initialize(repeating: 0, count: n)
    }

    deinit {
        dist.deallocate()
        seen.deallocate()
        target.deallocate()
        cheapest.deallocate()
        heap.items.deallocate()
    }

    /// The distance the last search found to `x` (`.max` if it did not reach it).
    @inline(__always) func distance(_ x: Int32) -> UInt32 {
        seen[Int(x)] == stamp ? dist[Int(x)] : .max
    }

    /// Dijkstra from `source` avoiding `avoid`, only along arcs whose classes are within
    /// `within`, until every goal (distinct nodes) is settled or `maxSettled` nodes are, or
    /// nothing left could beat the dearest goal not yet settled. `outs` is each node's out-arcs.
    /// A goal's `distance` afterwards is at most its cost exactly when a search run to the
    /// dearest goal's cost would say so: what it would still find costs more. A goal within its
    /// `cheapest` is answered (distances only fall, so every shortcut to it has its witness,
    /// whatever the search would still find): the bound is then the dearest goal neither settled
    /// nor answered, and the search stops once every goal is answered. Nodes at most the bound
    /// away are settled in the same order, counted alike against `maxSettled`, and what lies
    /// beyond it cannot bring a goal within its cost, so every answer is as before
    /// (`WitnessSearchTests`).
    func run(_ outs: ArcLists, from source: Int32, avoid: Int32,
             goals: UnsafeBufferPointer<Goal>, maxSettled: Int, within: UInt8) {
        nextStamp()
        let stamp = self.stamp
        var heap = self.heap
        defer { self.heap = heap }
        heap.count = 0
        var open = 0
        var bound: UInt32 = 0
        for g in goals {
            target[Int(g.node)] = stamp
            cheapest[Int(g.node)] = g.cheapest
            open += 1
            bound = max(bound, g.cost)
        }
        var unanswered = open
        guard open > 0 else { return }
        seen[Int(source)] = stamp
        dist[Int(source)] = 0
        heap.push(0, source)
        var settled = 0
        while heap.count > 0 {
            let (d, u) = heap.pop()
            let ui = Int(u)
            if d > dist[ui] { continue }
            if d > bound { break }
            if target[ui] == stamp {
                target[ui] = 0  // settled: its distance is final
                open -= 1
                if open == 0 { break }
                bound = dearestOpen(goals, stamp)
            }
            settled += 1
            if settled > maxSettled { break }
            for e in outs[ui] where e.node != avoid && e.mask & ~within == 0 {
                let nd = d &+ e.weight
                if nd > bound { continue }
                let x = Int(e.node)
                if seen[x] != stamp || nd < dist[x] {
                    let answers = target[x] == stamp && nd <= cheapest[x] && (seen[x] != stamp || dist[x] > cheapest[x])
                    seen[x] = stamp
                    dist[x] = nd
                    if answers {
                        unanswered -= 1
                        if unanswered == 0 { return }
                        bound = dearestOpen(goals, stamp)
                    }
                    heap.push(nd, e.node)
                }
            }
        }
    }

    /// The dearest cost of the goals neither settled nor answered (0 if none).
    @inline(__always) private func dearestOpen(_ goals: UnsafeBufferPointer<Goal>, _ stamp: UInt32) -> UInt32 {
        var bound: UInt32 = 0
        for g in goals {
            let x = Int(g.node)
            if target[x] == stamp && !(seen[x] == stamp && dist[x] <= g.cheapest) { bound = max(bound, g.cost) }
        }
        return bound
    }

    private func nextStamp() {
        stamp &+= 1
        if stamp == 0 {
            seen.update(repeating: 0, count: nodeCount)
            target.update(repeating: 0, count: nodeCount)
            stamp = 1
        }
    }
}

/// The witness search's binary min-heap of (distance, node) packed in a UInt64, on raw memory
/// (the same order as `MinHeap`: no two entries are equal, so any heap pops alike).
private struct Heap {
    var items = UnsafeMutablePointer<UInt64>.allocate(capacity: 1024)
    var capacity = 1024
    var count = 0

    @inline(__always) mutating func push(_ key: UInt32, _ node: Int32) {
        if count == capacity {
            let bigger = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * capacity)
            bigger.moveInitialize(from: items, count: count)
            items.deallocate()
            items = bigger
            capacity *= 2
        }
        count += 1
        place(UInt64(key) << 32 | UInt64(UInt32(bitPattern: node)), upFrom: count - 1)
    }

    /// Stores `item` at slot `start` or, moving larger parents down into the hole, above it.
    @inline(__always) private mutating func place(_ item: UInt64, upFrom start: Int) {
        var i = start
        while i > 0 {
            let parent = (i - 1) >> 1
            if items[parent] <= item { break }
            items[i] = items[parent]
            i = parent
        }
        items[i] = item
    }

    @inline(__always) mutating func pop() -> (key: UInt32, node: Int32) {
        let top = items[0]
        count -= 1
        let n = count
        if n > 0 {
            // The hole goes down to a leaf along the smaller children, then the last item up
            // from there: it belongs near the bottom, so this compares about half as often.
            let last = items[n]
            var i = 0
            while true {
                var child = 2 * i + 1
                if child >= n { break }
                if child + 1 < n && items[child + 1] < items[child] { child += 1 }
                items[i] = items[child]
                i = child
            }
            place(last, upFrom: i)
        }
        return (UInt32(truncatingIfNeeded: top >> 32), Int32(bitPattern: UInt32(truncatingIfNeeded: top)))
    }
}
