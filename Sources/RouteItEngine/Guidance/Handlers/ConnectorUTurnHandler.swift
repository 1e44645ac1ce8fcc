/// Cars and bikes: a turn onto a short connector that leaves, at its other end, heading back the way the
/// car came is one U-turn, on the road it comes back by (`ManeuverBuilder.connectorUTurn`).
/// Going on round a ring is none, however small the ring (OSRM says nothing on a roundabout).
struct ConnectorUTurnHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.isJunction, !(guide.isRoundabout(j.arriving.edge) && guide.isRoundabout(j.leaving.edge)),
              let exit = guide.connectorUTurn(from: j.index, arrivingBy: j.arriving, legs: j.route.legs, coords: j.route.coords,
                                              isMeaningful: j.route.isMeaningful, inBearing: j.inBearing, turn: j.turn) else { return nil }
        return .uTurn(ManeuverBuilder.Draft(kind: .uTurn, name: guide.net.name(of: j.route.legs[exit].edge)), through: exit)
    }
}
