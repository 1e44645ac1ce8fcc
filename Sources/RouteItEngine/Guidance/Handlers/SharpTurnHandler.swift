/// Off one unnamed way onto another, or a sharp turn where a street bends back on itself: a turn
/// wherever the way taken is not the obvious one (as a driver judges it, for every mode).
struct SharpTurnHandler: GuidanceHandler {
    /// Turns from this angle are announced between unnamed ways...
    static let unnamedAngle = 50.0
    /// ...and from this angle on the same street.
    static let namedAngle = 120.0

    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.isJunction && abs(j.turn) >= Self.unnamedAngle && (j.name.isEmpty || abs(j.turn) >= Self.namedAngle)
                && !j.isOnAnnouncedRoundabout && !ObviousWayRule.driver.isObvious(j, guide) else { return nil }
        return .step(guide.turnDraft(at: j))
    }
}
