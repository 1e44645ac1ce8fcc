import RouteItCore

/// The directed graph one mode routes on. Arcs are grouped by the "edge direction" they drive
/// (edge * 2 + 0 for from→to, + 1 for to→from). Walking uses the junction graph (nodes are
/// junctions, an arc per edge direction); cars use the edge-based graph of
/// `EdgeBasedGraphBuilder` (nodes are edge directions, arcs are turns with their cost).
/// Either way, driving edge direction k ends at node `edgeDirNode[k]`; in the car graph also at
/// the copies `ViaWayCopies` adds (beyond the edge directions' nodes), reached only along a
/// via-way restriction's path, whose arcs are grouped with the edge direction they drive too.
struct ModeGraph {
    var nodeCount: Int
    var arcFrom: [Int32]
    var arcTo: [Int32]
    var arcWeight: [UInt32]
    var arcEdgeDir: [Int32]
    /// 2 * edgeCount + 1 offsets: the arcs of edge direction k are edgeDirStart[k]..<edgeDirStart[k+1].
    var edgeDirStart: [UInt32]
    /// 2 * edgeCount: the node reached by driving edge direction k, -1 where the mode may not.
    var edgeDirNode: [Int32]

    var arcCount: Int { arcFrom.count }

    func arcs(ofEdge edge: Int, forward: Bool) -> Range<Int> {
        let k = edge * 2 + (forward ? 0 : 1)
        return Int(edgeDirStart[k])..<Int(edgeDirStart[k + 1])
    }

    static func build(_ net: RoadNetwork, mode: TransportType, restrictions: [TurnRestriction],
                      obstacles: [Int32: [RoadObstacle]] = [:], viaNodeIndex: (Int64) -> Int32?) -> ModeGraph {
        switch mode {
        case .car:
            return EdgeBasedGraphBuilder.build(net, restrictions: restrictions, viaNodeIndex: viaNodeIndex, obstacles: obstacles)
        case .walk: return junctionGraph(net, mode: mode)
        }
    }

    /// Junctions as nodes, one arc per edge direction the mode may use, no turn costs.
    static func junctionGraph(_ net: RoadNetwork, mode: TransportType) -> ModeGraph {
        let dirCount = net.edgeCount * 2
        var g = ModeGraph(nodeCount: net.nodeCount, arcFrom: [], arcTo: [], arcWeight: [], arcEdgeDir: [],
                          edgeDirStart: [UInt32](repeating: 0, count: dirCount + 1),
                          edgeDirNode: [Int32](repeating: -1, count: dirCount))
        for k in 0..<dirCount {
            g.edgeDirStart[k] = UInt32(g.arcFrom.count)
            let e = k >> 1, forward = k & 1 == 0
            guard net.allows(e, forward: forward, mode) else { continue }
            let tail = forward ? net.edgeFrom[e] : net.edgeTo[e]
            let head = forward ? net.edgeTo[e] : net.edgeFrom[e]
            g.arcFrom.append(tail)
            g.arcTo.append(head)
            g.arcWeight.append(net.weight(e, mode))
            g.arcEdgeDir.append(Int32(k))
            g.edgeDirNode[k] = head
        }
        g.edgeDirStart[dirCount] = UInt32(g.arcFrom.count)
        return g
    }

    // MARK: storage

    func write(to db: SQLiteDatabase, prefix: String) throws {
        try BlobStore.write([Int64(nodeCount)], named: "\(prefix).nodeCount", to: db)
        try BlobStore.write(arcFrom, named: "\(prefix).arcFrom", to: db)
        try BlobStore.write(arcTo, named: "\(prefix).arcTo", to: db)
        try BlobStore.write(arcWeight, named: "\(prefix).arcWeight", to: db)
        try BlobStore.write(arcEdgeDir, named: "\(prefix).arcEdgeDir", to: db)
        try BlobStore.write(edgeDirStart, named: "\(prefix).edgeDirStart", to: db)
        try BlobStore.write(edgeDirNode, named: "\(prefix).edgeDirNode", to: db)
    }

    static func read(from db: SQLiteDatabase, prefix: String) throws -> ModeGraph {
        let n = try BlobStore.require(Int64.self, named: "\(prefix).nodeCount", from: db)
        let g = ModeGraph(
            nodeCount: Int(n.first ?? 0),
            arcFrom: try BlobStore.require(Int32.self, named: "\(prefix).arcFrom", from: db),
            arcTo: try BlobStore.require(Int32.self, named: "\(prefix).arcTo", from: db),
            arcWeight: try BlobStore.require(UInt32.self, named: "\(prefix).arcWeight", from: db),
            arcEdgeDir: try BlobStore.require(Int32.self, named: "\(prefix).arcEdgeDir", from: db),
            edgeDirStart: try BlobStore.require(UInt32.self, named: "\(prefix).edgeDirStart", from: db),
            edgeDirNode: try BlobStore.require(Int32.self, named: "\(prefix).edgeDirNode", from: db))
        let a = g.arcFrom.count
        guard g.arcTo.count == a, g.arcWeight.count == a, g.arcEdgeDir.count == a,
              Int(g.edgeDirStart.last ?? 0) == a, g.edgeDirNode.count + 1 == g.edgeDirStart.count,
              !g.edgeDirNode.contains(where: { $0 >= Int32(g.nodeCount) }) else {
            throw DirectionsErrorMessage("the map's \(prefix) graph is inconsistent; re-import it")
        }
        return g
    }
}
