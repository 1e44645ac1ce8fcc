/// Two turns the same way that add up to more than a U-turn (a hairpin: 137° right and 49° more
/// right 15 m on, at Monaco's Boulevard du Général Leclerc) read, as a change of heading in
/// (-180, 180], 174° the other way: "sharp left" for a road that only ever bends right. A turn
/// folded from pieces keeps the side its pieces turn to.
extension StepCollapsing {
    /// Whether `total`, a change of heading read across a step's turn (`turn`, right > 0) and the
    /// bends after it on the same side, lies on the other side: the pieces went round past 180°.
    /// Exactly reversed (±180) is OSRM's "uturn", no side.
    static func wrapsPastUTurn(_ total: Double, turningAs turn: Double?) -> Bool {
        guard let turn, abs(total) != 180, abs(turn) >= ManeuverBuilder.straightAngle else { return false }
        return (total > 0) != (turn > 0)
    }

    /// The sum of two turns (right > 0) as one turn: past a U-turn on their side it stays on
    /// that side, as sharp as a turn that still has a side gets (`sharpestTurn`), rather than
    /// wrapping round to the other.
    static func summedTurn(_ a: Double, _ b: Double) -> Double {
        let sum = a + b
        if a * b > 0 && abs(sum) > sharpestTurn { return sum > 0 ? sharpestTurn : -sharpestTurn }
        return ManeuverBuilder.turnAngle(from: 0, to: sum)
    }

    /// Short of exactly reversed, which reads as a U-turn with no side.
    static let sharpestTurn = 179.0
}
