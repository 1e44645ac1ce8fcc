import RouteItCore

/// OSRM's `isNameOszillation` (collapse_turns.cpp): a name change onto another street and,
/// right after it, a name change back onto the street the route was on ("Connector | new name
/// left Sidewalk | new name left Connector") say nothing a driver or walker needs, however long
/// the middle street is; OSRM folds both into the step before. A "turn straight" counts as a name
/// change here, as in OSRM. Only where the middle street passes no junction: OSRM keeps a
/// (suppressed) step at each one it passes, which stands between the two name changes then
/// (Chemin du Gayan | Chemin du Gayon | Chemin du Gayan on foot in Monaco stays).
extension StepCollapsing {
    /// Whether `entering` and `leaving`, the steps right after `prior`, go off `prior`'s street by
    /// a name change and back onto it by another with no junction between, all three in the same
    /// travel and no ring step.
    static func isNameOscillation(_ prior: Draft, _ entering: Draft, _ leaving: Draft) -> Bool {
        guard isNameChange(entering), isNameChange(leaving), entering.junctionsPassed == 0, !prior.entersRing, !isRingExit(prior),
              sameTravel(prior, entering), sameTravel(entering, leaving) else { return false }
        // OSRM compares the name ids (two unnamed roads match) or the names and refs.
        return prior.label == leaving.label || prior.label.isSameStreet(as: leaving.label)
    }

    private static func isNameChange(_ step: Draft) -> Bool {
        step.kind == .continue || (step.kind == .turn && step.direction == .straight)
    }

    private static func isRingExit(_ step: Draft) -> Bool { step.kind == .exitRoundabout || step.kind == .exitRotary }
}
