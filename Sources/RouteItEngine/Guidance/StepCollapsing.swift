import RouteItCore

/// OSRM-style post-processing of a route's steps: what a navigator would not announce is folded
/// into the step before. Turns joined by a tiny connector become one turn (a U-turn only when a
/// car really turns back onto the road it left), and short or repeated name changes vanish.
struct StepCollapsing {
    let rules: GuidanceProfile.Collapsing

    /// A turn onto an unnamed piece shorter than this that runs into a named street is
    /// announced with that street's name.
    static let nameAdoptLength = 40.0
    /// "Continue onto X" for less than this is not worth a step (OSRM's NAME_SEGMENT_CUTOFF_LENGTH).
    static let shortNameChange = 105.0
    /// Where a bicycle starts or stops being pushed (or boards a ferry) is always a step of its
    /// own, however short: OSRM collapses turns and suppresses name changes only between steps
    /// of the same mode (`haveSameMode`), so "Continue onto Rautatientori (push your bike)"
    /// stays even for 7 m.
    static func sameTravel(_ a: Draft, _ b: Draft) -> Bool { a.travel == b.travel }

    /// Longest connector between two turns read as one maneuver (`GuidanceProfile.Collapsing`).
    var connectorLength: Double { rules.connectorLength }

    typealias Draft = ManeuverBuilder.Draft

    func collapse(_ steps: [Draft]) -> [Draft] {
        continuesOnlyOnTheSameStreet(
            foldNameChanges(turnNameChangesIntoSuppressedBends(foldNameChangesBeforeManeuvers(markTurnarounds(combineConnectedTurns(
                foldSilentBends(foldTurnsAcrossAStraightJunction(plainTurnsAtShortEnds(combineSliproads(collapseSegregated(foldOverriddenSuppressions(steps))))))))))))
    }

    /// OSRM's `handleSliproad`: the turn onto a sliproad and the step where it ends are one turn
    /// onto the road taken there (OSRM's "continue" where that is the road the route was on
    /// before the sliproad), pointing where the two turns together go; a sliproad the route ends
    /// on is a plain turn.
    func combineSliproads(_ steps: [Draft]) -> [Draft] {
        var out: [Draft] = []
        var i = 0
        while i < steps.count {
            var step = steps[i]
            guard step.sliproadEnd != nil else {
                out.append(step)
                i += 1
                continue
            }
            step.sliproadEnd = nil
            guard i + 1 < steps.count, let previous = out.last else {
                out.append(step)
                i += 1
                continue
            }
            let next = steps[i + 1]
            let angle = sliproadAngle(step, next)
            step.absorb(next)
            step.name = next.name
            step.label = next.label
            step.travel = next.travel
            step.kind = .turn
            step.turn = angle
            step.direction = ManeuverBuilder.direction(angle)
            step.staysOnStreet = previous.label.isSameStreet(as: next.label)
            out.append(step)
            i += 2
        }
        return out
    }

    /// OSRM's `findTotalTurnAngle` for a sliproad: from the heading into its start to the heading
    /// out of its end, unless that is nearly straight on, or the two turns bend opposite ways
    /// past a connector's length (then the first turn's own angle).
    private func sliproadAngle(_ entry: Draft, _ exit: Draft) -> Double {
        let first = entry.turn ?? 0
        guard let inBearing = entry.inBearing, let exitIn = exit.inBearing, let second = exit.turn else { return first }
        let total = ManeuverBuilder.turnAngle(from: inBearing, to: exitIn + second)
        if abs(total) < 0.5 * ManeuverBuilder.narrowTurnAngle { return first }
        if entry.distance < connectorLength { return total }
        let sameWay = first >= -5 && second >= -5 || first <= 5 && second <= 5
        return sameWay ? total : first
    }

    /// OSRM says "continue left" only where the street the route was on goes on; a turn that
    /// stays on a street begun just before it (its name change folded away) is a plain turn.
    func continuesOnlyOnTheSameStreet(_ steps: [Draft]) -> [Draft] {
        var out = steps
        for k in steps.indices.dropFirst() where steps[k].staysOnStreet && !steps[k - 1].label.isSameStreet(as: steps[k].label) {
            out[k].staysOnStreet = false
        }
        return out
    }

    /// An end of road reached without passing another junction since the step before says
    /// nothing a plain turn does not (OSRM's `buildIntersections`, MIN_END_OF_ROAD_INTERSECTIONS):
    /// a turn, or a continue where the street stays the same.
    func plainTurnsAtShortEnds(_ steps: [Draft]) -> [Draft] {
        var out = steps
        for k in steps.indices.dropFirst() where steps[k].kind == .endOfRoad && steps[k - 1].junctionsPassed == 0
            && steps[k - 1].classChangesPassed == 0 {
            out[k].kind = .turn
            out[k].staysOnStreet = steps[k - 1].label.isSameStreet(as: steps[k].label)
        }
        return out
    }

    /// A driver's name change too short to be a street of its own (a connector's length, met where
    /// no other way joins and passing none) right before another maneuver folds into the step
    /// before it, as OSRM collapses `maneuverPreceededByNameChange`; the step before is then
    /// judged by its whole length. Pont Sainte-Dévote (92 m) runs into 22 m of Boulevard Princesse
    /// Charlotte before "Turn right onto Boulevard de Suisse": OSRM names the bridge, 114 m.
    func foldNameChangesBeforeManeuvers(_ steps: [Draft]) -> [Draft] {
        guard rules.likeACar else { return steps }
        var out: [Draft] = []
        for (i, step) in steps.enumerated() {
            guard var previous = out.last, i + 1 < steps.count, foldsIntoStepBefore(step, previous: previous, next: steps[i + 1]) else {
                out.append(step)
                continue
            }
            previous.absorb(step)
            out[out.count - 1] = previous
        }
        return out
    }

    /// `foldNameChangesBeforeManeuvers`' test: `step`, between `previous` and `next`, is a
    /// driver's name change too short to be a street of its own.
    func foldsIntoStepBefore(_ step: Draft, previous: Draft, next: Draft) -> Bool {
        rules.likeACar && !previous.entersRing && (step.kind == .continue || step.kind == .turn) && step.waysMet <= 1
            && step.distance <= connectorLength && step.junctionsPassed == 0 && !next.entersRing
            && StepCollapsing.sameTravel(previous, step)
    }

    /// Longest step that can be a turnaround (a loop at the end of a carriageway).
    static let turnaroundLength = 100.0

    /// A car step on the street it was already on (or an unnamed loop back onto it) that, within
    /// a short way, heads back the way the car came (a turning loop at the end of a carriageway)
    /// is a U-turn, as OSRM announces it.
    func markTurnarounds(_ steps: [Draft]) -> [Draft] {
        guard rules.likeACar else { return steps }
        return steps.enumerated().map { index, step in
            guard index > 0, index + 1 < steps.count, [.turn, .fork, .continue].contains(step.kind), !step.staysOnStreet,
                  step.distance <= StepCollapsing.turnaroundLength, let entry = step.inBearing, step.polyline.count >= 2 else { return step }
            let exit = ManeuverBuilder.heading(arriving: step.polyline, over: ManeuverBuilder.headingMetres)
            guard abs(ManeuverBuilder.turnAngle(from: entry, to: exit)) >= ManeuverBuilder.reversedAngle else { return step }
            // Back along the street the car was on (a bend onto another street is just a turn).
            let before = steps[index - 1].label
            guard before.isSameStreet(as: step.label) || step.label.isEmpty && before.isSameStreet(as: steps[index + 1].label)
            else { return step }
            var turned = step
            turned.kind = .uTurn
            turned.direction = .uTurn
            return turned
        }
    }

    /// A turn at least this sharp is a corner, not a bend (OSRM's staggered turns are 45°–135°).
    static let cornerAngle = 60.0

    /// Two turns joined by a connector too short to be a street of its own become one.
    func combineConnectedTurns(_ steps: [Draft]) -> [Draft] {
        var out: [Draft] = []
        var i = 0
        while i < steps.count {
            let step = steps[i]
            guard let previous = out.last, i + 1 < steps.count, isTurnLike(step) || foldsForkIntoNameChange(step, steps[i + 1]), isTurnLike(steps[i + 1]),
                  step.distance < connectorLength || StrongNameChange.folds(step, into: steps[i + 1], connectorLength: connectorLength),
                  StepCollapsing.sameTravel(step, steps[i + 1]) else {
                out.append(step)
                i += 1
                continue
            }
            let next = steps[i + 1]
            let a = step.turn ?? 0, b = next.turn ?? 0
            // Beyond the connector length only a turn into a straight or choiceless name change folds.
            let beyondConnector = step.distance >= connectorLength
            // A car heading back along the road it came by (across the median onto the other
            // carriageway, round a turning head): OSRM's `isUTurn` wants the same road before
            // and after; two corners onto another road stay turns.
            let turnsBack = !beyondConnector && rules.likeACar && a * b > 0 && abs(a) >= 45 && abs(b) >= 45
                && abs(a + b) >= 120 && previous.label.isSameStreet(as: next.label)
            // OSRM's collapse scenarios: a staggered crossing (right then left within 3 m), a turn
            // onto a piece that passes no junction and ends where the route has no choice, or a
            // turn straight into a name change.
            // (Not right off a ferry: OSRM's `mode_change_when_entering`.)
            let staggered = step.distance < 3 && isStaggered(step, next) && StepCollapsing.sameTravel(previous, step)
            let choiceless = next.choices <= 1 && step.junctionsPassed == 0
            // (OSRM's `maneuverSucceededByNameChange` counts a "turn straight" as a name change.)
            let intoNameChange = (next.kind == .continue || next.kind == .turn && next.direction == .straight) && step.junctionsPassed == 0
            // Across a side street and back onto the street the route was on (a crossing). The
            // street the route was on is the one before a name change too short to be told
            // (`foldNameChanges` folds it away, as OSRM has by then). A piece of another named
            // street turned onto between is a street of its own (OSRM keeps both turns past its
            // 3 m staggered crossing: staggered-intersections.feature); one the road only runs on
            // as is not (turn-angles.feature, "Curved Exit").
            let wasOn = out.count >= 2 && previous.kind == .continue && previous.nameSegmentLength < StepCollapsing.shortNameChange
                && !previous.keptAsTurn && StepCollapsing.sameTravel(out[out.count - 2], previous)
                ? out[out.count - 2].label : previous.label
            // A street that itself turns off at a corner and back (each time "continue left/right",
            // another way going straight) is no crossing: OSRM keeps both past its 3 m staggered
            // crossing (collapse.feature, "Do not collapse turning roads").
            let streetZigzags = step.staysOnStreet && next.staysOnStreet && min(abs(a), abs(b)) >= Self.cornerAngle
            let crossing = wasOn.isSameStreet(as: next.label) && step.junctionsPassed == 0 && !streetZigzags
                && (step.label.isEmpty || step.label.isSameStreet(as: next.label) || step.kind != .turn)
                && (!rules.keepsShortCrossingTurns || GuidanceProfile.crossingFolds(step))
            // A name change itself short before the next maneuver folds into the step before it
            // instead, and the maneuver keeps its place (OSRM asks `maneuverPreceededByNameChange`
            // before `maneuverSucceededByNameChange`: collapse.feature's "Pankenbruecke").
            let nameChangeBeforeManeuver = step.kind == .continue && !staggered && !crossing
                && foldsIntoStepBefore(step, previous: previous, next: next)
            let isConnector = beyondConnector || staggered || (choiceless || intoNameChange) && !nameChangeBeforeManeuver || crossing
            guard turnsBack || isConnector else {
                out.append(step)
                i += 1
                continue
            }
            var merged = step
            merged.absorbEndingOnStreet(of: next)
            if step.kind == .fork {
                // A fork keeps its side whatever comes after (OSRM's `AdjustToCombinedTurnStrategy`).
                merged.kind = .fork
            } else if turnsBack || StepCollapsing.reversesOnWholeDegrees(into: step.closeInBearing, out: next.outBearing) {
                merged.kind = .uTurn
                merged.direction = .uTurn
                merged.turn = nil
            } else {
                let total = StepCollapsing.summedTurn(a, b)
                let angle = staggered || crossing ? total : StepCollapsing.combinedAngle(a, b, entryLength: step.distance)
                merged.turn = angle
                if abs(total) < ManeuverBuilder.straightAngle && crossing && rules.likeACar && !staggered && step.label.isEmpty
                    && step.kind == .turn && step.choices > 1 && abs(a) >= ManeuverBuilder.straightAngle && wasOn.isSameStreet(as: next.label) {
                    // Off the street by an unnamed piece and back onto it, where the route had
                    // another way to take: the turn off it stays ("No Name During Turns,
                    // keep important turns": OSRM's "continue right").
                    merged.kind = .turn
                    merged.direction = ManeuverBuilder.direction(a)
                    merged.staysOnStreet = true
                    merged.keptAsTurn = true
                } else if abs(angle) < ManeuverBuilder.straightAngle {
                    merged.kind = .continue
                    merged.direction = nil
                } else {
                    merged.kind = .turn
                    merged.direction = ManeuverBuilder.direction(angle)
                }
            }
            out.append(merged)
            i += 2
        }
        return out
    }

    /// Right then left or left then right, each a turn of 45°–135° (OSRM's
    /// `isStaggeredIntersection`). Walkers' turns are read as OSRM reads them there, between
    /// the junction's bearings rounded to its 15° classes and strictly inside the range: a
    /// jog of 54° left and 56° right (45° and 45° so rounded) is two turns in osrm-routed
    /// (Helsinki's "At the end of the road, turn left (2 m) | Turn right onto Yrjönkäytävä").
    func isStaggered(_ step: Draft, _ next: Draft) -> Bool {
        let a = step.turn ?? 0, b = next.turn ?? 0
        guard rules.roundsStaggeredBearings, let inA = step.inBearing, let inB = next.inBearing else {
            return a * b < 0 && (45...135).contains(abs(a)) && (45...135).contains(abs(b))
        }
        let x = StepCollapsing.discreteTurn(arriving: inA, turn: a), y = StepCollapsing.discreteTurn(arriving: inB, turn: b)
        let right = { (t: Double) in t > 45 && t < 135 }, left = { (t: Double) in t < -45 && t > -135 }
        return left(x) && right(y) || right(x) && left(y)
    }

    /// The turn between a junction's way in and way out, each rounded to OSRM's 15° bearing
    /// classes (`BearingClass::getDiscreteBearing`); right > 0.
    static func discreteTurn(arriving heading: Double, turn: Double) -> Double {
        // In [0, 360) first: the classes' edges fall on half degrees, so the whole-degree
        // rounding `PerceivedBearing.discrete` does there never moves a bearing across one.
        func discrete(_ bearing: Double) -> Double {
            PerceivedBearing.discrete((bearing.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360))
        }
        // The way in as the junction lists it points back along it.
        let back = discrete(heading + 180), out = discrete(heading + turn)
        return ManeuverBuilder.turnAngle(from: back + 180, to: out)
    }

    /// OSRM's `findTotalTurnAngle`: two turns folded into one turn by their sum, unless the sum
    /// is nearly straight (within half of `NARROW_TURN_ANGLE`, `use_total_angle`), or they bend
    /// opposite ways after a first piece of 30 m or more; then
    /// the first turn is the maneuver (right then left onto a parallel road is "turn right").
    static func combinedAngle(_ entry: Double, _ exit: Double, entryLength: Double) -> Double {
        let total = StepCollapsing.summedTurn(entry, exit)
        guard abs(total) >= ManeuverBuilder.narrowTurnAngle / 2 else { return entry }
        let sameWay = entry >= -5 && exit >= -5 || entry <= 5 && exit <= 5
        return entryLength < ManeuverBuilder.collapseDistance || sameWay ? total : entry
    }

    /// Whether two turns combined head exactly back on whole-degree bearings: OSRM's steps keep
    /// their bearings as integers and its combined turn (`findTotalTurnAngle`) is then 0, a
    /// U-turn ("turn uturn"), where the finer bearings read 176°.
    static func reversesOnWholeDegrees(into: Double?, out: Double?) -> Bool {
        guard let into, let out else { return false }
        let difference = (Int(into.rounded()) - Int(out.rounded())) % 360
        return difference == 180 || difference == -180
    }

    /// Straight-on name changes that are short, or back to the name already announced, fold
    /// into the step before ("A | Continue onto B (20 m) | Continue onto A" reads "A"); a short
    /// one onto a through street stays (OSRM's turn there, not a "new name").
    func foldNameChanges(_ steps: [Draft]) -> [Draft] {
        var out: [Draft] = []
        for step in steps {
            if step.kind == .continue, var previous = out.last, StepCollapsing.sameTravel(previous, step),
               step.nameSegmentLength < StepCollapsing.shortNameChange && !step.keptAsTurn && !step.arrivesOnTurnLanes || step.name == previous.name
                   || previous.label.isSameStreet(as: step.label, suffixes: rules.nameSuffixes) || step.name.isEmpty {
                previous.absorb(step)
                out[out.count - 1] = previous
            } else if out.count >= 2, StepCollapsing.isNameOscillation(out[out.count - 2], out[out.count - 1], step) {
                // Off the street and back onto it by two name changes: both fold away.
                let entering = out.removeLast()
                out[out.count - 1].absorb(entering)
                out[out.count - 1].absorb(step)
            } else {
                out.append(step)
            }
        }
        return out
    }

    /// `GuidanceProfile.Collapsing.forkFoldsIntoNameChange`: a short fork straight into a name change,
    /// a "turn straight" counting as one (`maneuverSucceededByNameChange`'s `followed_by_name_change`).
    private func foldsForkIntoNameChange(_ step: Draft, _ next: Draft) -> Bool {
        rules.forkFoldsIntoNameChange && step.kind == .fork && step.distance < connectorLength && step.junctionsPassed == 0
            && (next.kind == .continue || next.kind == .turn && next.direction == .straight)
    }

    private func isTurnLike(_ step: Draft) -> Bool { step.kind == .turn || step.kind == .continue || step.kind == .endOfRoad }
}
