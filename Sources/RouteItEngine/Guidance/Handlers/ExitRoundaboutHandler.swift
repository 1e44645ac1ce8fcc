import RouteItCore

/// Leaving a roundabout or rotary is a step of its own, "Exit the roundabout right onto X", as
/// OSRM 26 says it (`exit roundabout`, `exit rotary`), also for a route that starts on the ring,
/// or that only touches the ring at one node and turns there (OSRM's enter-and-exit). A
/// roundabout turn takes its exit with it (`ManeuverBuilder.roundabout`) and is never asked.
struct ExitRoundaboutHandler: GuidanceHandler {
    /// The ring's heading into the exit is its last segment's (at least this long): further back
    /// the ring has curved away, and OSRM reads a ring's bearing along its first segment.
    static let ringHeadingMetres = 1.0
    /// Touching the ring within this of straight on is driving through it, nothing to say
    /// (OSRM's FUZZY_ANGLE_DIFFERENCE).
    static let throughAngle = 25.0

    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard guide.profile.announcesRoundabouts, !guide.isRoundabout(j.leaving.edge) else { return nil }
        if guide.isRoundabout(j.arriving.edge) {
            let start = j.arriving.forward ? guide.net.edgeFrom[j.arriving.edge] : guide.net.edgeTo[j.arriving.edge]
            let ring = ManeuverBuilder.heading(arriving: j.route.coords[j.previousIndex], over: Self.ringHeadingMetres)
            let turn = ManeuverBuilder.turnAngle(from: ring, to: j.inBearing + j.turn)
            return step(guide.roundaboutKind(along: j.arriving.edge, from: start), turn, j.name)
        }
        // Onto the ring and straight off it at the same node. A ring a turn restriction closes to
        // the way in is not entered there (OSRM's `can_enter_roundabout` reads `entry_allowed`):
        // driving across its node is a plain junction (roundabout.feature's through-lane).
        guard abs(j.turn) >= Self.throughAngle,
              let ringEdge = guide.adjacency.edges(of: j.node).first(where: {
                  let forward = guide.net.edgeFrom[$0] == j.node
                  return guide.isRoundabout($0) && guide.net.allows($0, forward: forward, guide.mode)
                      && guide.allowsTurn(from: j.arriving, onto: $0, forward: forward)
              }) else { return nil }
        return step(guide.roundaboutKind(along: ringEdge, from: j.node), j.turn, j.name)
    }

    private func step(_ ring: RoundaboutKind, _ turn: Double, _ name: String) -> GuidanceDecision {
        var kind = ManeuverBuilder.Draft.Kind.exitRoundabout
        if case .rotary = ring { kind = .exitRotary }
        return .step(ManeuverBuilder.Draft(kind: kind, direction: Self.direction(turn), name: name, turn: turn))
    }

    /// Leaving back along the ring's own line (overlapping ways) is a U-turn: OSRM's angle is
    /// then exactly 0 (roundabout.feature's "CCW and CW roundabouts with overlaps").
    static let reversalAngle = 179.5

    /// As `ManeuverBuilder.direction` (OSRM's `getTurnDirection`: "exit roundabout slight right"
    /// 27° off the ring in roundabout.feature's turboroundabout), but a reversal is a U-turn.
    static func direction(_ turn: Double) -> Maneuver.Direction {
        abs(turn) > reversalAngle ? .uTurn : ManeuverBuilder.direction(turn)
    }
}
