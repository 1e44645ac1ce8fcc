import RouteItCore

/// What a maneuver relation says of a step (OSRM's `ManeuverOverride`): its kind, its
/// direction, or both.
struct ManeuverOverrideInstruction: Equatable {
    var action: ManeuverRelation.Action?
    var direction: ManeuverRelation.Direction?

    var maneuverDirection: Maneuver.Direction? {
        switch direction {
        case .sharpLeft?: .sharpLeft
        case .left?: .left
        case .slightLeft?: .slightLeft
        case .straight?: .straight
        case .slightRight?: .slightRight
        case .right?: .right
        case .sharpRight?: .sharpRight
        case .uTurn?: .uTurn
        case nil: nil
        }
    }
}

/// OSRM's `applyOverrides`: a relation holds at its junction when the route follows its whole
/// chain of ways there, from the from way through the via ways onto the to way, and the
/// junction is where the route passes from one way of the chain to the next (or inside a via
/// way). Only junctions of maps with relations are looked at, by a dictionary lookup.
extension ManeuverBuilder {
    func maneuverOverride(at junction: RouteJunction) -> ManeuverOverrideInstruction? {
        guard let overrides, let candidates = overrides.atJunction[junction.node] else { return nil }
        let legs = junction.route.legs
        let arriving = net.edgeWay[junction.arriving.edge], leaving = net.edgeWay[junction.leaving.edge]
        var found: ManeuverOverrideInstruction?
        for i in candidates {
            let chain = Array(overrides.chain(i))
            guard follows(chain, legs, arrivingAt: junction, arriving: arriving, leaving: leaving) else { continue }
            // Several relations at one junction each change what they name, later ones last.
            var instruction = found ?? ManeuverOverrideInstruction()
            if let action = overrides.actionOf(i) { instruction.action = action }
            if let direction = overrides.directionOf(i) { instruction.direction = direction }
            found = instruction
        }
        return found
    }

    /// Whether the route's ways around `junction` are `chain` (consecutive legs on one way count
    /// once), the junction where it passes from `chain[p]` onto `chain[p + 1]`, or inside a via way.
    private func follows(_ chain: [Int64], _ legs: [RouteLeg], arrivingAt junction: RouteJunction,
                         arriving: Int64, leaving: Int64) -> Bool {
        for p in 0..<chain.count - 1 where chain[p] == arriving {
            let next = chain[p + 1] == leaving ? p + 1 : (p > 0 && arriving == leaving ? p : nil)
            guard let next else { continue }
            if matchesBack(chain, upTo: p, legs, from: junction.previousIndex),
               matchesOn(chain, from: next, legs, from: junction.index) { return true }
        }
        return false
    }

    /// The legs from `start` back run along `chain[...p]` in reverse, reaching its first way.
    private func matchesBack(_ chain: [Int64], upTo p: Int, _ legs: [RouteLeg], from start: Int) -> Bool {
        var q = p, k = start
        while q > 0 {
            k -= 1
            guard k >= 0 else { return false }
            let way = net.edgeWay[legs[k].edge]
            if way == chain[q] { continue }
            guard way == chain[q - 1] else { return false }
            q -= 1
        }
        return true
    }

    /// The legs from `start` on run along `chain[p...]`, reaching its last way.
    private func matchesOn(_ chain: [Int64], from p: Int, _ legs: [RouteLeg], from start: Int) -> Bool {
        var q = p, k = start
        while q < chain.count - 1 {
            k += 1
            guard k < legs.count else { return false }
            let way = net.edgeWay[legs[k].edge]
            if way == chain[q] { continue }
            guard way == chain[q + 1] else { return false }
            q += 1
        }
        return true
    }

    /// The step a relation that names its kind makes at `junction` (suppressing ones are
    /// `StepCollapsing.foldOverriddenSuppressions`'), in the direction the turn goes unless
    /// it names one.
    func overriddenDraft(_ instruction: ManeuverOverrideInstruction, at junction: RouteJunction) -> Draft {
        var next = Draft(kind: .turn, direction: ManeuverBuilder.direction(junction.turn), name: junction.name, turn: junction.turn)
        next.keptAsTurn = true
        next.override = instruction
        next.applyOverride()
        return next
    }
}

extension ManeuverBuilder.Draft {
    /// Sets the kind and direction a maneuver relation gave the step, after the guidance's own
    /// rules (and again after collapsing, which may have read the step otherwise).
    mutating func applyOverride() {
        guard let instruction = override else { return }
        if let direction = instruction.maneuverDirection { self.direction = direction }
        switch instruction.action {
        case .turn?, .uTurn?:
            kind = .turn
            staysOnStreet = false
        case .continue?:
            kind = .turn
            staysOnStreet = true
        case .fork?: kind = .fork
        case .suppress?, nil: break
        }
    }
}
