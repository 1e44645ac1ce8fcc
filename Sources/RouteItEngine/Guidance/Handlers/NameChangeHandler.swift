import RouteItCore

/// The street's name changes: "Continue onto" where the route bears on, a turn where it does not,
/// nothing where the name just ends (a bridge, a crossing), and a short unnamed piece running
/// into a named street takes that street's name.
struct NameChangeHandler: GuidanceHandler {
    let rule: ObviousWayRule

    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.renamed && j.name != draft.name && !j.isOnAnnouncedRoundabout else { return nil }
        let (bearsOn, offObviousWay) = bearing(j, guide)
        let straight = bearsOn || guide.isThroughNode(j.node, arriving: j.arriving.edge, leaving: j.leaving.edge)
        if straight && j.name.isEmpty { return .silent }
        if rule == .driver && !bearsOn && pulledBack(j, draft, guide) {
            var turn = guide.turnDraft(at: j)
            turn.keptAsTurn = true
            return .step(turn)
        }
        // Onto a through street a driver turns, even off a short unnamed ramp: OSRM's turn there
        // is no name change, so the ramp keeps no name of it ("Turn Instead of Ramp"). So does a
        // cyclist (`getInstructionForObvious` is every mode's): "Turn left onto Pont Sainte-Dévote".
        let ontoThroughStreet = straight && j.isJunction && guide.isThroughStreet(at: j.node, leaving: j.leaving, besides: j.arriving.edge)
        if ontoThroughStreet && rule != .walker {
            var next = guide.throughStreetTurn(j)
            next.keptAsTurn = true
            return .step(next)
        }
        if bearsOn && draft.name.isEmpty && draft.kind != .depart && adopts(draft, guide) {
            return .adoptName
        }
        var next = straight ? ManeuverBuilder.Draft(kind: .continue, name: j.name, turn: j.turn) : guide.turnDraft(at: j)
        // OSRM announces some name changes as turns, kept however short: onto a through street,
        // or for walkers onto a way that is not the obvious one.
        next.keptAsTurn = straight && j.isJunction && (offObviousWay || ontoThroughStreet)
        return .step(next)
    }

    /// Whether an unnamed step is short enough to take the name it runs into. A walker's only
    /// where OSRM folds a turn into the name change after it (`maneuverSucceededByNameChange`,
    /// 1.5 times foot.lua's 10 m `max_collapse_distance`); further on OSRM keeps the turn unnamed
    /// and drops the short name change after it (`suppressShortNameSegments`: Helsinki's "Turn
    /// right (25 m)" onto platform 1, not "Turn right onto 1").
    private func adopts(_ draft: ManeuverBuilder.Draft, _ guide: ManeuverBuilder) -> Bool {
        guard rule == .walker else { return draft.distance < StepCollapsing.nameAdoptLength }
        return draft.distance <= 1.5 * GuidanceProfile.walkingMaxCollapseDistance
    }

    /// A bend onto a new name where no other way meets, just past a junction the route went
    /// straight through: OSRM folds the name change into that junction's suppressed step and
    /// announces the turn there (`nameChangeImmediatelyAfterSuppressed`, under a quarter of a
    /// connector's length); further on, the bend is a name change like any other.
    private func pulledBack(_ j: RouteJunction, _ draft: ManeuverBuilder.Draft, _ guide: ManeuverBuilder) -> Bool {
        guard !j.isJunction, let at = draft.lastJunctionAt else { return false }
        return draft.distance - at < 0.25 * guide.profile.collapsing.connectorLength
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
                && guide.net.guidanceClass(of: j.arriving.edge).isLowPriority
            return (abs(j.turn) < ManeuverBuilder.straightAngle || obvious && !offUnnamedPath, !obvious)
        case .driver:
            // OSRM's own obvious way (`CarObviousTurn`) is a name change at any angle, as for bikes.
            let carsObvious = j.isJunction && guide.mode == .car
                && guide.isCarsObviousWay(at: j.node, arrivingBy: j.arriving, leaving: j.leaving, inBearing: j.inBearing)
            return (abs(j.turn) < ManeuverBuilder.straightAngle || obvious && abs(j.turn) < ManeuverBuilder.obviousBendAngle || carsObvious, false)
        case .cyclist:
            // OSRM's `getInstructionForObvious`: onto the obvious way a new name is a name change
            // at any angle (folded when short: a bend into a short street in Monaco's hills),
            // unless the bicycle starts or stops being pushed there (a notification, never folded).
            let sameTravel = guide.travel(j.arriving) == guide.travel(j.leaving)
            return (abs(j.turn) < ManeuverBuilder.straightAngle
                    || obvious && (sameTravel || abs(j.turn) < ManeuverBuilder.obviousBendAngle), false)
        }
    }
}
