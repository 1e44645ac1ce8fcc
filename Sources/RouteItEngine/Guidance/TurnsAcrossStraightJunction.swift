import RouteItCore

/// OSRM's `suppressedStraightBetweenTurns`: a turn, a junction passed straight on a few metres
/// later, and another turn as far again beyond it (a walker turning along a street to a
/// crossing: "Turn left onto Unioninkatu (12 m) | Turn right") are one turn, onto the way the
/// second turn takes. OSRM keeps a suppressed step at that junction while it collapses, which
/// RouteIt's steps carry as `junctionsPassed`, `lastJunctionAt` and `lastJunctionTurn`.
extension StepCollapsing {
    /// Both halves shorter than this share of the mode's collapse distance.
    static let acrossJunctionShare = 0.8
    /// Halves both under this many metres are alike; longer ones within `alikeRatio`.
    static let alikeMetres = 5.0
    static let alikeRatio = 0.75

    func foldTurnsAcrossAStraightJunction(_ steps: [Draft]) -> [Draft] {
        guard rules.foldsTurnsAcrossAStraightJunction, steps.count > 2 else { return steps }
        var out: [Draft] = []
        var i = 0
        while i < steps.count {
            let step = steps[i]
            guard !out.isEmpty, i + 1 < steps.count, foldsAcrossJunction(step, into: steps[i + 1]) else {
                out.append(step)
                i += 1
                continue
            }
            let next = steps[i + 1]
            var merged = step
            merged.absorbEndingOnStreet(of: next)
            let angle = StepCollapsing.combinedAngle(step.turn ?? 0, next.turn ?? 0, entryLength: step.distance)
            merged.turn = angle
            if abs(angle) < ManeuverBuilder.straightAngle {
                merged.kind = .continue
                merged.direction = nil
            } else {
                merged.direction = ManeuverBuilder.direction(angle)
            }
            out.append(merged)
            i += 2
        }
        return out
    }

    private func foldsAcrossJunction(_ step: Draft, into next: Draft) -> Bool {
        guard step.kind == .turn, next.kind == .turn, step.junctionsPassed == 1, StepCollapsing.sameTravel(step, next),
              let at = step.lastJunctionAt, let through = step.lastJunctionTurn,
              abs(through) <= ManeuverBuilder.straightAngle else { return false }
        let limit = StepCollapsing.acrossJunctionShare * GuidanceProfile.walkingMaxCollapseDistance
        let before = at, after = step.distance - at
        guard before < limit, after < limit else { return false }
        let alike = before < StepCollapsing.alikeMetres && after < StepCollapsing.alikeMetres
            || min(before, after) / max(before, after) > StepCollapsing.alikeRatio
        let total = abs(ManeuverBuilder.turnAngle(from: 0, to: (step.turn ?? 0) + (next.turn ?? 0)))
        // OSRM's `NARROW_TURN_ANGLE`: together they must not come back within it of a U-turn.
        return alike && total < 180 - ManeuverBuilder.narrowTurnAngle
    }
}
