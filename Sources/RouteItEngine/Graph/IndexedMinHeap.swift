/// A min-heap (4-ary: half as deep as a binary one, its four children side by side in memory)
/// of the nodes 0..<capacity under UInt32 keys, each node in it at most once:
/// a cheaper key moves a queued node up (decrease-key) instead of queueing a copy. A search
/// over a dense graph (a hierarchy's core: dozens of arcs a node) then sifts a heap no larger
/// than its nodes, where a lazy-deletion heap holds every improvement and pops the stale ones.
final class IndexedMinHeap {
    /// key << 32 | node, so that comparisons are single integer compares.
    private let items: UnsafeMutablePointer<UInt64>
    /// Per node its index in `items`, -1 when not queued.
    private let position: UnsafeMutablePointer<Int32>
    let capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        items = .allocate(capacity: max(1, capacity))
        position = .allocate(capacity: max(1, capacity))
        position.initialize(repeating: -1, count: max(1, capacity))
    }

    deinit {
        items.deallocate()
        position.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    func removeAll() {
        for i in 0..<count { position[Int(Self.node(items[i]))] = -1 }
        count = 0
    }

    @inline(__always) private static func node(_ item: UInt64) -> Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: item)) }

    /// Queues `node` at `key`, or lowers its key when it is queued (a key no lower is ignored).
    @inline(__always) func push(_ key: UInt32, _ node: Int32) {
        let item = UInt64(key) << 32 | UInt64(UInt32(bitPattern: node))
        let at = Int(position[Int(node)])
        if at >= 0 {
            if item < items[at] { siftUp(at, item) }
            return
        }
        count += 1
        siftUp(count - 1, item)
    }

    /// The node of the least key, removed; the heap must not be empty.
    @inline(__always) func pop() -> (key: UInt32, node: Int32) {
        let top = items[0]
        position[Int(Self.node(top))] = -1
        count -= 1
        if count > 0 { siftDown(0, items[count]) }
        return (UInt32(truncatingIfNeeded: top >> 32), Self.node(top))
    }

    // Indices stay below `capacity` (an Int32 node count), so the arithmetic below neither
    // overflows nor needs checking: a table's core search pops and sifts once per core node
    // per target, and the checks were a fifth of each step.

    @inline(__always) private func siftUp(_ start: Int, _ item: UInt64) {
        var i = start
        while i > 0 {
            let parent = (i &- 1) >> 2
            let above = items[parent]
            if above <= item { break }
            items[i] = above
            position[Int(Self.node(above))] = Int32(truncatingIfNeeded: i)
            i = parent
        }
        items[i] = item
        position[Int(Self.node(item))] = Int32(truncatingIfNeeded: i)
    }

    @inline(__always) private func siftDown(_ start: Int, _ item: UInt64) {
        var i = start
        while true {
            let first = 4 &* i &+ 1
            if first >= count { break }
            var child = first, least = items[first]
            if first &+ 3 < count {
                // Four children (all but the last family): compared one by one, without a loop.
                if items[first &+ 1] < least { child = first &+ 1; least = items[child] }
                if items[first &+ 2] < least { child = first &+ 2; least = items[child] }
                if items[first &+ 3] < least { child = first &+ 3; least = items[child] }
            } else {
                var c = first &+ 1
                while c < count {
                    if items[c] < least { child = c; least = items[c] }
                    c &+= 1
                }
            }
            if least >= item { break }
            items[i] = least
            position[Int(Self.node(least))] = Int32(truncatingIfNeeded: i)
            i = child
        }
        items[i] = item
        position[Int(Self.node(item))] = Int32(truncatingIfNeeded: i)
    }
}
