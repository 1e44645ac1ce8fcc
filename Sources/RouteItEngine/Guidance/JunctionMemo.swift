import RouteItCore

/// What the handlers read of the junction the steps are being built at, worked out once there:
/// a car's junction goes through up to fourteen handlers, and each of them asked for the same
/// ways and the same obvious way again (half of a warm route's instructions went to that).
/// It holds the readings of one junction only, the route's current one (`start`); readings of
/// other junctions (where a sliproad ends, the road walked on) are worked out as before.
final class JunctionMemo {
    private var node: Int32 = -1
    private var arrivingEdge = -1
    private var inBearing = Double.nan
    private var carRoads: [ManeuverBuilder.CarRoad]?
    private var carObvious: ManeuverBuilder.Branch??
    private var branches: [ManeuverBuilder.Branch]?

    /// The route reaches a new junction: what was read at the last one is forgotten.
    func start(at junction: RouteJunction) {
        start(node: junction.node, arrivingEdge: junction.arriving.edge, inBearing: junction.inBearing)
    }

    func start(node: Int32, arrivingEdge: Int, inBearing: Double) {
        self.node = node
        self.arrivingEdge = arrivingEdge
        self.inBearing = inBearing
        carRoads = nil
        carObvious = nil
        branches = nil
    }

    /// Whether the reading asked for is the current junction's (every reading depends only on
    /// the node, the edge arrived by and the heading in).
    private func isCurrent(_ node: Int32, _ prev: RouteLeg, _ inBearing: Double) -> Bool {
        node == self.node && prev.edge == arrivingEdge && inBearing == self.inBearing
    }

    func carRoads(at node: Int32, arrivingBy prev: RouteLeg, inBearing: Double,
                  _ read: () -> [ManeuverBuilder.CarRoad]) -> [ManeuverBuilder.CarRoad] {
        guard isCurrent(node, prev, inBearing) else { return read() }
        if let carRoads { return carRoads }
        let roads = read()
        carRoads = roads
        return roads
    }

    func carObviousBranch(at node: Int32, arrivingBy prev: RouteLeg, inBearing: Double,
                          _ read: () -> ManeuverBuilder.Branch?) -> ManeuverBuilder.Branch? {
        guard isCurrent(node, prev, inBearing) else { return read() }
        if let carObvious { return carObvious }
        let obvious = read()
        carObvious = .some(obvious)
        return obvious
    }

    func branches(at node: Int32, arrivingBy prev: RouteLeg, inBearing: Double,
                  _ read: () -> [ManeuverBuilder.Branch]) -> [ManeuverBuilder.Branch] {
        guard isCurrent(node, prev, inBearing) else { return read() }
        if let branches { return branches }
        let ways = read()
        branches = ways
        return ways
    }
}
