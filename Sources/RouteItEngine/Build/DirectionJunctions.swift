import RouteItCore

/// A mode's road directions as an edge-based graph sees them: a graph node for every direction
/// of a road the mode may take, how many of its roads meet at each junction, and the directions
/// arriving at and leaving each junction (CSR). The car and bicycle graph builders start here.
struct DirectionJunctions {
    /// Graph node of each edge direction (`edge * 2 + backward`), -1 where the mode may not go.
    let dirNode: [Int32]
    let nodeCount: Int
    /// The mode's roads at each junction (saturating at 255).
    let roads: [UInt8]
    let inStart: [UInt32], inDirs: [Int32]
    let outStart: [UInt32], outDirs: [Int32]

    init(_ net: RoadNetwork, mode: TransportType) {
        let dirCount = net.edgeCount * 2
        func allowed(_ k: Int) -> Bool { net.allows(direction: k, mode) }

        var dirNode = [Int32](repeating: -1, count: dirCount)
        var nodeCount = 0
        for k in 0..<dirCount where allowed(k) {
            dirNode[k] = Int32(nodeCount)
            nodeCount += 1
        }
        var roads = [UInt8](repeating: 0, count: net.nodeCount)
        for e in 0..<net.edgeCount where net.allows(e, mode) {
            let a = Int(net.edgeFrom[e]), b = Int(net.edgeTo[e])
            roads[a] = roads[a] &+ (roads[a] < 255 ? 1 : 0)
            if b != a { roads[b] = roads[b] &+ (roads[b] < 255 ? 1 : 0) }
        }
        func directions(by junction: (Int) -> Int) -> (start: [UInt32], dirs: [Int32]) {
            var start = [UInt32](repeating: 0, count: net.nodeCount + 1)
            for k in 0..<dirCount where allowed(k) { start[junction(k) + 1] += 1 }
            for i in 0..<net.nodeCount { start[i + 1] += start[i] }
            var dirs = [Int32](repeating: 0, count: Int(start[net.nodeCount]))
            var fill = start
            for k in 0..<dirCount where allowed(k) {
                dirs[Int(fill[junction(k)])] = Int32(k)
                fill[junction(k)] += 1
            }
            return (start, dirs)
        }
        self.dirNode = dirNode
        self.nodeCount = nodeCount
        self.roads = roads
        (inStart, inDirs) = directions(by: { net.head(ofDirection: $0) })
        (outStart, outDirs) = directions(by: { net.tail(ofDirection: $0) })
    }

    /// Whether the mode can arrive at `node` by one way direction only (OSRM lets a vehicle turn
    /// round there: `bidirectional_edges <= 1` in `isTurnAllowed`).
    func isOnlyWayIn(at node: Int) -> Bool { inStart[node + 1] - inStart[node] <= 1 }
}
