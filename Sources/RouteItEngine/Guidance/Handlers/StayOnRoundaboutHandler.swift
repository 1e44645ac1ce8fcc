/// Going on round a ring the route is already on says nothing, whatever leaves the ring there:
/// OSRM's roundabout handler takes every junction on the ring (`StayOnRoundabout`, never a fork
/// or a turn), also for a route that starts on it (roundabout.feature's turboroundabout: `n,m`
/// is `depart,arrive`). Entering a ring is `ManeuverBuilder.roundabout`'s.
struct StayOnRoundaboutHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.isOnAnnouncedRoundabout, guide.isRoundabout(j.arriving.edge) else { return nil }
        return .silent
    }
}
