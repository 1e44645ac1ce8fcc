/// Bicycles: getting off to push, onto a ferry, or back on is a step of its own, however short
/// (asked only where no other handler started a step).
struct TravelChangeHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard guide.travel(j.leaving) != draft.travel else { return nil }
        return .step(abs(j.turn) < ManeuverBuilder.straightAngle ? ManeuverBuilder.Draft(kind: .continue, name: j.name, turn: j.turn)
                                                                   : guide.turnDraft(at: j))
    }
}
