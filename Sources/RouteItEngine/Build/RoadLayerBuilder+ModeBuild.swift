import RouteItCore

/// One mode's routing data as the import builds it: the graph (turns, restrictions, obstacles),
/// its contraction hierarchy, laid out for the queries' page reads, and its components.
extension RoadLayerBuilder {
    /// One mode laid out (`HierarchyLayout`), with its component of each edge.
    struct BuiltMode {
        var graph: ModeGraph
        var ch: ContractionHierarchy
        var components: [Int32]
        /// No piece is big (`EdgeComponents.smallOnly`).
        var smallOnly: Bool
    }

    /// Builds one mode's graph and hierarchy (its core left as `RoutingProfile.coreLimit` says)
    /// and lays them out, with the mode's component of each edge.
    static func buildMode(_ mode: TransportType, _ net: RoadNetwork, restrictions: [TurnRestriction],
                                  obstacles: [Int32: [RoadObstacle]], viaIndex: (Int64) -> Int32?, cutEnds: Set<Int32> = [],
                                  smallSize: Int, progress: (Double) throws -> Void) throws -> BuiltMode {
        var graph = ModeGraph.build(net, mode: mode, restrictions: restrictions, obstacles: obstacles, viaNodeIndex: viaIndex,
                                    cutEnds: cutEnds)
        // Walking's junction graph has no stretches to merge: its nodes are counted as they are.
        let weights = mode == .walk ? nil : CompressedRoadCount.weights(graph, net, mode: mode,
                                                                       keptNodes: keptJunctions(net, restrictions, obstacles, viaIndex))
        let (components, smallOnly) = EdgeComponents.label(graph, edgeCount: net.edgeCount, smallSize: smallSize, nodeWeights: weights)
        ImportMemoryTrace.mark("roads: \(mode) graph (\(graph.arcCount) arcs)")
        var ch = try hierarchy(graph, net: net, coreLimit: RoutingProfile.of(mode).coreLimit, progress: progress)
        ImportMemoryTrace.mark("roads: \(mode) hierarchy (\(ch.shortcutCount) shortcuts)")
        let layout = HierarchyLayout(graph: graph, ch: ch, net: net)
        graph = layout.apply(to: graph)
        ch = layout.apply(to: ch)
        ch.landmarks = CoreLandmarks.build(ch)
        ImportMemoryTrace.mark("roads: \(mode) laid out")
        return BuiltMode(graph: graph, ch: ch, components: components, smallOnly: smallOnly)
    }

    /// The contraction hierarchy of `graph` (its builder's working lists go with the call).
    static func hierarchy(_ graph: ModeGraph, net: RoadNetwork, coreLimit: Int,
                                  progress: (Double) throws -> Void) throws -> ContractionHierarchy {
        var builder = CHBuilder(graph, arcMasks: graph.arcMasks(net))
        builder.coreLimit = coreLimit
        return try builder.build(progress: progress)
    }

    /// Junctions OSRM never merges a road across: restrictions' via nodes and barriers (its
    /// graph compressor merges across traffic signals, stop signs and the like).
    static func keptJunctions(_ net: RoadNetwork, _ restrictions: [TurnRestriction], _ obstacles: [Int32: [RoadObstacle]],
                              _ viaIndex: (Int64) -> Int32?) -> Set<Int32> {
        let barriers: Set<RoadObstacle.Kind> = [.barrier, .walkBarrier, .bikeBarrier]
        var kept = Set(obstacles.compactMap { node, list in list.contains { barriers.contains($0.kind) } ? node : nil })
        for r in restrictions {
            if let node = r.viaNode, let via = viaIndex(node) { kept.insert(via) }
        }
        return kept
    }
}
