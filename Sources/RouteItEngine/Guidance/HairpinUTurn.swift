import RouteItCore

extension ManeuverBuilder {
    /// Whether a car turns back on itself at `j`: its turn is `hairpinAngle` or more, and the
    /// road taken starts out heading back too, as OSRM perceives it (within `reversedAngle`).
    /// A road that leaves as a plain sharp turn and bends on round a hairpin a few metres on
    /// reads as reversed over 20 m, yet the driver takes a turn onto a street: Rue Louis
    /// Auréglia leaves Boulevard Rainier III 126° left and bends 48° more left 9 m on (OSRM:
    /// "Turn sharp left onto Rue Louis Auréglia").
    func isHairpin(_ j: RouteJunction) -> Bool {
        guard profile.hairpinIsUTurn && abs(j.turn) >= ManeuverBuilder.hairpinAngle else { return false }
        // Round a traffic island the turn is already read on the two halves as one road.
        if mergedHeading(leaving: j.leaving.edge, forward: j.leaving.forward, at: j.node) != nil
            || mergedHeading(leaving: j.arriving.edge, forward: !j.arriving.forward, at: j.node) != nil { return true }
        guard let into = closeInBearing(arrivingBy: j.arriving, at: j.node),
              let out = perceivedHeading(leaving: j.leaving.edge, forward: j.leaving.forward, at: j.node) else { return true }
        return abs(ManeuverBuilder.turnAngle(from: into, to: out)) >= ManeuverBuilder.reversedAngle
    }
}
