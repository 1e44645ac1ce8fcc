import RouteItCore

/// Directions and headings as the steps name them: a turn's direction from its angle, and a
/// line's heading over its first or last metres.
extension ManeuverBuilder {
    /// Straight under 20°, slight under 50°, plain under 120°, sharp beyond.
    static func direction(_ turn: Double) -> Maneuver.Direction {
        let a = abs(turn), right = turn > 0
        if a < 20 { return .straight }
        if a < 40 { return right ? .slightRight : .slightLeft }
        if a < 120 { return right ? .right : .left }
        return right ? .sharpRight : .sharpLeft
    }

    /// Signed change of heading in (-180, 180]; positive turns right.
    static func turnAngle(from a: Double, to b: Double) -> Double {
        var d = b - a
        while d > 180 { d -= 360 }
        while d <= -180 { d += 360 }
        return d
    }

    /// Bearing from a line's first point to its point `metres` along (or its end).
    static func heading(leaving line: [Coordinate], over metres: Double) -> Double {
        let start = line[0], far = DistanceReach(from: start, metres: metres)
        var reach = line[1]
        for p in line.dropFirst() {
            reach = p
            if far.isReached(by: p) { break }
        }
        return Geodesy.bearing(start, reach)
    }

    /// Bearing into a line's last point from its point `metres` before it (or its start).
    static func heading(arriving line: [Coordinate], over metres: Double) -> Double {
        let end = line[line.count - 1], far = DistanceReach(from: end, metres: metres)
        var from = line[line.count - 2]
        for p in line.reversed().dropFirst() {
            from = p
            if far.isReached(by: p) { break }
        }
        return Geodesy.bearing(from, end)
    }
}
