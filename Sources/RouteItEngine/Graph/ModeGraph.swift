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
    /// Per arc, the node it leaves; empty in a map where every arc leaves the node its edge
    /// direction's reverse reaches (the walking graph): see `arcFrom(_:)`.
    var storedArcFrom: Column<Int32>
    /// Per arc, the node it reaches; empty in a map where that is always its edge direction's
    /// node (every graph but a car graph with via-way copies): see `arcTo(_:)`.
    var storedArcTo: Column<Int32>
    var arcWeight: Column<UInt32>
    /// Per arc, its edge direction; ascending, as arcs are grouped by it.
    var arcEdgeDir: Column<Int32>
    /// 2 * edgeCount + 1 offsets, as the builders make them: the arcs of edge direction k are
    /// storedEdgeDirStart[k]..<storedEdgeDirStart[k+1]. Empty in a graph read from a map,
    /// which keeps only `edgeDirSample`.
    var storedEdgeDirStart: Column<UInt32>
    /// Every `sampleStride`-th entry of the offsets, and the arc count last: a direction's arcs
    /// are found by a binary search of `arcEdgeDir` within its block (a map's form).
    var edgeDirSample: Column<UInt32> = []
    /// 2 * edgeCount: the node reached by driving edge direction k, -1 where the mode may not.
    var edgeDirNode: Column<Int32>

    static let sampleStride = 64

    init(nodeCount: Int, arcFrom: Column<Int32>, arcTo: Column<Int32>, arcWeight: Column<UInt32>,
         arcEdgeDir: Column<Int32>, edgeDirStart: Column<UInt32>, edgeDirNode: Column<Int32>) {
        self.nodeCount = nodeCount
        storedArcFrom = arcFrom
        storedArcTo = arcTo
        self.arcWeight = arcWeight
        self.arcEdgeDir = arcEdgeDir
        storedEdgeDirStart = edgeDirStart
        self.edgeDirNode = edgeDirNode
    }

    var arcCount: Int { arcWeight.count }

    /// The node arc `a` leaves.
    @inline(__always) func arcFrom(_ a: Int) -> Int32 {
        storedArcFrom.isEmpty ? edgeDirNode[Int(arcEdgeDir[a] ^ 1)] : storedArcFrom[a]
    }

    /// The node arc `a` reaches.
    @inline(__always) func arcTo(_ a: Int) -> Int32 {
        storedArcTo.isEmpty ? edgeDirNode[Int(arcEdgeDir[a])] : storedArcTo[a]
    }

    func arcs(ofEdge edge: Int, forward: Bool) -> Range<Int> {
        let k = edge * 2 + (forward ? 0 : 1)
        if !storedEdgeDirStart.isEmpty {
            return MapDamage.range(storedEdgeDirStart[k], storedEdgeDirStart[k + 1], count: arcCount)
        }
        let block = k / ModeGraph.sampleStride
        let span = MapDamage.range(edgeDirSample[block], edgeDirSample[block + 1], count: arcCount)
        let lower = firstArc(in: span, atLeast: k)
        return lower..<firstArc(in: lower..<span.upperBound, atLeast: k + 1)
    }

    /// The first arc of `range` whose edge direction is `k` or more (`range.upperBound` if none).
    private func firstArc(in range: Range<Int>, atLeast k: Int) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if Int(arcEdgeDir[middle]) < k { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// `cutEnds`: junctions where a way leaves the extract (bicycles do not U-turn there; cars
    /// do, as at any dead end: `EdgeBasedGraphBuilder`).
    static func build(_ net: RoadNetwork, mode: TransportType, restrictions: [TurnRestriction],
                      obstacles: [Int32: [RoadObstacle]] = [:], viaNodeIndex: (Int64) -> Int32?,
                      cutEnds: Set<Int32> = []) -> ModeGraph {
        switch mode {
        case .car:
            return EdgeBasedGraphBuilder.build(net, restrictions: restrictions, viaNodeIndex: viaNodeIndex, obstacles: obstacles)
        case .walk: return junctionGraph(net, mode: mode, obstacles: obstacles)
        case .bike: return BicycleGraphBuilder.build(net, restrictions: restrictions, viaNodeIndex: viaNodeIndex,
                                                     obstacles: obstacles, cutEnds: cutEnds)
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
            g.storedEdgeDirStart[k] = UInt32(g.storedArcFrom.count)
            let e = k >> 1, forward = k & 1 == 0
            guard net.allows(e, forward: forward, mode) else { continue }
            let tail = forward ? net.edgeFrom[e] : net.edgeTo[e]
            let head = forward ? net.edgeTo[e] : net.edgeFrom[e]
            g.storedArcFrom.append(endNode[e * 2 + (forward ? 0 : 1)] ?? tail)
            g.storedArcTo.append(endNode[e * 2 + (forward ? 1 : 0)] ?? head)
            let signals = obstacles[head]?.contains { $0.kind == .trafficSignals } == true
            g.arcWeight.append(net.weight(e, forward: forward, mode) &+ (signals ? RoutingProfile.of(mode).signalWaitMs : 0))
            g.arcEdgeDir.append(Int32(k))
            g.edgeDirNode[k] = g.storedArcTo[g.storedArcTo.count - 1]
        }
        g.storedEdgeDirStart[dirCount] = UInt32(g.storedArcFrom.count)
        return g
    }
}
