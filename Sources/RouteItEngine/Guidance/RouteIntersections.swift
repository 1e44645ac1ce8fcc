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
        var turns: [LaneAnticipation.Turn] = []
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
                let maneuver = step.flatMap { InstructionText.maneuver(from: $0.instruction) }
                junction.lanes = laneGuidance(at: node, arriving: legs[previous], leaving: legs[i], maneuver: maneuver)
                turns.append(laneTurn(junction, maneuver: maneuver))
            }
            found.append(junction)
        }
        guard mode == .car, !found.isEmpty else { return found }
        // Each junction's distance to the next (the last's to the route's end).
        let total = legs.reduce(0) { $0 + $1.distance }
        for k in turns.indices { turns[k].distance = (k + 1 < found.count ? found[k + 1].distance : total) - found[k].distance }
        return LaneAnticipation.anticipated(found, turns: turns)
    }

    /// How the route turns at a junction, for `LaneAnticipation`: as the step said there says,
    /// else unsaid, to the side its angle lies (OSRM's suppressed turns keep their direction).
    func laneTurn(_ junction: RouteIntersection, maneuver: Maneuver?) -> LaneAnticipation.Turn {
        // A map truncated under a running server reads as zeros: a junction there can list no
        // ways at all (the answer is refused as damaged afterwards; it must not trap first).
        guard junction.bearings.indices.contains(junction.out), junction.bearings.indices.contains(junction.into) else {
            return .init(distance: 0, suppressed: true, left: false, right: false)
        }
        let turn = ((Double(junction.bearings[junction.out]) - Double(junction.bearings[junction.into] + 180))
            .truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        var modifier = TurnLaneAssignment.Modifier(angle: (540 - turn).truncatingRemainder(dividingBy: 360))
        let lefts: Set<Maneuver.Direction> = [.slightLeft, .left, .sharpLeft], rights: Set<Maneuver.Direction> = [.slightRight, .right, .sharpRight]
        guard let maneuver else { return .init(distance: 0, suppressed: true, left: modifier.isLeft, right: modifier.isRight) }
        if let direction = maneuver.direction {
            modifier = lefts.contains(direction) ? .left : rights.contains(direction) ? .right : .straight
        }
        // A merge's side is mirrored: merging left is a right turn onto the road.
        let merge = maneuver.kind == .merge
        return .init(distance: 0, suppressed: false, left: merge ? modifier.isRight : modifier.isLeft, right: merge ? modifier.isLeft : modifier.isRight)
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
