/// A binary min-heap of comparable items, sifted in place. `MinHeap` (a search's nodes under
/// 32-bit costs, packed into one integer) and `KeyedMinHeap` (under 64-bit keys) wrap it.
struct BinaryHeap<Item: Comparable> {
    private(set) var items: ContiguousArray<Item> = []

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }
    var first: Item? { items.first }
    mutating func removeAll() { items.removeAll(keepingCapacity: true) }

    @inline(__always) mutating func push(_ item: Item) {
        var i = items.count
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

    /// The smallest item, removed; the heap must not be empty.
    @inline(__always) mutating func popFirst() -> Item {
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
        return top
    }
}
