import RouteItCore

/// Walking a road from a junction to the next one, as OSRM's guidance does on its node-based
/// graph (`skipDegreeTwoNodes`): nodes where only two ways the mode may use meet (a way's end
/// joining the next, a traffic signal) are no junctions and are passed.
extension ManeuverBuilder {
    /// Where a walk along a road ends: the junction `node`, reached by `edge` driven `forward`,
    /// `length` metres from the start, with the walked points (the start's first).
    struct RoadEnd {
        var node: Int32
        var edge: Int
        var forward: Bool
        var length: Double
        var line: [Coordinate]

        /// The edge driven into the junction, as a leg the junction readings take.
        var arrivingLeg: RouteLeg {
            RouteLeg(edge: edge, from: forward ? 0 : 1, to: forward ? 1 : 0, ms: 0, distance: 0)
        }
    }

    /// Most edges a walk passes before it gives up (OSRM's sliproad walk takes 10 hops).
    static let roadWalkEdges = 10

    /// The next junction along `edge` left from `node` at its `forward` end, nil where the walk
    /// loops back or runs on too long.
    func nextJunction(from node: Int32, by edge: Int, forward: Bool) -> RoadEnd? {
        var at = node, by = edge, ahead = forward
        var end = RoadEnd(node: node, edge: edge, forward: forward, length: 0, line: [])
        for _ in 0..<ManeuverBuilder.roadWalkEdges {
            var points = net.points(of: by).map(\.coordinate)
            if !ahead { points.reverse() }
            for p in points where end.line.last != p { end.line.append(p) }
            end.length += Double(net.edgeLength[by])
            let next = ahead ? net.edgeTo[by] : net.edgeFrom[by]
            end.node = next
            end.edge = by
            end.forward = ahead
            guard next != node, next != at, end.line.count >= 2 else { return nil }
            let others = adjacency.edges(of: next).filter { $0 != by && net.allows($0, mode) }
            guard others.count == 1, net.edgeFrom[others[0]] != net.edgeTo[others[0]] else { return end }
            at = next
            by = others[0]
            ahead = net.edgeFrom[by] == next
        }
        return nil
    }

    /// A way at a junction as OSRM's intersection lists it: every way the mode uses, enterable
    /// or not, with its turn angle from the heading in (right > 0).
    func roadsMet(at end: RoadEnd) -> [CarRoad] {
        carRoads(at: end.node, arrivingBy: end.arrivingLeg, inBearing: arrivingHeading(at: end))
    }

    /// The heading a walk arrives at its junction with.
    func arrivingHeading(at end: RoadEnd) -> Double { arrivingHeading(end.arrivingLeg, at: end.node, along: end.line) }
}
