/// The road splits into two ways that both carry on ahead: "Keep left/right at the fork"
/// (`ManeuverBuilder.forkSide`, OSRM's fork handling).
struct ForkHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.isJunction,
              let side = guide.forkSide(at: j.node, arrivingBy: j.arriving, leaving: j.leaving, inBearing: j.inBearing) else { return nil }
        return .step(ManeuverBuilder.Draft(kind: .fork, direction: side, name: j.name, turn: j.turn))
    }
}
