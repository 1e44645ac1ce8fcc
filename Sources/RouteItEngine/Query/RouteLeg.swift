import RouteItCore

/// A stretch of one edge travelled by a route, between two fractions of it (from > to when
/// driven against the edge's direction), with its exact share of the route's cost (the turn
/// onto the edge included).
struct RouteLeg {
    var edge: Int
    var from: Double
    var to: Double
    var ms: UInt32
    var distance: Double
    /// The turn onto it carried a weight-only charge (`TurnCostModel.isCharged`).
    var charged = false
    /// `ms` on the road alone, without the turn (and traffic signal) onto it: OSRM's annotation
    /// durations leave turns out.
    var roadMs: UInt32 = 0

    var forward: Bool { to >= from }

    /// Whether a car's legs turn round where a way leaves the map's extract: back along an edge
    /// that reaches the map's edge (`SecondEdgeFlags.reachesMapEdge`), at a junction where the
    /// car can go no other way (so at its cut end, not at a barrier on the way there).
    static func turnRoundAtMapEdge(_ legs: [RouteLeg], net: RoadNetwork, adjacency: NodeAdjacency) -> Bool {
        zip(legs, legs.dropFirst()).contains { a, b in
            guard b.goesBack(along: a), net.reachesMapEdge(a.edge) else { return false }
            let end = a.forward ? net.edgeTo[a.edge] : net.edgeFrom[a.edge]
            return !adjacency.edges(of: end).contains { $0 != a.edge && net.allows(Int($0), .car) }
        }
    }

    /// Turns a search path into legs; the legs' `ms` add up to `path.cost` exactly.
    static func legs(of path: SearchPath, source: PhantomNode, target: PhantomNode,
                     graph: ModeGraph, net: RoadNetwork, mode: TransportType) -> [RouteLeg] {
        func leg(_ edge: Int, _ from: Double, _ to: Double, ms: UInt32? = nil, weight: UInt32? = nil) -> RouteLeg {
            let road = ModeRouter.partial(net.weight(edge, forward: to >= from, mode), abs(to - from))
            return RouteLeg(edge: edge, from: from, to: to, ms: ms ?? road, distance: Double(net.edgeLength[edge]) * abs(to - from),
                            charged: weight.map { $0 != ms } ?? false, roadMs: min(road, ms ?? road))
        }
        /// An arc's weight less what is weight only: a car's charge for entering a road closed to
        /// through traffic.
        func time(_ weight: UInt32, driving: UInt32) -> UInt32 {
            guard TurnCostModel.isCharged(turn: weight &- driving, mode) else { return weight }
            return weight &- TurnCostModel.osrmCar.restrictedEntryPenalty
        }
        if path.direct { return [leg(source.edge, source.fraction, target.fraction)] }
        var legs: [RouteLeg] = []
        let sForward = path.sourceEdgeDir & 1 == 0
        legs.append(leg(source.edge, source.fraction, sForward ? 1 : 0))
        for a in path.arcs {
            let k = Int(graph.arcEdgeDir[Int(a)])
            let weight = graph.arcWeight[Int(a)]
            legs.append(leg(k >> 1, k & 1 == 0 ? 0 : 1, k & 1 == 0 ? 1 : 0,
                            ms: time(weight, driving: net.weight(k >> 1, forward: k & 1 == 0, mode)), weight: weight))
        }
        let tForward = path.targetEdgeDir & 1 == 0
        let driven = ModeRouter.partial(net.weight(target.edge, forward: tForward, mode), abs(target.fraction - (tForward ? 0 : 1)))
        legs.append(leg(target.edge, tForward ? 0 : 1, target.fraction, ms: time(path.targetCost, driving: driven),
                        weight: path.targetCost))
        return legs
    }
}
