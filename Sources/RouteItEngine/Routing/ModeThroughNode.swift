import RouteItCore

/// Where the mode's own roads only pass through (a bend where one way ends and the next begins,
/// or footways and cycleways joining a street, which are no intersection to a car), OSRM's car
/// and bicycle graphs have no intersection at all: a change of street there is a name change
/// ("new name", folded away when short), never a turn, however much the road bends.
extension ManeuverBuilder {
    /// Whether `node` joins no road the mode may use, either way, besides `arriving` and `leaving`.
    func isThroughNode(_ node: Int32, arriving: Int, leaving: Int) -> Bool {
        guard mode != .walk else { return false }
        return !adjacency.edges(of: node).contains { e in
            e != arriving && e != leaving && (net.allows(e, forward: true, mode) || net.allows(e, forward: false, mode))
        }
    }
}
