import RouteItCore

/// Where the car's own roads only pass through (a bend where one way ends and the next begins,
/// or footways and cycleways joining a street, which are no intersection to a car), OSRM's car
/// graph has no intersection at all: a change of street there is a name change
/// ("new name", folded away when short), never a turn, however much the road bends. Cars only:
/// it left the bicycle rows unchanged, and a cyclist turning onto a street where the bicycle is
/// pushed is told to turn.
extension ManeuverBuilder {
    /// Whether `node` joins no road the mode may use, either way, besides `arriving` and `leaving`.
    func isThroughNode(_ node: Int32, arriving: Int, leaving: Int) -> Bool {
        // Cyclists keep their turns: a bend onto a street walked with the bicycle says so.
        guard profile.junctionsOfItsOwnWays else { return false }
        return !adjacency.edges(of: node).contains { e in
            e != arriving && e != leaving && (net.allows(e, forward: true, mode) || net.allows(e, forward: false, mode))
        }
    }
}
