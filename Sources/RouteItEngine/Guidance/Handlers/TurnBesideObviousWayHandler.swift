import RouteItCore

/// Cars: the road goes on obviously one way (OSRM's `findObviousTurn`) and the route takes a way
/// leaving narrowly beside it. OSRM looks for a fork only where no way is obvious, so this is a
/// turn, bent away from the obvious way: "turn slight right" onto a slip road leaving a street
/// nearly straight on, not "keep right at the fork".
struct TurnBesideObviousWayHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.isJunction, !j.isOnAnnouncedRoundabout, abs(j.turn) < ManeuverBuilder.forkAngle,
              !j.arrivingLabel.isEmpty, j.arrivingLabel != j.label else { return nil }
        // The way taken is a lesser road than the way in, a slip road or a service road, which
        // OSRM never forks with (`canBeSeenAsFork`). Between two ways of one street, two ramps,
        // or two ordinary streets OSRM still forks: on Monaco's streets a "turn" there cost the
        // bench 23 of OSRM's 191 forks. Checked first: the obvious way is the costly part.
        let inClass = guide.net.guidanceClass(of: j.arriving.edge)
        let chosenClass = guide.net.guidanceClass(of: j.leaving.edge)
        guard chosenClass.priority > inClass.priority, chosenClass.isLink || chosenClass.isLowPriority else { return nil }
        // The obvious way, another, carries the street on.
        guard let obvious = guide.carObviousBranch(at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing),
              obvious.edge != j.leaving.edge,
              !j.arrivingLabel.requiresAnnouncement(onto: guide.streetLabel(of: obvious.edge)) else { return nil }
        var direction = ManeuverBuilder.direction(j.turn)
        if direction == .straight {
            // Beside the obvious way, a way straight on still leaves to its side.
            direction = j.turn < obvious.angle ? .slightLeft : .slightRight
        }
        return .step(ManeuverBuilder.Draft(kind: .turn, direction: direction, name: j.name, turn: j.turn))
    }
}
