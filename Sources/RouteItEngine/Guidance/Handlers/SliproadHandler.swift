/// A sliproad cutting the corner of a junction (`ManeuverBuilder.sliproadTarget`): the turn onto
/// it starts a step that remembers where it ends, and where it ends a step always starts, so
/// that `StepCollapsing.combineSliproads` can make the two one turn, as OSRM's `handleSliproad`.
struct SliproadHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        if let end = draft.sliproadEnd, end == j.node { return .step(guide.turnDraft(at: j)) }
        guard let end = guide.sliproadTarget(at: j) else { return nil }
        var next = guide.turnDraft(at: j)
        next.sliproadEnd = end
        return .step(next)
    }
}
