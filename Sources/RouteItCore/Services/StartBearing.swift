/// Which way a route should leave its start (OSRM's `bearings=VALUE,RANGE` for the first
/// place): only a road travelled within `range` degrees of `value` (clockwise from north) may
/// start it. A re-route from a moving user gives the heading, so the new route goes on the way
/// the user is going instead of beginning with a U-turn.
public struct StartBearing: Hashable, Sendable {
    public var value: Double
    public var range: Double

    /// Degrees either side of the heading a re-route accepts: a receiver's course on a bend, or
    /// a street meeting the heading at an angle, is still "going that way".
    public static let rerouteRange = 60.0

    public init(value: Double, range: Double) {
        self.value = value
        self.range = range
    }

    /// Whether travelling at `bearing` (degrees clockwise from north) is within range.
    public func accepts(_ bearing: Double) -> Bool {
        let difference = abs(bearing - value).truncatingRemainder(dividingBy: 360)
        return min(difference, 360 - difference) <= range
    }
}
