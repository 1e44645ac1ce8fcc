/// A binary min-heap of nodes under 64-bit keys, each with the distance it was queued at (a
/// goal-directed search's key is not its distance; a popped entry whose distance is no longer
/// the node's is stale and skipped).
struct KeyedMinHeap {
    private struct Item: Comparable {
        var key: UInt64
        var distance: UInt32
        var node: Int32
        static func < (a: Item, b: Item) -> Bool { a.key < b.key }
        static func == (a: Item, b: Item) -> Bool { a.key == b.key }
    }
    private var heap = BinaryHeap<Item>()

    /// The smallest key, or UInt64.max when empty.
    var minKey: UInt64 { heap.first?.key ?? .max }

    mutating func push(_ key: UInt64, distance: UInt32, _ node: Int32) {
        heap.push(Item(key: key, distance: distance, node: node))
    }

    mutating func pop() -> (distance: UInt32, node: Int32) {
        let top = heap.popFirst()
        return (top.distance, top.node)
    }
}
