import RouteItCore

/// The directed graph one mode routes on. Arcs are grouped by the "edge direction" they drive
/// (edge * 2 + 0 for from→to, + 1 for to→from). Walking uses the junction graph (nodes are
/// junctions, an arc per edge direction); cars use the edge-based graph of
/// `EdgeBasedGraphBuilder`, bicycles that of `BicycleGraphBuilder` (nodes are edge directions, arcs are turns with their cost).
/// Either way, driving edge direction k ends at node `edgeDirNode[k]`; in the car graph also at
/// the copies `ViaWayCopies` adds (beyond the edge directions' nodes), reached only along a
/// via-way restriction's path, whose arcs are grouped with the edge direction they drive too.
struct ModeGraph {
    var nodeCount: Int
    var arcFrom: Column<Int32>
    var arcTo: Column<Int32>
    var arcWeight: Column<UInt32>
    var arcEdgeDir: Column<Int32>
    /// 2 * edgeCount + 1 offsets: the arcs of edge direction k are edgeDirStart[k]..<edgeDirStart[k+1].
    var edgeDirStart: Column<UInt32>
    /// 2 * edgeCount: the node reached by driving edge direction k, -1 where the mode may not.
    var edgeDirNode: Column<Int32>

    var arcCount: Int { arcFrom.count }

    func arcs(ofEdge edge: Int, forward: Bool) -> Range<Int> {
        let k = edge * 2 + (forward ? 0 : 1)
        return MapDamage.range(edgeDirStart[k], edgeDirStart[k + 1], count: arcFrom.count)
    }

    /// `cutEnds`: junctions where a way leaves the extract (cars and bicycles do not U-turn there).
    static func build(_ net: RoadNetwork, mode: TransportType, restrictions: [TurnRestriction],
                      obstacles: [Int32: [RoadObstacle]] = [:], viaNodeIndex: (Int64) -> Int32?,
                      cutEnds: Set<Int32> = []) -> ModeGraph {
        switch mode {
        case .car:
            return EdgeBasedGraphBuilder.build(net, restrictions: restrictions, viaNodeIndex: viaNodeIndex, obstacles: obstacles,
                                               cutEnds: cutEnds)
        case .walk: return junctionGraph(net, mode: mode, obstacles: obstacles)
        case .bike: return BicycleGraphBuilder.build(net, obstacles: obstacles, cutEnds: cutEnds)
        }
    }

    /// Junctions as nodes, one arc per edge direction the mode may use, no turn costs; walking
    /// through traffic signals costs foot.lua's `traffic_signal_penalty` (charged on arriving).
    /// A junction walkers cannot pass (`RoadObstacle.walkBarrier`) is a node of its own for each
    /// edge at it: arriving along an edge, the walker may only turn back along it, as OSRM's
    /// barrier nodes allow.
    static func junctionGraph(_ net: RoadNetwork, mode: TransportType, obstacles: [Int32: [RoadObstacle]] = [:]) -> ModeGraph {
        let dirCount = net.edgeCount * 2
        let barriers = Set(obstacles.compactMap { node, list in list.contains { $0.kind == .walkBarrier } ? node : nil })
        // Per edge end (edge × 2, + 1 at its `to` end) at a barrier, that end's own node.
        var endNode: [Int: Int32] = [:]
        var nodeCount = net.nodeCount
        if mode == .walk && !barriers.isEmpty {
            for e in 0..<net.edgeCount {
                for (end, node) in [(0, net.edgeFrom[e]), (1, net.edgeTo[e])] where barriers.contains(node) {
                    endNode[e * 2 + end] = Int32(nodeCount)
                    nodeCount += 1
                }
            }
        }
        var g = ModeGraph(nodeCount: nodeCount, arcFrom: [], arcTo: [], arcWeight: [], arcEdgeDir: [],
                          edgeDirStart: Column([UInt32](repeating: 0, count: dirCount + 1)),
                          edgeDirNode: Column([Int32](repeating: -1, count: dirCount)))
        for k in 0..<dirCount {
            g.edgeDirStart[k] = UInt32(g.arcFrom.count)
            let e = k >> 1, forward = k & 1 == 0
            guard net.allows(e, forward: forward, mode) else { continue }
            let tail = forward ? net.edgeFrom[e] : net.edgeTo[e]
            let head = forward ? net.edgeTo[e] : net.edgeFrom[e]
            g.arcFrom.append(endNode[e * 2 + (forward ? 0 : 1)] ?? tail)
            g.arcTo.append(endNode[e * 2 + (forward ? 1 : 0)] ?? head)
            let signals = obstacles[head]?.contains { $0.kind == .trafficSignals } == true
            g.arcWeight.append(net.weight(e, forward: forward, mode) &+ (signals ? RoutingProfile.of(mode).signalWaitMs : 0))
            g.arcEdgeDir.append(Int32(k))
            g.edgeDirNode[k] = g.arcTo[g.arcTo.count - 1]
        }
        g.edgeDirStart[dirCount] = UInt32(g.arcFrom.count)
        return g
    }

    // MARK: storage

    func write(to sections: MapSectionWriter, prefix: String) throws {
        try sections.write([Int64(nodeCount)], named: "\(prefix).nodeCount")
        try sections.write(arcFrom, named: "\(prefix).arcFrom")
        try sections.write(arcTo, named: "\(prefix).arcTo")
        try sections.write(arcWeight, named: "\(prefix).arcWeight")
        try sections.write(arcEdgeDir, named: "\(prefix).arcEdgeDir")
        try sections.write(edgeDirStart, named: "\(prefix).edgeDirStart")
        try sections.write(edgeDirNode, named: "\(prefix).edgeDirNode")
    }

    /// Maps the graph; counts are checked here, values on use.
    static func read(from sections: MapSections, prefix: String) throws -> ModeGraph {
        let n: Column<Int64> = try sections.column("\(prefix).nodeCount")
        let g = ModeGraph(
            nodeCount: Int(n.first ?? 0),
            arcFrom: try sections.column("\(prefix).arcFrom"),
            arcTo: try sections.column("\(prefix).arcTo"),
            arcWeight: try sections.column("\(prefix).arcWeight"),
            arcEdgeDir: try sections.column("\(prefix).arcEdgeDir"),
            edgeDirStart: try sections.column("\(prefix).edgeDirStart"),
            edgeDirNode: try sections.column("\(prefix).edgeDirNode"))
        let a = g.arcFrom.count
        guard n.count == 1, g.nodeCount >= 0, g.nodeCount < Int32.max,
              g.arcTo.count == a, g.arcWeight.count == a, g.arcEdgeDir.count == a,
              Int(g.edgeDirStart.last ?? 0) == a, g.edgeDirNode.count + 1 == g.edgeDirStart.count else {
            throw MapSectionsError.damaged
        }
        return g
    }
}
