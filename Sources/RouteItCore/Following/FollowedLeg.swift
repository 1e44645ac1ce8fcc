import Foundation

/// One leg as the follower uses it: its route and line, where each step's maneuver lies along
/// the line, and the place it leads to.
public struct FollowedLeg: Sendable {
    public private(set) var route: Route
    public private(set) var line: RouteLine
    /// Metres along the line at which each step's maneuver happens.
    public private(set) var stepStarts: [Double]
    /// The trip's place this leg leads to (1-based: the start is 0).
    public let stop: Int
    public let name: String
    /// Seconds to stay at `stop` before the next leg.
    public let stay: Double

    public init(route: Route, stop: Int, name: String, stay: Double) {
        self.route = route
        self.stop = stop
        self.name = name
        self.stay = stay
        line = RouteLine(route.polyline)
        stepStarts = Self.stepStarts(route, on: line)
    }

    /// The same leg along another route (after a re-route).
    public mutating func replaceRoute(_ newRoute: Route) {
        route = newRoute
        line = RouteLine(newRoute.polyline)
        stepStarts = Self.stepStarts(newRoute, on: line)
    }

    /// Where the leg ends: the line's end, else the route's last step.
    public var destination: Coordinate? { line.coordinates.last ?? route.steps.last?.polyline.last }

    /// Seconds still to travel from `along` metres, in proportion to the route's own time.
    public func remainingTime(from along: Double) -> Double {
        guard line.length > 0 else { return 0 }
        return route.expectedTravelTime * max(0, line.length - along) / line.length
    }

    /// Each step's first point found along the line in order; steps without geometry are placed
    /// by their distances.
    static func stepStarts(_ route: Route, on line: RouteLine) -> [Double] {
        var starts: [Double] = []
        var byDistance = 0.0
        var previous = 0.0
        for step in route.steps {
            var start = byDistance
            if let first = step.polyline.first, let match = line.match(first, from: previous) {
                start = match.along
            }
            start = max(previous, min(start, line.length))
            starts.append(start)
            previous = start
            byDistance += step.distance
        }
        return starts
    }
}
