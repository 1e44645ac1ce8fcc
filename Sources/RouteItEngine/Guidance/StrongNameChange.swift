/// OSRM's `maneuverSucceededByNameChange`: a turn onto a short piece that runs into a "new name"
/// becomes one turn onto the new name. Up to the collapse distance the piece must pass no junction;
/// up to 1.5 times it, the name change must go straight on or leave no choice ("a strong name
/// change"), so "Turn right onto Route de Menton (11 m) | Continue onto Grande Corniche" reads
/// "Turn right onto Grande Corniche" for a walker, whose collapse distance is 10 m.
enum StrongNameChange {
    /// How far past the collapse distance a strong name change still folds the turn before it.
    static let lengthFactor = 1.5

    /// Whether `step`, longer than `connectorLength`, still folds into the name change `next`.
    static func folds(_ step: ManeuverBuilder.Draft, into next: ManeuverBuilder.Draft, connectorLength: Double) -> Bool {
        guard step.distance <= lengthFactor * connectorLength, next.kind == .continue, !next.keptAsTurn else { return false }
        return abs(next.turn ?? 0) < ManeuverBuilder.straightAngle || next.choices <= 1
    }
}
