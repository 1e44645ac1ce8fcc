import RouteItCore

/// Steps a maneuver relation suppresses (`maneuver=suppress`, OSRM's `TurnType::Suppressed`)
/// are never said: each folds into the step before it. A maneuver a connector's length before
/// it, bending to the same side, takes its street's name, as OSRM combines a maneuver with the
/// suppressed turn after it (`maneuverSucceededBySuppressedDirection`): "Take the ramp on the
/// left onto 395" where the ramp runs into 395.
extension StepCollapsing {
    func foldOverriddenSuppressions(_ steps: [Draft]) -> [Draft] {
        guard steps.contains(where: { $0.override?.action == .suppress }) else { return steps }
        var out: [Draft] = []
        for step in steps {
            guard step.override?.action == .suppress, var previous = out.last else {
                out.append(step)
                continue
            }
            let handsOverName = previous.kind != .depart && previous.distance < connectorLength && previous.junctionsPassed == 0
                && step.direction != .straight && Self.sameSide(previous.direction, step.direction)
            previous.absorb(step)
            if handsOverName {
                previous.name = step.label.shown
                previous.label = step.label
            }
            out[out.count - 1] = previous
        }
        return out
    }

    /// OSRM's `areSameSide`: straight on counts as either side.
    static func sameSide(_ a: Maneuver.Direction?, _ b: Maneuver.Direction?) -> Bool {
        let left: Set<Maneuver.Direction> = [.straight, .slightLeft, .left, .sharpLeft]
        let right: Set<Maneuver.Direction> = [.straight, .slightRight, .right, .sharpRight]
        guard let a, let b else { return false }
        return left.contains(a) && left.contains(b) || right.contains(a) && right.contains(b)
    }
}
