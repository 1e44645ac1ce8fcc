/// Two slip roads joining, the one joined going on through: OSRM says nothing, whatever the
/// joined one is called.
struct SlipRoadJoinHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.renamed && j.isJunction && guide.isRampOntoThroughRamp(at: j.node, arrivingBy: j.arriving, leaving: j.leaving) else {
            return nil
        }
        return .silent
    }
}
