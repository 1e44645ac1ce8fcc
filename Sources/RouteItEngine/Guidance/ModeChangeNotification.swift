/// Where a route boards or leaves a ferry, OSRM keeps a step (`IntersectionHandler::
/// getInstructionForObvious`): a real turn stays a turn, but where the road obviously goes on
/// (a name change, nothing to announce) the step is a `notification` that says which way the
/// road bends. Its steps never fold into each other across the change (`StepCollapsing.sameTravel`).
enum ModeChangeNotification {
    /// `decision` as it reads where the travel changes at `j`; unchanged elsewhere.
    static func applied(to decision: GuidanceDecision?, at j: RouteJunction, with guide: ManeuverBuilder) -> GuidanceDecision? {
        // The cheap test first: a ferry on either side.
        guard guide.net.isFerry(j.arriving.edge) != guide.net.isFerry(j.leaving.edge) else { return decision }
        switch decision {
        case .step(let draft)? where draft.kind != .continue && !draft.isSuppressed:
            return decision
        case .uTurn?:
            return decision
        case .step?, .adoptName?, .silent?, nil:
            // Onto a through street under a new name a driver turns, mode change or not (OSRM
            // asks that first).
            if guide.mode == .car, j.isJunction, j.arrivingLabel.requiresAnnouncement(onto: j.label),
               guide.isThroughStreet(at: j.node, leaving: j.leaving, besides: j.arriving.edge) {
                var turn = guide.throughStreetTurn(j)
                turn.keptAsTurn = true
                return .step(turn)
            }
            // A notification only where the way taken is the obvious one; where the route has a
            // choice and none is obvious it is a turn, even straight on (OSRM's turn handler, no
            // fork across a change of travel: collapse-ferry.feature).
            if guide.mode == .car, j.isJunction, !isObvious(j, guide) {
                return .step(ManeuverBuilder.Draft(kind: .turn, direction: ManeuverBuilder.direction(j.turn), name: j.name, turn: j.turn))
            }
            return .step(ManeuverBuilder.Draft(kind: .notification, direction: ManeuverBuilder.direction(j.turn), name: j.name, turn: j.turn))
        }
    }

    private static func isObvious(_ j: RouteJunction, _ guide: ManeuverBuilder) -> Bool {
        guard let obvious = guide.carObviousBranch(at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing) else { return false }
        return obvious.goesSameWay(as: j.leaving)
    }
}
