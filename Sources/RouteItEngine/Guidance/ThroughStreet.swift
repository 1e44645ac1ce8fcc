import RouteItCore

/// OSRM's through streets (`isThroughStreet`): the way the route takes at a junction runs on
/// beyond it, because another way there carries the same name and class and leaves in nearly
/// the opposite direction. OSRM's obvious turn onto one (`getInstructionForObvious`) is no
/// "new name": from a ramp onto a ramp it says nothing at all (two slip roads joining, the
/// name the joined one carries is not announced), elsewhere it is a turn, which is kept however
/// short the stretch after it, where a short "new name" would fold away.
extension ManeuverBuilder {
    /// Whether the way `leg` leaves `node` by is a through street there, the way the route
    /// arrived by (`arriving`) left out.
    func isThroughStreet(at node: Int32, leaving leg: RouteLeg, besides arriving: Int) -> Bool {
        let label = streetLabel(of: leg.edge)
        guard !label.isEmpty else { return false }
        // OSRM compares the two ways' perceived bearings (read from their first metres as its
        // guidance reads them), only asked where the street's name meets itself.
        func perceived(_ e: Int) -> Double {
            perceivedHeading(leaving: e, forward: net.edgeFrom[e] == node, at: node) ?? leavingHeading(e, at: node)
        }
        var out: Double?
        // Only ways the mode travels: an edge dropped for a parallel one (`keepOneOfParallelFootEdges`)
        // is not in OSRM's graph at all.
        return adjacency.edges(of: node).contains { e in
            guard e != leg.edge, e != arriving, net.allows(e, mode), net.edgeClass[e] == net.edgeClass[leg.edge], streetLabel(of: e) == label
            else { return false }
            if out == nil { out = perceived(leg.edge) }
            let between = abs(ManeuverBuilder.turnAngle(from: out ?? 0, to: perceived(e)))
            return between > 180 - ManeuverBuilder.fuzzyAngleDifference
        }
    }

    /// The obvious way onto a through street under another name, as OSRM's
    /// `getInstructionForObvious` says it: a turn, "straight" when it bends off less than 40°
    /// and the street runs on past 60 m to its next junction, else in the way it bends.
    func throughStreetTurn(_ j: RouteJunction) -> Draft {
        let ahead = nextJunction(from: j.node, by: j.leaving.edge, forward: j.leaving.forward)
        let reach = ahead.flatMap { end in end.line.first.flatMap { start in end.line.last.map { start.distance(to: $0) } } } ?? 0
        let straight = abs(j.turn) < ManeuverBuilder.narrowTurnAngle && reach > 2 * ManeuverBuilder.collapseDistance
        return Draft(kind: .turn, direction: straight ? .straight : ManeuverBuilder.direction(j.turn), name: j.name, turn: j.turn)
    }

    /// A ramp running into a ramp that goes on through the junction: no step, whatever the
    /// joined ramp is called.
    func isRampOntoThroughRamp(at node: Int32, arrivingBy prev: RouteLeg, leaving leg: RouteLeg) -> Bool {
        guard let from = RoadClass(rawValue: net.edgeClass[prev.edge]), let to = RoadClass(rawValue: net.edgeClass[leg.edge]),
              from.isRamp, to.isRamp else { return false }
        return isThroughStreet(at: node, leaving: leg, besides: prev.edge)
    }

    /// The heading of edge `e` leaving `node`, whichever end of it `node` is, read straight from
    /// the map's points.
    func leavingHeading(_ e: Int, at node: Int32) -> Double {
        junctionHeading(leaving: e, forward: net.edgeFrom[e] == node, at: node) ?? 0
    }
}

extension RoadClass {
    /// OSRM's ramp class (`IsRampClass`): the slip road of a motorway or a trunk road.
    var isRamp: Bool { self == .motorwayLink || self == .trunkLink }
}
