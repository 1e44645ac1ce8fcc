import RouteItCore

/// Three ways going on ahead and none of them obvious: OSRM's three-way fork (`findFork` with
/// three candidates, then `assignFork(left, center, right)`): "fork slight left", "fork
/// straight", "fork slight right". Cars only, as OSRM's fork handling is the car's.
extension ManeuverBuilder {
    /// The side to keep to when `j` takes one of three such ways; nil when the junction is none.
    func tripleForkSide(at j: RouteJunction) -> Maneuver.Direction? {
        guard mode == .car else { return nil }
        let all = branches(at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing)
        guard all.count >= 3 else { return nil }
        let incoming = RoadClass(rawValue: net.edgeClass[j.arriving.edge]) ?? .service
        let ahead = all.filter { b in
            guard abs(b.angle) <= ManeuverBuilder.forkAngle else { return false }
            return !ManeuverBuilder.isMinor(RoadClass(rawValue: net.edgeClass[b.edge])) || ManeuverBuilder.isMinor(incoming)
        }.sorted { $0.angle < $1.angle }
        guard ahead.count == 3,
              let index = ahead.firstIndex(where: { $0.goesSameWay(as: j.leaving) }),
              // One of them goes on nearly straight (OSRM: within NARROW_TURN_ANGLE).
              ahead.contains(where: { abs($0.angle) <= ManeuverBuilder.narrowTurnAngle }),
              // Slip roads fork only with slip roads (`isCompatibleByRoadClass`).
              Set(ahead.map { RoadClass(rawValue: net.edgeClass[$0.edge])?.isLink == true }).count == 1,
              isSetApart(ahead[0], ahead[2], at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing),
              carObviousBranch(at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing) == nil else { return nil }
        // The middle way dead ahead under the same name is no fork of its own: nothing is said.
        if index == 1, abs(ahead[1].angle) < ManeuverBuilder.maximalAllowedNoTurnDeviation,
           !j.arrivingLabel.requiresAnnouncement(onto: j.label) { return nil }
        return [Maneuver.Direction.slightLeft, .straight, .slightRight][index]
    }
}
