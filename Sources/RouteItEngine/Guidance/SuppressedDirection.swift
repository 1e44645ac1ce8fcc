import RouteItCore

/// OSRM's `maneuverSucceededBySuppressedDirection` (collapse_scenario_detection.cpp): a maneuver
/// whose first junction, a connector's length on, is passed silently but bending the same side
/// (a suppressed "slight right" after a "right") is one maneuver, pointing where the two go
/// together (`AdjustToCombinedTurnStrategy`). OSRM's post-processing is the same for every mode.
/// - A turn: its combined angle is read between the bearings OSRM's steps keep (`keptBearing`),
///   so two turns that come back exactly reversed on them make a "turn uturn" (Monaco bike trips:
///   a 105° right turn and a 30° bend 21 m on, a 159° one and a 26° bend 20 m on).
/// - A name change: where the two together are no longer straight it becomes a turn, kept however
///   short the street. Pont Sainte-Dévote leaves Boulevard Princesse Charlotte 18° left and bends
///   left again 20 m on, at Avenue d'Alsace, where a cyclist goes on without a step: "Turn left
///   onto Pont Sainte-Dévote", not a name change folded away.
extension ManeuverBuilder.Draft {
    /// The first junction a step passes silently (one osrm-routed lists: not driveways only),
    /// within a connector's length: further on OSRM folds nothing into the maneuver.
    struct SilentBend {
        /// How far into the step the junction is.
        let at: Double
        /// The change of heading there (right > 0).
        let turn: Double
        /// For a turn: from the heading into the step's own junction to the heading out of this
        /// one, each as OSRM's steps keep it (`findTotalTurnAngle`'s `total_angle`); nil where the
        /// step is no turn to fold into (not the first junction of all, not on the obvious way)
        /// or a heading cannot be read.
        let combinedTurn: Double?
        /// For a name change: the change of heading as OSRM perceives it; nil where OSRM has no
        /// suppressed turn there to read (see `perceivedSuppressedTurn`).
        let perceivedTurn: Double?
    }
}

extension ManeuverBuilder {
    /// Nil past a connector's length, where neither fold reads it (the headings are read only
    /// where they can matter: this runs at every step's first junction).
    func silentBend(at junction: RouteJunction, in draft: Draft) -> Draft.SilentBend? {
        guard draft.distance <= profile.collapsing.connectorLength else { return nil }
        return Draft.SilentBend(at: draft.distance, turn: junction.turn, combinedTurn: combinedTurn(at: junction, in: draft),
                                perceivedTurn: draft.classChangesPassed == 0 ? perceivedSuppressedTurn(at: junction) : nil)
    }

    private func combinedTurn(at junction: RouteJunction, in draft: Draft) -> Double? {
        guard draft.junctionsPassed == 0, draft.kind == .turn || draft.kind == .endOfRoad, let arrival = draft.arrival,
              // OSRM suppresses only the obvious way on; a junction RouteIt passes silently for
              // want of a handler (a bend OSRM announces) is no suppressed step to fold.
              ObviousWayRule.of(mode).isObvious(junction, self),
              let into = closeInBearing(arrivingBy: arrival.leg, at: arrival.node),
              let out = perceivedHeading(leaving: junction.leaving.edge, forward: junction.leaving.forward, at: junction.node)
        else { return nil }
        return ManeuverBuilder.turnAngle(from: keptBearing(into, at: arrival.node), to: keptBearing(out, at: junction.node))
    }

    /// The route leaving its street (a name ending) is left out: RouteIt says nothing there where
    /// OSRM may see no obvious way and turn. Nor where the way in is half of a traffic island:
    /// OSRM merges the two halves, and the island's end is no junction.
    private func perceivedSuppressedTurn(at junction: RouteJunction) -> Double? {
        guard junction.label.isSameStreet(as: junction.arrivingLabel),
              islandHeading(leaving: junction.arriving.edge, forward: !junction.arriving.forward, at: junction.node) == nil,
              let into = closeInBearing(arrivingBy: junction.arriving, at: junction.node),
              let out = perceivedHeading(leaving: junction.leaving.edge, forward: junction.leaving.forward, at: junction.node)
        else { return nil }
        return ManeuverBuilder.turnAngle(from: into, to: out)
    }
}

extension StepCollapsing {
    /// The turns.
    func foldSilentBends(_ steps: [Draft]) -> [Draft] {
        steps.map { step in
            // OSRM's combined angle is used unless it comes out nearly straight (`use_total_angle`).
            guard let bend = step.silentBend, bendFolds(bend, into: step), let total = bend.combinedTurn,
                  abs(total) >= ManeuverBuilder.narrowTurnAngle / 2, !StepCollapsing.wrapsPastUTurn(total, turningAs: step.turn)
            else { return step }
            var folded = step
            folded.turn = total
            // Exactly reversed on the kept bearings: OSRM's angle 0, `DirectionModifier::UTurn`.
            folded.direction = abs(total) == 180 ? .uTurn : ManeuverBuilder.direction(total)
            return folded
        }
    }

    /// `maneuverSucceededBySuppressedDirection`'s test: a turn whose first junction is passed
    /// bending the same side (not straight on).
    private func bendFolds(_ bend: Draft.SilentBend, into step: Draft) -> Bool {
        let bendDirection = ManeuverBuilder.direction(bend.turn)
        guard step.kind == .turn || step.kind == .endOfRoad, bendDirection != .straight, let turn = step.turn else { return false }
        return StepCollapsing.sameSide(ManeuverBuilder.direction(turn), bendDirection)
    }

    /// The name changes.
    func turnNameChangesIntoSuppressedBends(_ steps: [Draft]) -> [Draft] {
        steps.map { step in
            guard step.kind == .continue, !step.isSuppressed, let bend = step.silentBend, let bendTurn = bend.perceivedTurn else {
                return step
            }
            let entry = step.turn ?? 0
            let bendDirection = ManeuverBuilder.direction(bendTurn)
            guard bendDirection != .straight, StepCollapsing.sameSide(ManeuverBuilder.direction(entry), bendDirection) else { return step }
            let angle = StepCollapsing.combinedAngle(entry, bendTurn, entryLength: bend.at)
            let direction = ManeuverBuilder.direction(angle)
            guard direction != .straight else { return step }
            var turned = step
            turned.kind = .turn
            turned.direction = direction
            turned.turn = angle
            turned.keptAsTurn = true
            return turned
        }
    }
}
