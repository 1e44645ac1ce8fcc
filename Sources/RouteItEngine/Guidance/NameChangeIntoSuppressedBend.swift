import RouteItCore

/// OSRM's `maneuverSucceededBySuppressedDirection` with a name change as the maneuver: the new
/// street bends off at the first junction it passes, within the mode's collapse distance, where
/// the route goes on without a step of its own (OSRM's suppressed turn there), to the side the
/// name change bears to or straight on. OSRM folds that bend into the name change and, where the
/// two together are no longer straight, makes it a turn (`AdjustToCombinedTurnStrategy`: a new
/// name taking in a suppressed turn), which is kept however short the street.
/// Pont Sainte-Dévote leaves Boulevard Princesse Charlotte 18° left and bends left again 20 m on,
/// at Avenue d'Alsace, where a cyclist goes on without a step: "Turn left onto Pont
/// Sainte-Dévote", not a name change folded away.
extension StepCollapsing {
    func turnNameChangesIntoSuppressedBends(_ steps: [Draft]) -> [Draft] {
        steps.map { step in
            guard step.kind == .continue, !step.isSuppressed, let bend = step.firstJunction, bend.at <= connectorLength else { return step }
            let entry = step.turn ?? 0
            let bendDirection = ManeuverBuilder.direction(bend.turn)
            guard bendDirection != .straight, StepCollapsing.sameSide(ManeuverBuilder.direction(entry), bendDirection) else { return step }
            let angle = StepCollapsing.combinedAngle(entry, bend.turn, entryLength: bend.at)
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
