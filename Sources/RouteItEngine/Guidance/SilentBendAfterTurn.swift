import RouteItCore

/// OSRM's `maneuverSucceededBySuppressedDirection` (collapse_scenario_detection.cpp): a turn whose
/// first junction, a connector's length on, is passed silently but bending the same way (a
/// suppressed "slight right" after a "right") is one turn, pointing where the two go together
/// (`AdjustToCombinedTurnStrategy`). The combined angle is read between the bearings OSRM's steps
/// keep (`keptBearing`), so two turns that come back exactly reversed on them make a "turn
/// uturn" (Monaco bike trips: a 105° right turn and a 30° bend 21 m on, a 159° one and a 26°
/// bend 20 m on).
extension ManeuverBuilder.Draft {
    struct SilentBend {
        /// How far into the step the junction is.
        let at: Double
        /// The change of heading there (right > 0).
        let turn: Double
        /// From the heading into the step's own junction to the heading out of this one, each
        /// as OSRM's steps keep it (`findTotalTurnAngle`'s `total_angle`); nil where one of them
        /// cannot be read.
        let combinedTurn: Double?
    }
}

extension ManeuverBuilder {
    /// The step's first junction, passed silently, when the step is a turn short of a connector
    /// there and the way on is the obvious one (nil otherwise: nothing then reads it).
    func silentBend(at junction: RouteJunction, in draft: Draft) -> Draft.SilentBend? {
        guard draft.kind == .turn || draft.kind == .endOfRoad,
              draft.distance <= profile.collapsing.connectorLength, let arrival = draft.arrival,
              // OSRM suppresses only the obvious way on; a junction RouteIt passes silently for
              // want of a handler (a bend OSRM announces) is no suppressed step to fold.
              ObviousWayRule.of(mode).isObvious(junction, self) else { return nil }
        var combined: Double?
        if let into = closeInBearing(arrivingBy: arrival.leg, at: arrival.node),
           let out = perceivedHeading(leaving: junction.leaving.edge, forward: junction.leaving.forward, at: junction.node) {
            combined = ManeuverBuilder.turnAngle(from: keptBearing(into, at: arrival.node), to: keptBearing(out, at: junction.node))
        }
        return Draft.SilentBend(at: draft.distance, turn: junction.turn, combinedTurn: combined)
    }
}

extension StepCollapsing {
    func foldSilentBends(_ steps: [Draft]) -> [Draft] {
        steps.map { step in
            // OSRM's combined angle is used unless it comes out nearly straight (`use_total_angle`).
            guard let bend = step.silentBend, bendFolds(bend, into: step), let total = bend.combinedTurn,
                  abs(total) >= StepCollapsing.narrowTurnAngle / 2 else { return step }
            var folded = step
            folded.turn = total
            // Exactly reversed on the kept bearings: OSRM's angle 0, `DirectionModifier::UTurn`.
            folded.direction = abs(total) == 180 ? .uTurn : ManeuverBuilder.direction(total)
            return folded
        }
    }

    /// `maneuverSucceededBySuppressedDirection`'s test: a turn, its first junction within a
    /// connector's length, passed bending the same side (not straight on).
    private func bendFolds(_ bend: Draft.SilentBend, into step: Draft) -> Bool {
        guard step.kind == .turn || step.kind == .endOfRoad, bend.at <= connectorLength,
              ManeuverBuilder.direction(bend.turn) != .straight, let turn = step.turn else { return false }
        // OSRM's `areSameSide`: a straight turn is on both sides.
        return ManeuverBuilder.direction(turn) == .straight || (turn > 0) == (bend.turn > 0)
    }
}
