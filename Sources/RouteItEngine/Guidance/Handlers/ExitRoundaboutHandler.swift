/// Leaving a roundabout or rotary is a step of its own, "Exit the roundabout right onto X", as
/// OSRM 26 says it (`exit roundabout`, `exit rotary`), also for a route that starts on the ring.
/// A roundabout turn takes its exit with it (`ManeuverBuilder.roundabout`) and is never asked.
struct ExitRoundaboutHandler: GuidanceHandler {
    /// The ring's heading into the exit is its last segment's (at least this long): further back
    /// the ring has curved away, and OSRM reads a ring's bearing along its first segment.
    static let ringHeadingMetres = 1.0

    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard guide.profile.announcesRoundabouts, guide.isRoundabout(j.arriving.edge), !guide.isRoundabout(j.leaving.edge) else {
            return nil
        }
        let start = j.arriving.forward ? guide.net.edgeFrom[j.arriving.edge] : guide.net.edgeTo[j.arriving.edge]
        let kind: ManeuverBuilder.Draft.Kind
        if case .rotary = guide.roundaboutKind(along: j.arriving.edge, from: start) { kind = .exitRotary } else { kind = .exitRoundabout }
        let ring = ManeuverBuilder.heading(arriving: j.route.coords[j.previousIndex], over: Self.ringHeadingMetres)
        let turn = ManeuverBuilder.turnAngle(from: ring, to: j.inBearing + j.turn)
        return .step(ManeuverBuilder.Draft(kind: kind, direction: ManeuverBuilder.direction(turn), name: j.name, turn: turn))
    }
}
