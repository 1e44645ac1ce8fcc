import Foundation
import RouteItCore

/// How guidance reads a junction's headings from the map: as OSRM perceives them
/// (`PerceivedBearing`) where the mode does, else over the first 20 m.
extension ManeuverBuilder {
    /// The heading of edge `e` leaving junction `node` as the mode's guidance reads it: a walker's,
    /// and a driver's on motorways, trunks and their ramps, as OSRM perceives it; otherwise over
    /// its first 20 m, which the drivers' and cyclists' rules were measured against (perceived
    /// on every road, Monaco car names fell 237 → 213 of 288).
    func junctionHeading(leaving e: Int, forward: Bool, at node: Int32) -> Double? {
        headingMemo.junctionHeading(e, forward, node) {
            perceivesBearing(of: e) ? perceivedHeading(leaving: e, forward: forward, at: node)
                : heading(leaving: e, forward: forward, over: ManeuverBuilder.headingMetres)
        }
    }

    /// The heading the route arrives at `node` with by `prev` (whose part on the route is `line`):
    /// for a walker the whole way's perceived bearing, as OSRM reads a turn even where the route
    /// starts part of the way along it.
    func arrivingHeading(_ prev: RouteLeg, at node: Int32, along line: [Coordinate]) -> Double {
        if perceivesBearing(of: prev.edge), let back = perceivedHeading(leaving: prev.edge, forward: !prev.forward, at: node) {
            return (back + 180).truncatingRemainder(dividingBy: 360)
        }
        return ManeuverBuilder.heading(arriving: line, over: ManeuverBuilder.headingMetres)
    }

    /// The heading the route leaves `node` with by `leg` (whose part on the route is `line`).
    func leavingHeading(_ leg: RouteLeg, at node: Int32, along line: [Coordinate]) -> Double {
        if perceivesBearing(of: leg.edge), let h = perceivedHeading(leaving: leg.edge, forward: leg.forward, at: node) { return h }
        return ManeuverBuilder.heading(leaving: line, over: ManeuverBuilder.headingMetres)
    }

    /// Whether the mode reads edge `e`'s heading as OSRM perceives it (`GuidanceProfile`).
    func perceivesBearing(of e: Int) -> Bool {
        if profile.perceivesBearings { return true }
        guard profile.perceivesFastRoadBearings, let road = RoadClass(rawValue: net.edgeClass[e]) else { return false }
        return road.isMotorwayClass || road.isRamp
    }

    /// Bearing `b` of one of `node`'s roads as OSRM's steps keep it (`turn_classification.cpp`):
    /// its 15° class where each of the node's roads has a class of its own, else its whole degree.
    func keptBearing(_ b: Double, at node: Int32) -> Double {
        var classes: UInt32 = 0
        for e in adjacency.edges(of: node) where net.allows(e, mode) {
            guard let h = perceivedHeading(leaving: e, forward: net.edgeFrom[e] == node, at: node) else { continue }
            let bit = UInt32(1) << UInt32(PerceivedBearing.discrete(h) / PerceivedBearing.bearingClassStep)
            if classes & bit != 0 { return b.rounded() }
            classes |= bit
        }
        return PerceivedBearing.discrete(b)
    }

    /// The perceived bearing of edge `e` leaving `node` (its `forward` end when `forward`). Where
    /// no third way meets (OSRM's `GetCoordinateCloseToTurn`), simply towards its first point a
    /// metre or more away.
    func perceivedHeading(leaving e: Int, forward: Bool, at node: Int32) -> Double? {
        headingMemo.perceivedHeading(e, forward, node) { measuredPerceivedHeading(leaving: e, forward: forward, at: node) }
    }

    private func measuredPerceivedHeading(leaving e: Int, forward: Bool, at node: Int32) -> Double? {
        guard isJunction(node) else { return heading(leaving: e, forward: forward, over: 1) }
        let line = roadAhead(leaving: e, forward: forward, metres: PerceivedBearing.longestLookahead)
        guard line.count >= 2 else { return nil }
        let road = PerceivedBearing.Road(RoadClass(rawValue: net.edgeClass[e]),
                                         isRoundabout: net.edgeFlags[e] & EdgeFlags.roundabout != 0)
        return PerceivedBearing.bearing(of: line, road: road)
    }

    /// The road's points from `node` on until `metres` from it, read from the map without copying
    /// whole ways. Like OSRM's graph, whose roads run unbroken through nodes where nothing else
    /// the mode may use meets them, it follows the road on where only one more edge the mode may
    /// use meets it and that edge carries the same name, class and roundabout flag.
    func roadAhead(leaving e: Int, forward: Bool, metres: Double) -> [Coordinate] {
        var edge = e, ahead = forward
        var line: [Coordinate] = []
        var far: DistanceReach?
        for _ in 0..<ManeuverBuilder.roadAheadEdges {
            let points = net.points(of: edge)
            guard points.count >= 2 else { break }
            let first = points.startIndex, last = points.endIndex - 1
            for k in (line.isEmpty ? 0 : 1)..<points.count {
                let c = points[ahead ? first + k : last - k].coordinate
                line.append(c)
                if far == nil { far = DistanceReach(from: c, metres: metres) } else if far!.isReached(by: c) { return line }
            }
            let end = ahead ? net.edgeTo[edge] : net.edgeFrom[edge]
            var next: Int?
            for other in adjacency.edges(of: end) where other != edge && net.allows(other, mode) {
                guard next == nil else { return line }
                next = other
            }
            guard let n = next, net.edgeName[n] == net.edgeName[edge], net.edgeClass[n] == net.edgeClass[edge],
                  net.edgeFlags[n] & EdgeFlags.roundabout == net.edgeFlags[edge] & EdgeFlags.roundabout,
                  net.edgeFrom[n] != net.edgeTo[n] else { return line }
            ahead = net.edgeFrom[n] == end
            edge = n
        }
        return line
    }

    /// Edges `roadAhead` follows at most (a lookahead's length of very short ones).
    static let roadAheadEdges = 32
}
