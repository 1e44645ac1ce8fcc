import RouteItCore

/// OSRM's `lanes` on a car route's intersection: the turn lanes of the road arrived by, each
/// valid when it leads onto the road taken (`TurnLaneAssignment`). None at a roundabout (OSRM's
/// lane handler leaves rings alone) or where the road arriving has no turn lanes.
extension ManeuverBuilder {
    /// `maneuver`: the step announced at this junction, if any (else the route goes on here
    /// without a word, which a through lane matches).
    func laneGuidance(at node: Int32, _ junction: RouteIntersection, arriving: RouteLeg, maneuver: Maneuver?) -> [RouteLane] {
        let text = net.turnLanes.lanes(of: arriving.edge, forward: arriving.forward)
        guard !text.isEmpty, let lanes = TurnLaneAssignment.description(text),
              junction.bearings.indices.contains(junction.into), junction.bearings.indices.contains(junction.out),
              !adjacency.edges(of: node).contains(where: { net.edgeFlags[$0] & EdgeFlags.roundabout != 0 }) else { return [] }
        let roads = laneRoads(junction, arriving: arriving, maneuver: maneuver)
        guard let taken = roads.order.firstIndex(of: junction.out),
              let valid = TurnLaneAssignment.lanes(lanes, roads: roads.roads, taken: taken) else { return [] }
        // Lanes are numbered from the right; the answer lists them from the left.
        return lanes.enumerated().map { i, mask in
            let number = lanes.count - 1 - i
            return RouteLane(indications: TurnLaneAssignment.indications(mask),
                             valid: number >= valid.first && number < valid.first + valid.count)
        }
    }

    /// The junction's roads as OSRM's lane matcher orders them: the one arrived by first, then
    /// by turn angle from the sharpest right to the sharpest left; `order` their junction indices.
    private func laneRoads(_ junction: RouteIntersection, arriving: RouteLeg, maneuver: Maneuver?)
        -> (roads: [TurnLaneAssignment.Road], order: [Int]) {
        let heading = Double(junction.bearings[junction.into] + 180)
        func angle(_ k: Int) -> Double {
            let turn = (Double(junction.bearings[k]) - heading).truncatingRemainder(dividingBy: 360)
            return (540 - (turn + 360).truncatingRemainder(dividingBy: 360)).truncatingRemainder(dividingBy: 360)
        }
        let others = junction.bearings.indices.filter { $0 != junction.into }.sorted { (angle($0), $0) < (angle($1), $1) }
        let order = [junction.into] + others
        // OSRM's obvious way on (no turn said) is the one nearest straight on, alone within 40°.
        let near = others.filter { junction.entry[$0] && abs(angle($0) - 180) <= 40 }
        let obvious = near.count == 1 ? near[0] : nil
        let roads = order.map { k -> TurnLaneAssignment.Road in
            let a = k == junction.into ? 0 : angle(k)
            var road = TurnLaneAssignment.Road(angle: a, entryAllowed: junction.entry[k], modifier: .init(angle: a))
            road.goesOn = k == obvious
            if k == junction.out {
                road.goesOn = true
                if let maneuver { announce(maneuver, on: &road) }
            }
            // A one-way towards the junction (the road arrived by: one the car may not drive back).
            road.reversed = k == junction.into ? !net.allows(arriving.edge, forward: !arriving.forward, mode) : !junction.entry[k]
            return road
        }
        return (roads, order)
    }

    /// The instruction of the road taken where a step is announced, as the lane matcher reads it.
    private func announce(_ maneuver: Maneuver, on road: inout TurnLaneAssignment.Road) {
        let modifiers: [Maneuver.Direction: TurnLaneAssignment.Modifier] = [
            .uTurn: .uTurn, .sharpRight: .sharpRight, .right: .right, .slightRight: .slightRight, .straight: .straight,
            .slightLeft: .slightLeft, .left: .left, .sharpLeft: .sharpLeft]
        if let direction = maneuver.direction, let modifier = modifiers[direction] { road.modifier = modifier }
        switch maneuver.kind {
        case .newName, .notification: road.goesOn = true
        case .continue, .fork: road.goesOn = road.modifier == .slightLeft || road.modifier == .slightRight || road.modifier == .straight
        case .merge: road.goesOn = false; road.merges = true
        default: road.goesOn = road.modifier == .straight
        }
    }
}
