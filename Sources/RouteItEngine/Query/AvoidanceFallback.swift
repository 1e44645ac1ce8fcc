import RouteItCore

/// Avoiding road classes without failing the trip: the search keeps off all the classes asked
/// for, and when no route does, off as many of them as it can (the largest subsets first); the
/// classes it kept off are returned so the route can name the ones it had to use.
extension RoutingEngine {
    func bestPath(_ a: Coordinate, _ b: Coordinate, _ mode: TransportType, _ router: ModeRouter, _ ws: QueryWorkspace,
                  slack: Double, avoid: RoadAvoidance, approaches: EndApproaches = .unrestricted,
                  startBearing: StartBearing? = nil) throws -> (found: FoundPath, kept: RoadAvoidance) {
        for subset in avoid.subsetsLargestFirst {
            if let found = try bestPath(a, b, mode, router, ws, slack: slack, keepingOff: subset, approaches: approaches,
                                        startBearing: startBearing) {
                return (found, subset)
            }
        }
        throw DirectionsError.noRoute
    }

    /// The best path off `subset`, nil when there is none (with nothing to avoid, the search's
    /// own error). A place on an avoided road first leaves it by the nearest ways off, and only
    /// when those lead nowhere (a rest area that only goes back onto the motorway) by any of them.
    /// Two ends on one small piece cut off from the network are routed on it, and when it cannot
    /// carry the trip, from the network's nearest roads, as a table's cell is (`snapAlone`): a
    /// pair a table reaches always has a route. `startBearing`: the route leaves the start that way
    /// when it can, any way when not.
    func bestPath(_ a: Coordinate, _ b: Coordinate, _ mode: TransportType, _ router: ModeRouter,
                  _ ws: QueryWorkspace, slack: Double, keepingOff subset: RoadAvoidance, onNetwork: Bool = false,
                  approaches: EndApproaches = .unrestricted, startBearing: StartBearing? = nil) throws -> FoundPath? {
        func attempt(_ ends: SearchEnds) throws -> FoundPath? {
            do {
                return try search(ends, mode, router, ws, slack: slack, reference: false, avoid: subset.rawValue)
            } catch DirectionsError.noRoute where !subset.isEmpty || ends.onPiece {
                return nil
            }
        }
        if let startBearing,
           let headed = searchEnds(a, b, mode, router, ws, avoid: subset.rawValue, onNetwork: onNetwork,
                                   approaches: approaches, startBearing: startBearing),
           headed.startDirections != nil, let found = try? attempt(headed) {
            return found
        }
        guard let nearest = searchEnds(a, b, mode, router, ws, avoid: subset.rawValue, onNetwork: onNetwork, approaches: approaches) else {
            if subset.isEmpty { throw DirectionsError.noRoute }
            return nil
        }
        if let found = try attempt(nearest) { return found }
        if nearest.stretched,
           let wide = searchEnds(a, b, mode, router, ws, avoid: subset.rawValue, wideStretch: true, onNetwork: onNetwork, approaches: approaches),
           let found = try attempt(wide) {
            return found
        }
        guard nearest.onPiece else { return nil }
        return try bestPath(a, b, mode, router, ws, slack: slack, keepingOff: subset, onNetwork: true, approaches: approaches)
    }
}
