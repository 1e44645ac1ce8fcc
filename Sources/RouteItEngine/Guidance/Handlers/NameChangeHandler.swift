import RouteItCore

/// The street's name changes: "Continue onto" where the route bears on, a turn where it does not,
/// nothing where the name just ends (a bridge, a crossing), and a short unnamed piece running
/// into a named street takes that street's name.
struct NameChangeHandler: GuidanceHandler {
    let rule: ObviousWayRule
    /// OSRM's MAX_COLLAPSE_DISTANCE.
    static let maxCollapseDistance = 30.0

    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.renamed && j.name != draft.name && !j.isOnAnnouncedRoundabout else { return nil }
        let (bearsOn, offObviousWay) = bearing(j, guide)
        let straight = bearsOn || guide.isThroughNode(j.node, arriving: j.arriving.edge, leaving: j.leaving.edge)
        if straight && j.name.isEmpty { return .silent }
        if bearsOn && draft.name.isEmpty && draft.kind != .depart && draft.distance < StepCollapsing.nameAdoptLength {
            return .adoptName
        }
        var next = straight ? ManeuverBuilder.Draft(kind: .continue, name: j.name, turn: j.turn) : guide.turnDraft(j.turn, j.name)
        // OSRM announces some name changes as turns, kept however short: onto a through street,
        // or for walkers onto a way that is not the obvious one.
        let ontoThroughStreet = straight && j.isJunction && guide.isThroughStreet(at: j.node, leaving: j.leaving, besides: j.arriving.edge)
        next.keptAsTurn = straight && j.isJunction && offObviousWay || ontoThroughStreet
        // A driver's obvious way onto a through street is a turn (OSRM's `getInstructionForObvious`),
        // said straight only when narrow and the street runs on past 60 m.
        if ontoThroughStreet && rule == .driver {
            let points = guide.net.points(of: j.leaving.edge)
            let runsOn = points.first!.coordinate.distance(to: points.last!.coordinate) > 2 * Self.maxCollapseDistance
            next.kind = .turn
            next.direction = abs(j.turn) < ManeuverBuilder.narrowTurnAngle && runsOn ? .straight : ManeuverBuilder.direction(j.turn)
        }
        return .step(next)
    }

    /// Whether the route bears on onto the new name, and (walkers) whether it leaves the way
    /// they would obviously take.
    private func bearing(_ j: RouteJunction, _ guide: ManeuverBuilder) -> (bearsOn: Bool, offObviousWay: Bool) {
        let obvious = !j.isJunction || rule.isObvious(j, guide)
        switch rule {
        case .walker:
            // OSRM's foot guidance: from a named way or an unnamed street onto the obvious way, a
            // new name is a name change at any angle (folded when short: Chemin de Fontvieille in
            // Monaco); off an unnamed footway or path onto a street it is a turn.
            let offUnnamedPath = j.arrivingLabel.isEmpty
                && ManeuverBuilder.GuidanceClass(RoadClass(rawValue: guide.net.edgeClass[j.arriving.edge])).isLowPriority
            return (abs(j.turn) < ManeuverBuilder.straightAngle || obvious && !offUnnamedPath, !obvious)
        case .driver:
            return (abs(j.turn) < ManeuverBuilder.straightAngle || obvious && abs(j.turn) < ManeuverBuilder.obviousBendAngle, false)
        }
    }
}
