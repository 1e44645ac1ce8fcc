/// A binary min-heap of (key, node) packed into one UInt64 so comparisons are single integer
/// compares. Lazy deletion: callers skip popped entries whose key is stale.
struct MinHeap {
    private(set) var items: ContiguousArray<UInt64> = []

    init() {}

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }
    mutating func removeAll() { items.removeAll(keepingCapacity: true) }

    /// The smallest key, or UInt32.max when empty.
    var minKey: UInt32 { items.isEmpty ? .max : UInt32(truncatingIfNeeded: items[0] >> 32) }

    mutating func push(_ key: UInt32, _ node: Int32) {
        var i = items.count
        let item = UInt64(key) << 32 | UInt64(UInt32(bitPattern: node))
        items.append(item)
        items.withUnsafeMutableBufferPointer { a in
            while i > 0 {
                let parent = (i - 1) >> 1
                if a[parent] <= item { break }
                a[i] = a[parent]
                i = parent
            }
            a[i] = item
        }
    }

    mutating func pop() -> (key: UInt32, node: Int32) {
        let top = items[0]
        let last = items.removeLast()
        if !items.isEmpty {
            items.withUnsafeMutableBufferPointer { a in
                let n = a.count
                var i = 0
                while true {
                    var child = 2 * i + 1
                    if child >= n { break }
                    if child + 1 < n && a[child + 1] < a[child] { child += 1 }
                    if a[child] >= last { break }
                    a[i] = a[child]
                    i = child
                }
                a[i] = last
            }
        }
        return (UInt32(truncatingIfNeeded: top >> 32), Int32(bitPattern: UInt32(truncatingIfNeeded: top)))
    }
}
