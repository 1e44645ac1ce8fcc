/// Walkers: a new name taken on where no way joins (a ref changing, then the name ending) is
/// told at the next junction straight on, measured against the street the step announced.
struct DeferredNameHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.isJunction && abs(j.turn) < ManeuverBuilder.straightAngle && !j.name.isEmpty && j.name != draft.name
                && !draft.label.isEmpty && draft.label.requiresAnnouncement(onto: j.label) else { return nil }
        return .step(ManeuverBuilder.Draft(kind: .continue, name: j.name, turn: j.turn))
    }
}
