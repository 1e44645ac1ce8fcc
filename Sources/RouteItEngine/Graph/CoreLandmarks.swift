import Foundation

/// Landmarks in a hierarchy's uncontracted core, for a goal-directed search there (ALT: A*,
/// landmarks, triangle inequality; as in core-ALT). For a few core nodes far apart, the cost
/// from each to every core node and from every core node to it: by the triangle inequality
/// they bound how far any core node is from where a query must go, so the core search heads
/// there instead of spreading evenly. On the 10M-node grid the core is 12,357 nodes of ~100
/// arcs each, and a plain bidirectional Dijkstra settled half of it for one cold route.
struct CoreLandmarks {
    /// Landmarks per core (fewer in a core of fewer nodes).
    static let preferredCount = 8

    let count: Int
    /// Per core node (its rank less the core's first rank) the costs, landmark by landmark:
    /// from the landmark to the node, and from the node to the landmark (`.max`: no way).
    var from: Column<UInt32>
    var to: Column<UInt32>

    /// nil when the hierarchy has no core of two nodes or more (nothing to aim in).
    static func build(_ ch: ContractionHierarchy) -> CoreLandmarks? {
        let first = Int(ch.coreRank), n = ch.nodeCount - first
        guard n > 1 else { return nil }
        var node = [Int32](repeating: -1, count: n)
        for u in 0..<ch.nodeCount {
            let r = Int(ch.rank[u]) - first
            if r >= 0 && r < n { node[r] = Int32(u) }
        }
        guard !node.contains(-1) else { return nil }
        let count = min(preferredCount, n)
        var from = [UInt32](repeating: .max, count: n * count), to = from
        // Farthest-first: the first landmark is the core node farthest from an arbitrary one,
        // each next one the node farthest (both ways) from its nearest landmark so far.
        let seed = costs(ch, node, from: 0, forward: true)
        var next = seed.indices.max { reachableCost(seed[$0]) < reachableCost(seed[$1]) } ?? 0
        var spread = [UInt64](repeating: .max, count: n)
        for l in 0..<count {
            let f = costs(ch, node, from: next, forward: true), t = costs(ch, node, from: next, forward: false)
            for i in 0..<n {
                from[i * count + l] = f[i]
                to[i * count + l] = t[i]
                let both = f[i] == .max || t[i] == .max ? UInt64.max : UInt64(f[i]) + UInt64(t[i])
                spread[i] = min(spread[i], both)
            }
            spread[next] = 0
            next = spread.indices.max { reachableSpread(spread[$0]) < reachableSpread(spread[$1]) } ?? 0
        }
        return CoreLandmarks(count: count, from: Column(from), to: Column(to))
    }

    private static func reachableCost(_ c: UInt32) -> Int64 { c == .max ? -1 : Int64(c) }
    private static func reachableSpread(_ c: UInt64) -> UInt64 { c == .max ? 0 : c }

    /// Dijkstra inside the core from core node `source`, along arcs (`forward`) or against them.
    private static func costs(_ ch: ContractionHierarchy, _ node: [Int32], from source: Int, forward: Bool) -> [UInt32] {
        let first = ch.coreRank, n = node.count
        let (arcs, start) = forward ? (ch.fwd, ch.fwdStart) : (ch.bwd, ch.bwdStart)
        var cost = [UInt32](repeating: .max, count: n)
        var heap = MinHeap()
        cost[source] = 0
        heap.push(0, Int32(source))
        while !heap.isEmpty {
            let (d, i) = heap.pop()
            guard d == cost[Int(i)] else { continue }
            for a in ModeRouter.range(start, Int(node[Int(i)])) {
                let e = arcs[a]
                let j = Int(ch.rank[Int(e.target)] - first)
                guard j >= 0 && j < n, let nd = ModeRouter.sum(d, e.weight), nd < cost[j] else { continue }
                cost[j] = nd
                heap.push(nd, Int32(j))
            }
        }
        return cost
    }

    func write(to sections: MapSectionWriter, prefix: String) throws {
        try sections.write([Int64(count)], named: "\(prefix).ch.landmarkCount")
        try sections.write(from, named: "\(prefix).ch.landmarkFrom")
        try sections.write(to, named: "\(prefix).ch.landmarkTo")
    }

    /// The hierarchy's landmarks, nil for a map written without them; sizes checked against the core.
    static func read(from sections: MapSections, prefix: String, coreSize: Int) throws -> CoreLandmarks? {
        guard sections.has("\(prefix).ch.landmarkCount") else { return nil }
        let c: Column<Int64> = try sections.column("\(prefix).ch.landmarkCount")
        let landmarks = CoreLandmarks(count: Int(c.first ?? 0), from: try sections.column("\(prefix).ch.landmarkFrom"),
                                      to: try sections.column("\(prefix).ch.landmarkTo"))
        guard c.count == 1, landmarks.count > 0, landmarks.count <= preferredCount,
              landmarks.from.count == coreSize * landmarks.count, landmarks.to.count == landmarks.from.count else {
            throw MapSectionsError.damaged
        }
        return landmarks
    }
}
