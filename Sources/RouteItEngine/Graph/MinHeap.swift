/// A binary min-heap of (key, node) packed into one UInt64 so comparisons are single integer
/// compares. Lazy deletion: callers skip popped entries whose key is stale.
struct MinHeap {
    private var heap = BinaryHeap<UInt64>()

    init() {}

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }
    mutating func removeAll() { heap.removeAll() }

    /// The smallest key, or UInt32.max when empty.
    var minKey: UInt32 { heap.first.map { UInt32(truncatingIfNeeded: $0 >> 32) } ?? .max }

    mutating func push(_ key: UInt32, _ node: Int32) {
        heap.push(UInt64(key) << 32 | UInt64(UInt32(bitPattern: node)))
    }

    mutating func pop() -> (key: UInt32, node: Int32) {
        let top = heap.popFirst()
        return (UInt32(truncatingIfNeeded: top >> 32), Int32(bitPattern: UInt32(truncatingIfNeeded: top)))
    }
}
