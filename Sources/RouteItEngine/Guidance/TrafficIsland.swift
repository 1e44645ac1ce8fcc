import RouteItCore

/// A road split around a traffic island, as OSRM's `MergableRoadDetector::IsTrafficIsland` finds
/// it: at a junction of three ways of one street, the two one-ways of that street (one out, one
/// in) run to the same junction a few metres on. OSRM merges the two into one road of the
/// junction's view, with the heading between theirs, so the route going round the island
/// neither turns off nor onto it. Narrower than OSRM's (which also takes an island whose far end
/// alone is such a split): the junction itself must be one, a cheap test that rules out almost
/// every junction of a route before any way is walked.
extension ManeuverBuilder {
    /// OSRM's bounds on the island's length: when both ends are such splits, and when one is.
    static let islandLengthBothEnds = 30.0
    static let islandLengthOneEnd = 15.0
    /// OSRM's MERGABLE_ANGLE_DIFFERENCE: the two halves leave within this of each other.
    static let mergableAngle = 95.0

    /// The heading of `e` leaving `node` (its `forward` end) as one road with its island's other
    /// half, nil when it is no half of an island there.
    func islandHeading(leaving e: Int, forward: Bool, at node: Int32) -> Double? {
        // Cheap tests first: a one-way of a named street at a junction of exactly three ways.
        let bothWays = net.allows(e, forward: true, mode) && net.allows(e, forward: false, mode)
        guard !bothWays, net.edgeFlags[e] & EdgeFlags.roundabout == 0, isSplit(node) else { return nil }
        let label = streetLabel(of: e)
        guard !label.isEmpty else { return nil }
        let leaves = net.allows(e, forward: forward, mode)
        for other in adjacency.edges(of: node) where other != e && net.allows(other, mode) {
            let otherForward = net.edgeFrom[other] == node
            // The other half runs the other way: into the junction where `e` leaves it.
            guard net.allows(other, forward: otherForward, mode) != leaves,
                  !net.allows(other, forward: otherForward, mode) || !net.allows(other, forward: !otherForward, mode),
                  net.edgeClass[other] == net.edgeClass[e], net.edgeFlags[other] & EdgeFlags.roundabout == 0,
                  label.isSameStreet(as: streetLabel(of: other)),
                  let h = junctionHeading(leaving: e, forward: forward, at: node),
                  let g = junctionHeading(leaving: other, forward: otherForward, at: node),
                  abs(ManeuverBuilder.turnAngle(from: h, to: g)) <= ManeuverBuilder.mergableAngle,
                  let end = nextJunction(from: node, by: e, forward: forward),
                  let otherEnd = nextJunction(from: node, by: other, forward: otherForward),
                  end.node == otherEnd.node, end.node != node,
                  let start = end.line.first, let far = end.line.last else { continue }
            let splitsThere = isSplit(end.node)
            let length = Geodesy.distance(start, far)
            guard length < (splitsThere ? ManeuverBuilder.islandLengthBothEnds : ManeuverBuilder.islandLengthOneEnd) else { continue }
            return (h + ManeuverBuilder.turnAngle(from: h, to: g) / 2 + 360).truncatingRemainder(dividingBy: 360)
        }
        return nil
    }

    /// OSRM's pruning distance: a way this short to a junction where it is half of an island
    /// turns with the island's merged heading at its own start too.
    static let islandNeighbourLength = 30.0

    /// The heading of `e` leaving `node` (its `forward` end) as one road with its island's other
    /// half at either end (OSRM's `getIntersectionGeometries`: a short way to a junction where it
    /// is merged turns by the same angle as its far end), nil when it is no island's half.
    func mergedHeading(leaving e: Int, forward: Bool, at node: Int32) -> Double? {
        headingMemo.mergedHeading(e, forward, node) { measuredMergedHeading(leaving: e, forward: forward, at: node) }
    }

    private func measuredMergedHeading(leaving e: Int, forward: Bool, at node: Int32) -> Double? {
        if let h = islandHeading(leaving: e, forward: forward, at: node) { return h }
        if let h = carriagewayHeading(leaving: e, forward: forward, at: node) { return h }
        guard Double(net.edgeLength[e]) <= ManeuverBuilder.islandNeighbourLength else { return nil }
        let far = forward ? net.edgeTo[e] : net.edgeFrom[e]
        guard far != node, let merged = islandHeading(leaving: e, forward: !forward, at: far),
              let back = junctionHeading(leaving: e, forward: !forward, at: far),
              let own = junctionHeading(leaving: e, forward: forward, at: node) else { return nil }
        return (own + ManeuverBuilder.turnAngle(from: back, to: merged) + 360).truncatingRemainder(dividingBy: 360)
    }

    /// Three ways the mode uses meet at `node`, all of one street (OSRM's
    /// `all_same_name_and_degree_three`).
    private func isSplit(_ node: Int32) -> Bool {
        // The three ways in locals, not an array: asked at nearly every junction of a route,
        // where an array's allocation cost more than the test.
        var ways = (-1, -1, -1), count = 0
        for e in adjacency.edges(of: node) where net.allows(e, mode) {
            switch count {
            case 0: ways.0 = e
            case 1: ways.1 = e
            case 2: ways.2 = e
            default: return false
            }
            count += 1
        }
        // Counted before any name is read (names are decoded, counts are not).
        guard count == 3 else { return false }
        let label = streetLabel(of: ways.0), name = net.edgeName[ways.0]
        return !label.isEmpty
            && (net.edgeName[ways.1] == name || label.isSameStreet(as: streetLabel(of: ways.1)))
            && (net.edgeName[ways.2] == name || label.isSameStreet(as: streetLabel(of: ways.2)))
    }
}
