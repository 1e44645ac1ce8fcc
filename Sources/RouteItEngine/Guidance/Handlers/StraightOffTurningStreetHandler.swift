import RouteItCore

/// Cars and bikes: the street turns off at the junction and the route goes straight on onto another
/// name ("Road turning left", continue.feature). OSRM's `findObviousTurn` finds no obvious way there
/// (the street's own branch bends too far, the way ahead looks as likely), or the street's own
/// branch, so straight on is a turn, "turn straight", announced however short, not a name change
/// folded into the step before. OSRM's bike guidance runs the same turn handler on bicycle.lua's
/// roads (Monaco: "Virage Antony Nogues | Quai Albert 1er", a 65 m street).
struct StraightOffTurningStreetHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        // Cheap tests first: only a straight-on change of name off a named street is this scenario.
        // Inside a divided junction the pieces fold into one turn (`SegregatedCollapsing`).
        guard j.isJunction, j.renamed, !draft.isSegregated, !j.isOnAnnouncedRoundabout, abs(j.turn) < ManeuverBuilder.straightAngle,
              !j.arrivingLabel.isEmpty, !j.label.isEmpty, j.arrivingLabel.requiresAnnouncement(onto: j.label) else { return nil }
        let net = guide.net
        let inClass = net.guidanceClass(of: j.arriving.edge)
        let roads = guide.carRoads(at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing)
        // The street goes on, under its name and in its class or better, by another way. A
        // branch bending back beside the way in is the street's other carriageway, which OSRM
        // merges with the way in (`mergable_road_detector`): the street ends there.
        let streetGoesOn = roads.contains { road in
            let b = road.branch, cls = net.guidanceClass(of: b.edge)
            return road.enterable && b.edge != j.leaving.edge && abs(b.angle) < 180 - ManeuverBuilder.groupAngle
                && !cls.isStrictlyLess(than: inClass) && !cls.isLink(to: inClass)
                && !j.arrivingLabel.requiresAnnouncement(onto: guide.streetLabel(of: b.edge))
        }
        guard streetGoesOn else { return nil }
        if let obvious = guide.carObviousBranch(at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing),
           obvious.goesSameWay(as: j.leaving) { return nil }
        // Beside another way straight on at one side, OSRM's turn assignment spreads the two
        // (`handleDistinctConflict`): the outer one reads "slight" ("Turning at forklike structure").
        let assigned = guide.assignedDirection(at: j)
        var next = ManeuverBuilder.Draft(kind: .turn, direction: assigned == nil || assigned == .straight ? .straight : assigned,
                                         name: j.name, turn: j.turn)
        next.keptAsTurn = true
        return .step(next)
    }
}
