import RouteItCore

/// The OSRM modifiers RouteIt's maneuvers do not carry, read from the line and the places asked
/// as osrm-routed reads them: on depart and arrive, which way the place lies from the road
/// (its `assignRelativeLocations`: only for a place 5-300 m from the road, else none), and on
/// entering a roundabout or rotary, the turn onto the ring (its `getTurnDirection`).
enum OSRMModifiers {
    /// Depart: from the place onto the road at `road`, then on to `next`.
    static func modifier(place: Coordinate, road: Coordinate, next: Coordinate) -> Maneuver.Direction? {
        guard isBeside(place, road), road != next else { return nil }
        return side(angle(place, road, next))
    }

    /// Arrive: along the road from `previous` to `road`, then to the place.
    static func modifier(place: Coordinate, road: Coordinate, previous: Coordinate) -> Maneuver.Direction? {
        guard isBeside(place, road), road != previous else { return nil }
        return side(angle(previous, road, place))
    }

    /// OSRM's turn direction for a heading `before` turning to `after` (degrees).
    static func turnDirection(from before: Double, to after: Double) -> Maneuver.Direction {
        let a = 180 - turn(from: before, to: after)
        switch a {
        case 0..<60 where a > 0: return .sharpRight
        case 60..<140: return .right
        case 140..<160: return .slightRight
        case 160...200: return .straight
        case 200...220: return .slightLeft
        case 220...300: return .left
        case 300..<360: return .sharpLeft
        default: return .uTurn
        }
    }

    /// Too near the road to have a side, or too far for the side to mean anything.
    private static func isBeside(_ place: Coordinate, _ road: Coordinate) -> Bool {
        (5...300).contains(place.distance(to: road))
    }

    /// OSRM's three sides (`bearingToDirectionModifier`).
    private static func side(_ angle: Double) -> Maneuver.Direction {
        angle < 135 ? .right : angle <= 225 ? .straight : .left
    }

    /// OSRM's angle at `b` going from `a` to `c`: 180 straight on, less a right turn, more a left.
    private static func angle(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate) -> Double {
        180 - turn(from: Geodesy.bearing(a, b), to: Geodesy.bearing(b, c))
    }

    /// The change of heading, -180 (left) to 180 (right).
    private static func turn(from before: Double, to after: Double) -> Double {
        var d = (after - before).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }
}
