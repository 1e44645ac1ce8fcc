import RouteItCore

/// The road ends at a T: one way off to the right, one to the left, neither the obvious way on.
/// OSRM says "At the end of the road, turn left" (`end of road left`), not a plain turn (unless
/// another turn comes right before or after it: `StepCollapsing.plainTurnsAtShortEnds`).
struct EndOfRoadHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        // A T reached without passing a junction since the step before is told as a plain turn
        // (`StepCollapsing.plainTurnsAtShortEnds`), once the steps are collapsed; a piece inside a
        // divided junction passes none of its own, and its T is still an end of road. A node where
        // only the way's classes change counts as one passed (`classChangesPassed`).
        guard draft.junctionsPassed > 0 || draft.classChangesPassed > 0 || draft.isSegregated, j.isJunction, !j.isOnAnnouncedRoundabout, !guide.isRoundabout(j.arriving.edge),
              abs(j.turn) >= 50 else { return nil }
        // Every way the mode uses there, enterable or not (OSRM's intersection), besides the one in:
        // an arm one way towards the T still makes it one (OSRM's `isEndOfRoad` reads angles only).
        let arms = guide.adjacency.edges(of: j.node).filter { $0 != j.arriving.edge && guide.net.allows($0, guide.mode) }
        guard arms.count == 2 else { return nil }
        let angles = arms.map { ManeuverBuilder.turnAngle(from: j.inBearing, to: guide.leavingHeading($0, at: j.node)) }
        guard let right = angles.first(where: { abs($0 - 90) < ManeuverBuilder.narrowTurnAngle }),
              let left = angles.first(where: { abs($0 + 90) < ManeuverBuilder.narrowTurnAngle }),
              right - left > 2 * ManeuverBuilder.narrowTurnAngle,
              !isObvious(j, guide) else { return nil }
        return .step(ManeuverBuilder.Draft(kind: .endOfRoad, direction: j.turn > 0 ? .right : .left, name: j.name, turn: j.turn))
    }

    /// Whether the arm taken is the obvious way. A car's is OSRM's `findObviousTurn`
    /// (`carObviousBranch`), where the other arm counts even when only its traffic comes in: the
    /// one arm of a T a car may enter is not obvious for that alone.
    private func isObvious(_ j: RouteJunction, _ guide: ManeuverBuilder) -> Bool {
        guard guide.mode == .car else { return ObviousWayRule.driver.isObvious(j, guide) }
        guard let obvious = guide.carObviousBranch(at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing) else { return false }
        return obvious.goesSameWay(as: j.leaving)
    }
}
