/// A binary min-heap of nodes under 64-bit keys, each with the distance it was queued at (a
/// goal-directed search's key is not its distance; a popped entry whose distance is no longer
/// the node's is stale and skipped).
struct KeyedMinHeap {
    private struct Item { var key: UInt64; var distance: UInt32; var node: Int32 }
    private var items: ContiguousArray<Item> = []

    /// The smallest key, or UInt64.max when empty.
    var minKey: UInt64 { items.first?.key ?? .max }

    mutating func push(_ key: UInt64, distance: UInt32, _ node: Int32) {
        let item = Item(key: key, distance: distance, node: node)
        var i = items.count
        items.append(item)
        items.withUnsafeMutableBufferPointer { a in
            while i > 0 {
                let parent = (i - 1) >> 1
                if a[parent].key <= key { break }
                a[i] = a[parent]
                i = parent
            }
            a[i] = item
        }
    }

    mutating func pop() -> (distance: UInt32, node: Int32) {
        let top = items[0]
        let last = items.removeLast()
        if !items.isEmpty {
            items.withUnsafeMutableBufferPointer { a in
                let n = a.count
                var i = 0
                while true {
                    var child = 2 * i + 1
                    if child >= n { break }
                    if child + 1 < n && a[child + 1].key < a[child].key { child += 1 }
                    if a[child].key >= last.key { break }
                    a[i] = a[child]
                    i = child
                }
                a[i] = last
            }
        }
        return (top.distance, top.node)
    }
}
