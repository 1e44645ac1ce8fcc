import RouteItCore

/// Junctions as a driver meets them, as OSRM's car graph and guidance see them: only ways a car
/// may use, driveways apart, and a divided street's two carriageways as one road.
extension ManeuverBuilder {
    /// Where a third way meets the route: for a driver only ways a car may use count (OSRM's car
    /// graph has no footways, so a footpath crossing makes no intersection to announce at).
    func isJunction(_ node: Int32) -> Bool {
        guard profile.junctionsOfItsOwnWays else {
            let degree = adjacency.degree(node)
            guard degree == 2 else { return degree >= 3 }
            let first = Int(adjacency.start[Int(node)])
            return isLoop(Int(adjacency.edges[first])) || isLoop(Int(adjacency.edges[first + 1]))
        }
        var ways = 0
        // A loop from and to the node (a lollipop's ring) is two ways there, as in OSRM's graph.
        for e in adjacency.edges(of: node) where net.allows(e, mode) {
            ways += isLoop(e) ? 2 : 1
            if ways >= 3 { return true }
        }
        return false
    }

    /// An edge from and to one node.
    func isLoop(_ e: Int) -> Bool { net.edgeFrom[e] == net.edgeTo[e] }

    /// A junction where, besides the road in and the road on, only driveways, tracks and paths
    /// meet (OSRM's `DrivewayHandler`), arriving on a road that is none of those.
    func isDrivewayJunction(at node: Int32, arrivingBy prev: RouteLeg, leaving leg: RouteLeg) -> Bool {
        func isLowPriority(_ e: Int) -> Bool { net.guidanceClass(of: e).isLowPriority }
        guard !isLowPriority(prev.edge), !isLowPriority(leg.edge) else { return false }
        var sideWays = 0
        for e in adjacency.edges(of: node) where e != prev.edge && e != leg.edge && net.allows(e, mode) {
            guard isLowPriority(e) else { return false }
            sideWays += 1
        }
        return sideWays > 0
    }

    /// The ways a driver meets at `node` besides the one arriving, whether or not they may be
    /// entered, with the other carriageway of a divided street counted in the arriving one (a
    /// one-way of the same street leaving back beside the one-way arriving): OSRM merges the two
    /// carriageways into one road, so one way met is a junction-less name change to it.
    func waysMet(at node: Int32, arrivingBy prev: RouteLeg, inBearing: Double) -> Int {
        func isOneWay(_ e: Int) -> Bool { !(net.allows(e, forward: true, .car) && net.allows(e, forward: false, .car)) }
        let arriving = streetLabel(of: prev.edge), arrivesOneWay = isOneWay(prev.edge)
        var ways = 0
        for e in adjacency.edges(of: node) where e != prev.edge && net.allows(e, mode) {
            let otherCarriageway = arrivesOneWay && isOneWay(e) && arriving.isSameStreet(as: streetLabel(of: e))
                && abs(ManeuverBuilder.turnAngle(from: inBearing, to: leavingHeading(e, at: node))) >= ManeuverBuilder.reversedAngle
            if !otherCarriageway { ways += 1 }
        }
        return ways
    }
}
