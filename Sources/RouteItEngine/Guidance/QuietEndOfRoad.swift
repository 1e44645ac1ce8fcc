import RouteItCore

/// OSRM's `buildIntersections`, run after every collapse: an end of road whose step before passed
/// no junction (its own is its only intersection) tells the driver nothing a turn would not, so
/// it is a plain turn ("continue" where the name stays).
extension StepCollapsing {
    func plainEndsAfterNoJunction(_ steps: [Draft]) -> [Draft] {
        var out = steps
        for k in steps.indices.dropFirst() where steps[k].kind == .endOfRoad && steps[k - 1].junctionsPassed == 0 {
            out[k].kind = .turn
            out[k].staysOnStreet = !steps[k].label.isEmpty && steps[k - 1].label.isSameStreet(as: steps[k].label)
        }
        return out
    }
}
