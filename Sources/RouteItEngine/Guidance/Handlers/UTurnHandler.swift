/// The route turns back along the edge it came by (from a start behind it, off a dead end): a U-turn.
struct UTurnHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.turnsBack else { return nil }
        return .step(ManeuverBuilder.Draft(kind: .uTurn, name: j.name))
    }
}
