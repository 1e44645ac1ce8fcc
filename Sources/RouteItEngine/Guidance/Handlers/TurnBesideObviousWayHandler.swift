import RouteItCore

/// Cars: the road goes on obviously one way (OSRM's `findObviousTurn`) and the route takes a way
/// leaving narrowly beside it. OSRM looks for a fork only where no way is obvious, so this is a
/// turn, bent away from the obvious way: "turn slight right" onto a slip road leaving a street
/// nearly straight on, not "keep right at the fork".
struct TurnBesideObviousWayHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.isJunction, !j.isOnAnnouncedRoundabout, abs(j.turn) < ManeuverBuilder.forkAngle,
              let obvious = guide.walkerObviousBranch(at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing),
              obvious.edge != j.leaving.edge else { return nil }
        // The obvious way carries the street on; the way taken is another, lesser road (a slip
        // road, a side street). Between two ways of one street, or two ramps, OSRM still forks.
        let inClass = ManeuverBuilder.GuidanceClass(RoadClass(rawValue: guide.net.edgeClass[j.arriving.edge]))
        let chosenClass = ManeuverBuilder.GuidanceClass(RoadClass(rawValue: guide.net.edgeClass[j.leaving.edge]))
        guard !j.arrivingLabel.isEmpty, !j.arrivingLabel.requiresAnnouncement(onto: guide.net.label(of: obvious.edge)),
              j.arrivingLabel != j.label, chosenClass.priority > inClass.priority else { return nil }
        var direction = ManeuverBuilder.direction(j.turn)
        if direction == .straight {
            // Beside the obvious way, a way straight on still leaves to its side.
            direction = j.turn < obvious.angle ? .slightLeft : .slightRight
        }
        return .step(ManeuverBuilder.Draft(kind: .turn, direction: direction, name: j.name, turn: j.turn))
    }
}
