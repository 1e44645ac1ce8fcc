/// The street goes on, but not where it obviously would (OSRM's "Continue left"): a turn, which
/// also names the street when a name change just before it folded away. Walkers too (judged by
/// foot.lua's obvious way), on named ways: a walker at a split of Bretelle Vistaero hears "Turn
/// slight left onto Bretelle Vistaero" as from OSRM. Cyclists too, on named ways (OSRM's bike
/// guidance is the car's handlers): "Turn left to stay on Route de Laghet" above Monaco, where
/// a street of its class goes on straighter (unnamed ways too cost Monaco bike names 240 -> 223).
struct NonObviousContinuationHandler: GuidanceHandler {
    let rule: ObviousWayRule

    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.isJunction && abs(j.turn) >= ManeuverBuilder.straightAngle && !j.isOnAnnouncedRoundabout,
              rule == .driver || !j.name.isEmpty, !rule.isObvious(j, guide) else { return nil }
        var next = ManeuverBuilder.Draft(kind: .turn, direction: ManeuverBuilder.direction(j.turn), name: j.name, turn: j.turn)
        next.staysOnStreet = true
        return .step(next)
    }
}
