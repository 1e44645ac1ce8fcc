/// A few node ids of every way by way id, in three flat arrays (a region has millions of ways:
/// a dictionary of small arrays took a heap block and a bucket for each). Ways come in id order
/// in a sorted file, so adding is appending; a file out of order is sorted on the first lookup.
struct WaySamples {
    private var ids: [Int64] = []
    /// ids.count + 1 offsets into `nodes`.
    private var starts: [Int] = [0]
    private var nodes: [Int64] = []
    private var sorted = true

    mutating func add(_ way: Int64, _ samples: [Int64]) {
        if let last = ids.last, last >= way { sorted = false }
        ids.append(way)
        nodes.append(contentsOf: samples)
        starts.append(nodes.count)
    }

    /// The samples of `way` (empty when it was not added); the last added of repeated ids wins.
    mutating func samples(of way: Int64) -> ArraySlice<Int64> {
        if !sorted { sortByID() }
        var lo = 0, hi = ids.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if ids[mid] < way { lo = mid + 1 } else { hi = mid }
        }
        guard lo < ids.count, ids[lo] == way else { return [] }
        return nodes[starts[lo]..<starts[lo + 1]]
    }

    private mutating func sortByID() {
        let order = ids.indices.sorted { ids[$0] != ids[$1] ? ids[$0] < ids[$1] : $0 > $1 }
        var newIDs: [Int64] = [], newStarts: [Int] = [0], newNodes: [Int64] = []
        newIDs.reserveCapacity(ids.count)
        newNodes.reserveCapacity(nodes.count)
        for i in order {
            newIDs.append(ids[i])
            newNodes.append(contentsOf: nodes[starts[i]..<starts[i + 1]])
            newStarts.append(newNodes.count)
        }
        (ids, starts, nodes, sorted) = (newIDs, newStarts, newNodes, true)
    }
}
