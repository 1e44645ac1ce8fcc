import RouteItCore

/// OSRM's `collapseSegregatedTurnInstructions`, run before every other collapse: a step that
/// starts on a piece inside a junction of divided roads (`ManeuverBuilder.isSegregated`) is one
/// maneuver with the step after it, said where the route enters the junction, from the heading
/// into it to the heading out of it: across the median and back is "Make a U-turn", straight
/// through a name change or nothing, else a turn.
extension StepCollapsing {
    /// OSRM's `isWiderStraight` (125–235°): within this of straight on.
    static let widerStraightAngle = 55.0
    /// OSRM's `bearingsAreReversed`: within 35° of heading back the way the route came.
    static let reversedBearingAngle = 145.0
    /// OSRM's fuzz before another way counts as straighter than the one taken.
    static let straightestFuzz = 10.0

    /// OSRM's `hasStraightestTurn`: `turn` is near straight on and no other way (`others`, their
    /// turn angles) is clearly straighter.
    static func isStraightest(_ turn: Double, among others: [Double]) -> Bool {
        guard abs(turn) <= widerStraightAngle else { return false }
        guard let straightest = others.min(by: { abs($0) < abs($1) }),
              abs(ManeuverBuilder.turnAngle(from: straightest, to: turn)) > straightestFuzz else { return true }
        return abs(turn) <= abs(straightest)
    }

    func collapseSegregated(_ steps: [Draft]) -> [Draft] {
        var out: [Draft] = []
        var i = 0
        while i < steps.count {
            var step = steps[i]
            i += 1
            guard !out.isEmpty, step.isSegregated, !isRing(step) else {
                out.append(step)
                continue
            }
            // Pieces in a row inside one junction are one step (it keeps its maneuver).
            var pieces = 1
            while i < steps.count, steps[i].isSegregated {
                if steps[i].kind == .endOfRoad { step.kind = .endOfRoad }
                step.absorb(steps[i])
                step.name = steps[i].announcedName
                step.label = steps[i].label
                pieces += 1
                i += 1
            }
            guard i < steps.count, !isRing(steps[i]) else {
                out.append(step)
                continue
            }
            out.append(merged(step, into: steps[i], after: out[out.count - 1], pieces: pieces))
            i += 1
        }
        return foldSuppressed(out)
    }

    /// OSRM's segregated U-turn and `SegregatedTurnStrategy`.
    private func merged(_ step: Draft, into next: Draft, after prior: Draft, pieces: Int) -> Draft {
        var merged = step
        merged.absorb(next)
        merged.name = next.announcedName
        merged.label = next.label
        merged.isSegregated = false
        merged.isSuppressed = false
        merged.staysOnStreet = false
        let entry = step.closeInBearing ?? step.inBearing ?? 0
        let total = ManeuverBuilder.turnAngle(from: entry, to: next.outBearing ?? entry)
        let direction = ManeuverBuilder.direction(total)
        // OSRM reads the U-turn on the bearings its steps keep (`bearingsAreReversed` of the
        // junctions' bearing classes), the turn itself on finer ones.
        let keptEntry = step.keptInBearing ?? entry
        if abs(ManeuverBuilder.turnAngle(from: keptEntry, to: next.keptOutBearing ?? next.outBearing ?? keptEntry)) >= StepCollapsing.reversedBearingAngle {
            merged.kind = .uTurn
            merged.direction = .uTurn
            merged.turn = nil
            return merged
        }
        let nextDirection = next.direction ?? ManeuverBuilder.direction(next.turn ?? 0)
        let nextIsTurn = next.kind == .turn || next.kind == .continue
        let nextIsStraight = nextIsTurn && [.straight, .slightLeft, .slightRight].contains(nextDirection)
        // Straight through: a name change, or nothing where the name stays.
        func throughJunction(_ angle: Double) {
            if prior.label.isSameStreet(as: next.label) {
                merged.isSuppressed = true
            } else {
                merged.kind = .continue
                merged.direction = nil
            }
            merged.turn = angle
        }
        if step.kind == .endOfRoad || next.kind == .endOfRoad {
            merged.kind = .endOfRoad
            merged.direction = direction
            merged.turn = total
        } else if step.kind == .fork {
            // A fork points where the road splits, whatever comes after.
        } else if direction == .straight && nextIsStraight {
            throughJunction(total)
        } else if abs(total) <= StepCollapsing.widerStraightAngle && pieces == 1 && step.junctionsPassed == 0
                    && step.isStraightest && next.isStraightest {
            throughJunction(0)
        } else if direction != .straight && nextIsTurn {
            merged.kind = .turn
            merged.direction = direction
            merged.turn = total
        } else {
            merged.kind = next.kind
            merged.direction = direction
            merged.turn = total
        }
        return merged
    }

    /// A step kept only to be read with a segregated one folds into the step before it.
    private func foldSuppressed(_ steps: [Draft]) -> [Draft] {
        var out: [Draft] = []
        for step in steps {
            if step.isSuppressed, var previous = out.last {
                previous.absorb(step)
                // Its junction is one passed, as it was without the step.
                if step.choices <= 1 { previous.junctionsPassed += 1 }
                out[out.count - 1] = previous
            } else {
                out.append(step)
            }
        }
        return out
    }

    private func isRing(_ step: Draft) -> Bool {
        step.entersRing || step.kind == .exitRoundabout || step.kind == .exitRotary
    }
}

extension ManeuverBuilder.Draft {
    /// The name a step says: a suppressed step's own street (its `name` is the one said before).
    var announcedName: String { isSuppressed ? label.shown : name }
}
