import RouteItCore

/// Two ways leaving a junction on the same side that an angle alone would give the same
/// direction ("turn right" for both) are told apart, as OSRM's `TurnHandler::handleDistinctConflict`
/// does: the one nearer a right angle keeps "right", the other becomes "slight right" or
/// "sharp right" (turn.feature's "Right Turn Assignment" scenarios). Three ways on one side, each
/// at least `NARROW_TURN_ANGLE` from the next, are sharp, plain and slight in turn. Ways a car
/// may only arrive by count towards the junction's size but are never told apart from.
extension ManeuverBuilder {
    /// OSRM's MAXIMAL_ALLOWED_NO_TURN_DEVIATION: a way this close to a right angle is "right".
    static let perfectTurnSlack = 3.0

    /// The direction of the turn onto `leg` at `node`, its neighbours on the same side considered.
    func resolvedTurnDirection(_ turn: Double, at node: Int32, arrivingBy prev: RouteLeg, leaving leg: RouteLeg,
                               inBearing: Double) -> Maneuver.Direction {
        let plain = ManeuverBuilder.direction(turn)
        guard plain != .straight else { return plain }
        let right = turn > 0
        // OSRM tells clashing turns apart only where at least three ways leave (its
        // `handleComplexTurn`); of two ways, both may be sharp right.
        let waysOut = adjacency.edges(of: node).filter { $0 != prev.edge && net.allows($0, mode) }.count
        guard waysOut >= 3 else { return plain }
        // The ways on the chosen side that are turns at all, the chosen one among them.
        let all = branches(at: node, arrivingBy: prev, inBearing: inBearing)
        guard let taken = all.first(where: { $0.edge == leg.edge && $0.forward == leg.forward }),
              (taken.angle > 0) == right, ManeuverBuilder.direction(taken.angle) == plain else { return plain }
        let side = all.filter { ($0.angle > 0) == right && abs($0.angle) >= ManeuverBuilder.straightAngle && abs($0.angle) < 180 }
            .map { abs($0.angle) }.sorted()
        let chosen = abs(taken.angle)
        guard side.count >= 2 else { return plain }
        let buckets = side.map { ManeuverBuilder.direction($0) }
        if side.count == 3 && Set(buckets).count < 3
            && zip(side, side.dropFirst()).allSatisfy({ $1 - $0 >= ManeuverBuilder.narrowTurnAngle }) {
            let index = side.firstIndex { abs($0 - chosen) < 0.01 }!
            return Self.sided([Maneuver.Direction.slightRight, .right, .sharpRight][index], right: right)
        }
        guard side.count == 2, buckets[0] == buckets[1] else { return plain }
        // OSRM resolves a clash of two slight turns by road class: left as it is.
        guard buckets[0] != .slightRight && buckets[0] != .slightLeft else { return plain }
        let inner = side[0], outer = side[1], isInner = abs(inner - chosen) < 0.01
        let innerOuter: (Maneuver.Direction, Maneuver.Direction)
        if abs(inner - 90) < Self.perfectTurnSlack {
            innerOuter = (.right, .sharpRight)
        } else if abs(outer - 90) < Self.perfectTurnSlack {
            innerOuter = (.slightRight, .right)
        } else if buckets[0] == .sharpRight || buckets[0] == .sharpLeft {
            innerOuter = (.right, .sharpRight)
        } else if abs(inner - 85) >= abs(outer - 85) {
            innerOuter = (.slightRight, .right)
        } else {
            innerOuter = (.right, .sharpRight)
        }
        return Self.sided(isInner ? innerOuter.0 : innerOuter.1, right: right)
    }

    /// `direction`, a right-hand direction mirrored for a turn to the left.
    private static func sided(_ direction: Maneuver.Direction, right: Bool) -> Maneuver.Direction {
        guard !right else { return direction }
        switch direction {
        case .slightRight: return .slightLeft
        case .right: return .left
        case .sharpRight: return .sharpLeft
        default: return direction
        }
    }
}
