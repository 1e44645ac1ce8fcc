import RouteItCore

/// OSRM-style post-processing of a route's steps: what a navigator would not announce is folded
/// into the step before. Turns joined by a tiny connector become one turn (a U-turn only when a
/// car really turns back onto the road it left), and short or repeated name changes vanish.
struct StepCollapsing {
    let mode: TransportType

    /// A turn onto an unnamed piece shorter than this that runs into a named street is
    /// announced with that street's name.
    static let nameAdoptLength = 40.0
    /// "Continue onto X" for less than this is not worth a step (OSRM's NAME_SEGMENT_CUTOFF_LENGTH).
    static let shortNameChange = 105.0

    /// Longest connector between two turns read as one maneuver, metres: the link between the
    /// carriageways of a divided road, a kerb-to-kerb crossing.
    var connectorLength: Double { mode == .car ? 30 : 12 }

    typealias Draft = ManeuverBuilder.Draft

    func collapse(_ steps: [Draft]) -> [Draft] {
        foldNameChanges(combineConnectedTurns(steps))
    }

    /// Two turns joined by a connector too short to be a street of its own become one.
    func combineConnectedTurns(_ steps: [Draft]) -> [Draft] {
        var out: [Draft] = []
        var i = 0
        while i < steps.count {
            let step = steps[i]
            guard let previous = out.last, i + 1 < steps.count, isTurnLike(step), isTurnLike(steps[i + 1]),
                  step.distance < connectorLength else {
                out.append(step)
                i += 1
                continue
            }
            let next = steps[i + 1]
            let a = step.turn ?? 0, b = next.turn ?? 0
            // A car heading back the way it came: across the median onto the other carriageway of
            // the road it left, or round a tight corner pair that reverses the heading.
            let turnsBack = mode == .car && a * b > 0 && abs(a) >= 45 && abs(b) >= 45
                && (abs(a + b) >= 150 || abs(a + b) >= 120 && previous.label.isSameStreet(as: next.label))
            // OSRM's collapse scenarios: a staggered crossing (right then left within 3 m), a turn
            // onto a piece that passes no junction and ends where the route has no choice, or a
            // turn straight into a name change.
            let staggered = step.distance < 3 && a * b < 0 && (45...135).contains(abs(a)) && (45...135).contains(abs(b))
            let choiceless = next.choices <= 1 && step.junctionsPassed == 0
            let intoNameChange = next.kind == .continue && step.junctionsPassed == 0
            // Across a side street and back onto the street the route was on (a crossing).
            let crossing = previous.label.isSameStreet(as: next.label) && step.junctionsPassed == 0
            let isConnector = staggered || choiceless || intoNameChange || crossing
            guard turnsBack || isConnector else {
                out.append(step)
                i += 1
                continue
            }
            var merged = step
            merged.absorb(next)
            merged.name = next.name
            merged.label = next.label
            if turnsBack {
                merged.kind = .uTurn
                merged.direction = .uTurn
                merged.turn = nil
            } else {
                let total = ManeuverBuilder.turnAngle(from: 0, to: a + b)
                merged.turn = total
                if abs(total) < ManeuverBuilder.straightAngle {
                    merged.kind = .continue
                    merged.direction = nil
                } else {
                    merged.kind = .turn
                    merged.direction = ManeuverBuilder.direction(total)
                }
            }
            out.append(merged)
            i += 2
        }
        return out
    }

    /// Straight-on name changes that are short, or back to the name already announced, fold
    /// into the step before ("A | Continue onto B (20 m) | Continue onto A" reads "A").
    func foldNameChanges(_ steps: [Draft]) -> [Draft] {
        var out: [Draft] = []
        for step in steps {
            if step.kind == .continue, var previous = out.last,
               step.distance < StepCollapsing.shortNameChange || step.name == previous.name
                || previous.label.isSameStreet(as: step.label) || step.name.isEmpty {
                previous.absorb(step)
                out[out.count - 1] = previous
            } else {
                out.append(step)
            }
        }
        return out
    }

    private func isTurnLike(_ step: Draft) -> Bool { step.kind == .turn || step.kind == .continue }
}
