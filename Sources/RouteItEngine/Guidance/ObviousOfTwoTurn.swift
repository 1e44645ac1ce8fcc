import RouteItCore

/// Two ways going on ahead as a fork would, but one of them obvious by its class or by going on
/// perfectly straight under its name (OSRM's `hasObvious`): no fork, turns as OSRM's
/// `handleThreeWayTurn` and `handleComplexTurn` assign them. The way that is not obvious of the
/// two is a turn ("continue" on the street arrived by) told by its own direction, bent to a slight
/// one when both go on straight and the other is the junction's obvious way; the obvious one is said only where the junction has no obvious
/// way at all (`findObviousTurn`), then plainly as well.
extension ManeuverBuilder {
    func obviousOfTwoTurn(_ j: RouteJunction, _ reading: ForkReading) -> GuidanceDecision? {
        let chosenIsObvious = isObviousOfTwo(reading.chosen, over: reading.other, arrivingBy: j.arriving)
        var direction = ManeuverBuilder.direction(j.turn)
        if chosenIsObvious {
            guard carObviousBranch(at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing) == nil else { return nil }
        } else if direction == .straight && ManeuverBuilder.direction(reading.other.angle) == .straight,
                  let obvious = carObviousBranch(at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing),
                  obvious.goesSameWay(as: reading.other) {
            direction = reading.side
        }
        var next = Draft(kind: .turn, direction: direction, name: j.name, turn: j.turn)
        next.staysOnStreet = !j.arrivingLabel.requiresAnnouncement(onto: j.label)
        return .step(next)
    }
}
