import RouteItCore

/// How many of OSRM's graph nodes each node of an edge-based graph (car, bicycle) stands for,
/// so that a component's size is measured as OSRM's `--small-component-size` measures it.
/// OSRM builds its graph from the mode's roads alone and merges a road's stretches where
/// nothing else meets (its graph compressor: two roads at a node, same name, class, flags
/// and one-way direction, no barrier or restriction there); RouteIt's edges are cut wherever
/// any way meets, a footway crossing included. Counted per edge, a piece of Helsinki's car
/// graph is 2.6 times OSRM's, so a piece OSRM leaves small (every end snaps to its nearest
/// road) came out big, and points near its fragments were moved hundreds of metres away.
enum CompressedRoadCount {
    /// Per graph node: 1 where the edge direction begins a stretch OSRM keeps as its own node,
    /// 0 where it continues the one before (its start is a node OSRM compresses). Nodes beyond
    /// the edge directions (via-way copies, which OSRM duplicates too) count 1.
    static func weights(_ graph: ModeGraph, _ net: RoadNetwork, mode: TransportType,
                        keptNodes: Set<Int32>) -> [UInt8] {
        var weight = [UInt8](repeating: 1, count: graph.nodeCount)
        // Per junction, how many of the mode's roads meet there (up to 3) and the first two.
        var roads = [UInt8](repeating: 0, count: net.nodeCount)
        var pair = [Int32](repeating: -1, count: net.nodeCount * 2)
        func meet(_ node: Int32, _ e: Int) {
            let n = Int(node)
            if roads[n] < 2 { pair[n * 2 + Int(roads[n])] = Int32(e) }
            if roads[n] < 3 { roads[n] += 1 }
        }
        for e in 0..<net.edgeCount where net.allows(e, mode) {
            meet(net.edgeFrom[e], e)
            if net.edgeTo[e] != net.edgeFrom[e] { meet(net.edgeTo[e], e) }
        }
        for k in 0..<net.edgeCount * 2 {
            let node = graph.edgeDirNode[k]
            guard node >= 0, Int(node) < weight.count else { continue }
            let via = net.tail(ofDirection: k)
            guard roads[via] == 2, !keptNodes.contains(Int32(via)) else { continue }
            let first = Int(pair[via * 2]), second = Int(pair[via * 2 + 1])
            let other = first == k >> 1 ? second : first
            guard other >= 0, other != k >> 1 else { continue }
            // The other road driven towards `via`, whether or not the mode may take it that way.
            let before = Int(net.edgeTo[other]) == via ? other * 2 : other * 2 + 1
            if continues(before, into: k, net, mode: mode) { weight[Int(node)] = 0 }
        }
        return weight
    }

    /// OSRM's `CanCombineWith` as far as RouteIt keeps it: one name, one class, the same
    /// flags (roundabout, ferry…), and one-way the same way on both stretches.
    private static func continues(_ before: Int, into k: Int, _ net: RoadNetwork, mode: TransportType) -> Bool {
        let a = before >> 1, b = k >> 1
        guard a != b, net.edgeName[a] == net.edgeName[b], net.edgeClass[a] == net.edgeClass[b] else { return false }
        // The foot bit and the car's directions are no flags of this mode's road.
        let lanes = SecondEdgeFlags.turnLanesForward | SecondEdgeFlags.turnLanesBackward  // guidance's, not the road's
        let shared = EdgeFlags.roundabout | (mode == .car ? EdgeFlags.carRestricted | EdgeFlags.carNoEndpoint : 0)
        guard net.edgeFlags[a] & shared == net.edgeFlags[b] & shared,
              mode != .bike || net.edgeSecondFlags[a] & ~lanes == net.edgeSecondFlags[b] & ~lanes else { return false }
        return net.allows(direction: before, mode) == net.allows(direction: k, mode)
            && net.allows(direction: before ^ 1, mode) == net.allows(direction: k ^ 1, mode)
    }
}
