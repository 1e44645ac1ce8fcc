import RouteItCore

/// The junctions a route passes, as OSRM lists them in its steps' `intersections`: wherever
/// another way the mode may take meets the route (`isJunction`) but driveways alone (OSRM's
/// `DrivewayHandler` makes no turn there), each way there by its heading leaving the junction
/// as OSRM keeps it (`keptBearing`), whether the route may go on by it, and the ways it arrives
/// and leaves by; by car, the lanes of the road arrived by (`laneGuidance`).
extension ManeuverBuilder {
    /// `steps`: the route's steps, whose maneuvers say how the route turns where they start.
    func intersections(along legs: [RouteLeg], steps: [RouteStep] = []) -> [RouteIntersection] {
        let route = guided(legs)
        var found: [RouteIntersection] = []
        var travelled = 0.0
        var last: Int?
        for i in legs.indices {
            defer { travelled += legs[i].distance }
            guard route.isMeaningful[i] else { continue }
            guard let previous = last else { last = i; continue }
            last = i
            let node = endNode(legs[previous])
            guard isJunction(node), !isDrivewayJunction(at: node, arrivingBy: legs[previous], leaving: legs[i]),
                  let location = route.coords[i].first else { continue }
            var junction = intersection(at: node, location: location, distance: travelled, arriving: legs[previous], leaving: legs[i])
            if mode == .car {
                let step = steps.first { $0.polyline.first.map { $0.distance(to: location) < 1 } ?? false }
                junction.lanes = laneGuidance(at: node, arriving: legs[previous], leaving: legs[i],
                                              maneuver: step.flatMap { InstructionText.maneuver(from: $0.instruction) })
            }
            found.append(junction)
        }
        return found
    }

    private func intersection(at node: Int32, location: Coordinate, distance: Double,
                              arriving: RouteLeg, leaving: RouteLeg) -> RouteIntersection {
        // Each way leaving the node: an edge from and to it (a loop) leaves it both ways.
        var ways: [(edge: Int, forward: Bool, bearing: Int)] = []
        for e in adjacency.edges(of: node) where net.allows(e, mode) {
            for forward in [true, false] where (forward ? net.edgeFrom[e] : net.edgeTo[e]) == node {
                guard !ways.contains(where: { $0.edge == e && $0.forward == forward }) else { continue }
                let heading = perceivedHeading(leaving: e, forward: forward, at: node) ?? junctionHeading(leaving: e, forward: forward, at: node) ?? 0
                ways.append((e, forward, Int(keptBearing(heading, at: node).rounded()) % 360))
            }
        }
        ways.sort { ($0.bearing, $0.edge) < ($1.bearing, $1.edge) }
        // The way arrived by leaves the node against the leg's direction.
        let into = ways.firstIndex { $0.edge == arriving.edge && $0.forward != arriving.forward } ?? 0
        let out = ways.firstIndex { $0.edge == leaving.edge && $0.forward == leaving.forward } ?? 0
        let entry = ways.indices.map { k in
            k == out || (k != into && net.allows(ways[k].edge, forward: ways[k].forward, mode)
                         && allowsTurn(from: arriving, onto: ways[k].edge, forward: ways[k].forward))
        }
        return RouteIntersection(location: location, distance: distance, bearings: ways.map(\.bearing), entry: entry, into: into, out: out)
    }
}
