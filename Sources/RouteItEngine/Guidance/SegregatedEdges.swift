import RouteItCore

/// The short pieces inside a junction of divided roads (the link between the two carriageways
/// where a divided road crosses another), as OSRM's `findSegregatedNodes` marks them: a step
/// that starts on one is read with the step after it as one maneuver
/// (`StepCollapsing.collapseSegregated`).
extension ManeuverBuilder {
    /// OSRM's INTERNAL_LENGTH_MAX: the longest piece that can be inside a junction, metres.
    static let segregatedLength = 32.0
    /// Within this of straight on, a one-way joining or leaving the piece is the piece's own
    /// road going on (OSRM's INTERNAL_STRAIGHT bounds, 150–210°).
    static let segregatedStraightAngle = 30.0
    /// OSRM's `getTurnDirection`: beyond this a turn is a plain or sharp one to its side.
    static let segregatedSideAngle = 40.0

    /// Whether the piece `edge`, left from `node` at its `forward` end, is inside a junction of
    /// divided roads: short, not a roundabout, with a one-way road of a street's class arriving
    /// at its start and one leaving at its end, both across it, and every road met turning to
    /// one side only.
    func isSegregated(leaving node: Int32, by edge: Int, forward: Bool) -> Bool {
        guard Double(net.edgeLength[edge]) <= ManeuverBuilder.segregatedLength, net.edgeFlags[edge] & EdgeFlags.roundabout == 0,
              let end = nextJunction(from: node, by: edge, forward: forward), end.length <= ManeuverBuilder.segregatedLength,
              let out = closeHeading(leaving: edge, forward: forward) else { return false }
        var sides = Sides()
        // Roads arriving at the start, turning onto the piece.
        var onewayIn = false
        for e in adjacency.edges(of: node) where e != edge && net.allows(e, mode) {
            let arrivesForward = net.edgeTo[e] == node
            guard net.edgeFrom[e] != net.edgeTo[e], net.allows(e, forward: arrivesForward, mode) else { continue }
            guard let back = closeHeading(leaving: e, forward: !arrivesForward) else { continue }
            let turn = ManeuverBuilder.turnAngle(from: back + 180, to: out)
            sides.incoming.note(turn)
            if isCarriageway(e) && abs(turn) >= ManeuverBuilder.segregatedStraightAngle { onewayIn = true }
        }
        guard onewayIn else { return false }
        // Roads leaving the end, turned onto from the piece.
        guard let back = closeHeading(leaving: end.edge, forward: !end.forward) else { return false }
        let arrival = back + 180
        var onewayOut = false
        for e in adjacency.edges(of: end.node) where e != end.edge && net.allows(e, mode) {
            let leavesForward = net.edgeFrom[e] == end.node
            guard net.edgeFrom[e] != net.edgeTo[e], net.allows(e, forward: leavesForward, mode) else { continue }
            guard let away = closeHeading(leaving: e, forward: leavesForward) else { continue }
            let turn = ManeuverBuilder.turnAngle(from: arrival, to: away)
            sides.outgoing.note(turn)
            if isCarriageway(e) && abs(turn) >= ManeuverBuilder.segregatedStraightAngle { onewayOut = true }
        }
        guard onewayOut else { return false }
        return sides.isOneSided
    }

    /// The heading of edge `e` left by its `forward` end towards its first point a metre or more
    /// away, as OSRM's `GetCoordinateCloseToTurn` reads the angles here.
    func closeHeading(leaving e: Int, forward: Bool) -> Double? {
        heading(leaving: e, forward: forward, over: 1)
    }

    /// A one-way road of a street's class (no link, nothing below a living street): one
    /// carriageway of a divided road.
    private func isCarriageway(_ e: Int) -> Bool {
        let bothWays = net.allows(e, forward: true, mode) && net.allows(e, forward: false, mode)
        guard !bothWays, let cls = RoadClass(rawValue: net.edgeClass[e]) else { return false }
        switch cls {
        case .motorway, .trunk, .primary, .secondary, .tertiary, .residential, .livingStreet: return true
        default: return false
        }
    }

    /// Which sides the roads met at a piece's two ends turn to.
    private struct Sides {
        struct Turns {
            var left = false, right = false
            mutating func note(_ turn: Double) {
                if turn <= -ManeuverBuilder.segregatedSideAngle && turn > -180 { left = true }
                if turn >= ManeuverBuilder.segregatedSideAngle && turn < 180 { right = true }
            }
        }
        var incoming = Turns(), outgoing = Turns()

        /// No turn onto the piece and off it to opposite sides, nor off it to both sides.
        var isOneSided: Bool {
            !(incoming.left && outgoing.right) && !(incoming.right && outgoing.left) && !(outgoing.left && outgoing.right)
        }
    }
}
