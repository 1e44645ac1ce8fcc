import RouteItCore

/// OSRM's turn direction assignment (`TurnHandler::assignRightTurns`, `assignLeftTurns`,
/// `handleDistinctConflict`): where two or three turns on one side of a junction would read the
/// same ("right" at 90° and "right" at 45°), the directions are spread so each reads apart
/// ("right" and "slight right"). Angles here are OSRM's: 0 the way back, 180 straight on,
/// under 180 to the right.
struct TurnDirectionAssignment {
    struct Road {
        var angle: Double
        var entryAllowed: Bool
        /// The way the route takes.
        var isChosen: Bool
        /// OSRM's road priority (lower is greater: `GuidanceClass.priority`).
        var priority = 0
        /// The junction's obvious way (`findObviousTurn`): the turns either side are told apart
        /// around it.
        var isObvious = false
    }

    /// The chosen road's direction, nil when no conflict changes what its angle says.
    /// `roads` are the junction's roads besides the way in, in any order.
    /// `readsObviousWay`: the roads mark the junction's obvious way, if any (cars); without it a
    /// way within `FUZZY_ANGLE_DIFFERENCE` of straight splits the junction as an obvious one would.
    static func direction(of roads: [Road], readsObviousWay: Bool = false) -> Maneuver.Direction? {
        var sorted = [Road(angle: 0, entryAllowed: false, isChosen: false)] + roads.sorted { $0.angle < $1.angle }
        // Only OSRM's complex junctions (four roads or more, the way in counted) assign so.
        guard sorted.count > 3, let chosen = sorted.firstIndex(where: \.isChosen) else { return nil }
        // The straightmost road splits the junction into its right and left sides.
        let straightmost = (1..<sorted.count).min { abs(sorted[$0].angle - 180) < abs(sorted[$1].angle - 180) }!
        let deviation = abs(sorted[straightmost].angle - 180)
        let rightUpTo: Int, leftFrom: Int
        if let obvious = sorted.firstIndex(where: \.isObvious) {
            (rightUpTo, leftFrom) = (obvious, obvious + 1)
        } else if deviation < ManeuverBuilder.fuzzyAngleDifference && (!sorted[straightmost].entryAllowed || !readsObviousWay)
                    || sorted[straightmost].angle == 180 {
            (rightUpTo, leftFrom) = (straightmost, straightmost + 1)
        } else if sorted[straightmost].angle > 180 {
            (rightUpTo, leftFrom) = (straightmost, straightmost)
        } else {
            (rightUpTo, leftFrom) = (straightmost + 1, straightmost + 1)
        }
        if chosen < rightUpTo { return assignRight(sorted, upTo: rightUpTo)[chosen] }
        guard chosen >= leftFrom else { return nil }
        // Left turns are right turns of the mirrored junction.
        let count = sorted.count
        sorted = [sorted[0]] + sorted.dropFirst().reversed().map {
            Road(angle: 360 - $0.angle, entryAllowed: $0.entryAllowed, isChosen: $0.isChosen, priority: $0.priority, isObvious: $0.isObvious)
        }
        return assignRight(sorted, upTo: count - leftFrom + 1)[count - chosen].map(mirror)
    }

    /// The directions of roads 1..<upTo, the right turns (OSRM's `assignRightTurns`).
    private static func assignRight(_ r: [Road], upTo: Int) -> [Int: Maneuver.Direction] {
        var out: [Int: Maneuver.Direction] = [:]
        guard upTo > 1, (1..<upTo).contains(where: { r[$0].entryAllowed }) else { return out }
        for k in 1..<upTo where r[k].entryAllowed { out[k] = turnDirection(r[k].angle) }
        func conflict(_ left: Int, _ right: Int) {
            let (l, rr) = distinctConflict(r[left], r[right])
            out[left] = l
            out[right] = rr
        }
        if upTo == 3 {
            if turnDirection(r[1].angle) == turnDirection(r[2].angle) { conflict(2, 1) }
        } else if upTo == 4 {
            let first = turnDirection(r[1].angle), second = turnDirection(r[2].angle), third = turnDirection(r[3].angle)
            let valid = (1...3).filter { r[$0].entryAllowed }.count
            func apart(_ a: Int, _ b: Int) -> Double { abs(r[a].angle - r[b].angle) }
            if first != second && second != third {
                return out
            } else if valid <= 2 {
                if !r[3].entryAllowed { conflict(2, 1) } else if !r[1].entryAllowed { conflict(3, 2) } else { conflict(3, 1) }
            } else if apart(1, 2) >= ManeuverBuilder.narrowTurnAngle && apart(2, 3) >= ManeuverBuilder.narrowTurnAngle {
                (out[1], out[2], out[3]) = (.sharpRight, .right, .slightRight)
            } else if first == second && second == third || first == second && apart(2, 3) < ManeuverBuilder.groupAngle
                        || second == third && apart(1, 2) < ManeuverBuilder.groupAngle {
                return out
            } else if first == second || second == third {
                if apart(2, 3) >= ManeuverBuilder.groupAngle { conflict(2, 1) } else { conflict(3, 2) }
            }
        }
        return out
    }

    /// OSRM's `handleDistinctConflict` for two right turns; nil keeps what the angle says. A
    /// straight or slight pair OSRM settles by road class: the lesser road bends "slight" away
    /// from the other, which keeps its own reading (the left one where both rank alike).
    private static func distinctConflict(_ left: Road, _ right: Road) -> (Maneuver.Direction?, Maneuver.Direction?) {
        let l = turnDirection(left.angle), r = turnDirection(right.angle)
        if !left.entryAllowed || !right.entryAllowed || left.angle == right.angle {
            return (left.entryAllowed ? l : nil, right.entryAllowed ? r : nil)
        }
        if l == .straight || l == .slightLeft || r == .slightRight {
            return left.priority > right.priority ? (.slightLeft, nil) : (nil, .slightRight)
        }
        func off(_ a: Double, _ b: Double) -> Double { abs(a - b) }
        if off(left.angle, 90) < ManeuverBuilder.maximalAllowedNoTurnDeviation { return (.right, .sharpRight) }
        if off(right.angle, 90) < ManeuverBuilder.maximalAllowedNoTurnDeviation { return (.slightRight, .right) }
        if off(left.angle, 270) < ManeuverBuilder.maximalAllowedNoTurnDeviation { return (.left, .slightLeft) }
        if off(right.angle, 270) < ManeuverBuilder.maximalAllowedNoTurnDeviation { return (.sharpLeft, .left) }
        if l == .sharpLeft { return (.sharpLeft, .left) }
        if r == .sharpRight { return (.right, .sharpRight) }
        return off(left.angle, 85) >= off(right.angle, 85) ? (.slightRight, .right) : (.right, .sharpRight)
    }

    /// OSRM's `getTurnDirection` of an angle (0 back, 180 straight, under 180 right).
    static func turnDirection(_ angle: Double) -> Maneuver.Direction {
        switch angle {
        case let a where a > 0 && a < 60: return .sharpRight
        case 60..<140: return .right
        case 140..<160: return .slightRight
        case 160...200: return .straight
        case let a where a > 200 && a <= 220: return .slightLeft
        case let a where a > 220 && a <= 300: return .left
        case let a where a > 300 && a < 360: return .sharpLeft
        default: return .uTurn
        }
    }

    static func mirror(_ d: Maneuver.Direction) -> Maneuver.Direction {
        switch d {
        case .sharpLeft: return .sharpRight
        case .left: return .right
        case .slightLeft: return .slightRight
        case .slightRight: return .slightLeft
        case .right: return .left
        case .sharpRight: return .sharpLeft
        case .straight, .uTurn: return d
        }
    }
}

extension ManeuverBuilder {
    /// The direction OSRM gives a plain turn at `j` once the turns beside it are told apart.
    func assignedDirection(at j: RouteJunction) -> Maneuver.Direction? {
        let node = j.node
        var roads: [TurnDirectionAssignment.Road] = []
        let obvious = mode == .car ? carObviousBranch(at: node, arrivingBy: j.arriving, inBearing: j.inBearing)?.edge : nil
        for e in adjacency.edges(of: node) where e != j.arriving.edge && net.allows(e, mode) {
            let turn = ManeuverBuilder.turnAngle(from: j.inBearing, to: leavingHeading(e, at: node))
            var angle = 180 - turn
            if angle < 0 { angle += 360 }
            roads.append(.init(angle: angle, entryAllowed: net.allows(e, forward: net.edgeFrom[e] == node, mode),
                               isChosen: e == j.leaving.edge, priority: net.guidanceClass(of: e).priority, isObvious: e == obvious))
        }
        return TurnDirectionAssignment.direction(of: roads, readsObviousWay: mode == .car)
    }
}
