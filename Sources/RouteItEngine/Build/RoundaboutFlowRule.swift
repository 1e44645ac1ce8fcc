import RouteItCore

/// OSRM's extractor forbids turning from a road into another at a roundabout node when the
/// second lies, seen from the ring, on the far side of the first against the ring's flow
/// (`isTurnAllowed`, "roundabouts exits in the opposite direction of roundabout flow"): a
/// one-way road that enters and leaves the ring at one node is driven round the ring, not cut
/// across. The graph builders leave those turns out; guidance counts exits without them.
enum RoundaboutFlowRule {
    /// Bearings in degrees (0 north, clockwise). `fromRoad`: leaving the junction back along the
    /// road arrived by; `to`: leaving along the road taken; `ringIn`: the travel bearings of the
    /// ring directions arriving at the junction (their way on not allowed); `ringOut`: those of
    /// the ring directions leaving it.
    static func forbids(fromRoad: Double, to: Double, ringIn: [Double], ringOut: [Double]) -> Bool {
        // OSRM's tie breakers (linked roundabouts): the ring arrival furthest round from the road
        // arrived by, the ring way on furthest from it; strictly more than 0 (so the ring itself,
        // arrived by, is never its own ring arrival).
        var ringFrom: Double?, ringFromAngle = 0.0
        for b in ringIn {
            let a = angleBetween(b, fromRoad)
            if a > ringFromAngle { ringFrom = b; ringFromAngle = a }
        }
        var ringTo: Double?, ringToAngle = 0.0
        for b in ringOut {
            let a = angleBetween(fromRoad, b)
            if a > ringToAngle { ringTo = b; ringToAngle = a }
        }
        guard let ringFrom, let ringTo else { return false }
        let ringAngle = angleBetween(ringFrom, ringTo)
        let fromAngle = angleBetween(ringFrom, fromRoad)
        let toAngle = angleBetween(ringFrom, to)
        return (fromAngle < ringAngle && toAngle < fromAngle) || (fromAngle > ringAngle && toAngle > fromAngle)
    }

    /// OSRM's `angleBetween`: the turn from travelling `entry` to leaving along `exit`, 180
    /// straight on, less to the right, more to the left.
    static func angleBetween(_ entry: Double, _ exit: Double) -> Double {
        let a = (entry - exit + 540).truncatingRemainder(dividingBy: 360)
        return a < 0 ? a + 360 : a
    }

    /// Per node, whether a ring direction the mode may take both arrives and leaves there, and
    /// another road meets it: the only nodes where the rule can forbid a turn.
    static func ringJunctions(_ net: RoadNetwork, _ junctions: DirectionJunctions) -> [Bool] {
        var marked = [Bool](repeating: false, count: net.nodeCount)
        for node in 0..<net.nodeCount {
            let ins = junctions.inDirs[Int(junctions.inStart[node])..<Int(junctions.inStart[node + 1])]
            guard ins.count >= 2, ins.contains(where: { isRing(net, Int($0)) }) else { continue }
            let outs = junctions.outDirs[Int(junctions.outStart[node])..<Int(junctions.outStart[node + 1])]
            marked[node] = outs.contains { isRing(net, Int($0)) } && ins.contains { !isRing(net, Int($0)) }
        }
        return marked
    }

    /// Whether arriving by direction `k` and leaving by `next` at their junction is forbidden;
    /// `departure` holds each direction's bearing leaving its tail (roads other than the ring).
    static func forbids(arriving k: Int, leaving next: Int, _ net: RoadNetwork, _ junctions: DirectionJunctions,
                        _ departure: [Float]) -> Bool {
        guard k ^ 1 != next else { return false }
        let node = net.tail(ofDirection: next)
        var ringIn: [Double] = [], ringOut: [Double] = []
        let outs = junctions.outDirs[Int(junctions.outStart[node])..<Int(junctions.outStart[node + 1])]
        for d in outs where isRing(net, Int(d)) { ringOut.append(ringBearing(net, leavingBy: Int(d))) }
        for d in junctions.inDirs[Int(junctions.inStart[node])..<Int(junctions.inStart[node + 1])]
            where isRing(net, Int(d)) && !outs.contains(d ^ 1) {
            ringIn.append(ringBearing(net, leavingBy: Int(d) ^ 1) + 180)
        }
        func bearing(_ d: Int) -> Double { isRing(net, d) ? ringBearing(net, leavingBy: d) : Double(departure[d]) }
        return forbids(fromRoad: bearing(k ^ 1), to: bearing(next), ringIn: ringIn, ringOut: ringOut)
    }

    /// OSRM reads a ring's bearing towards its point `ringReach` metres along (a small ring
    /// curves away within the reach of other roads' bearings, a loop edge back to its start).
    static let ringReach = 2.0

    private static func ringBearing(_ net: RoadNetwork, leavingBy d: Int) -> Double {
        let points = net.points(of: d >> 1).map(\.coordinate)
        guard points.count >= 2 else { return 0 }
        return ManeuverBuilder.heading(leaving: d & 1 == 0 ? points : points.reversed(), over: ringReach)
    }

    private static func isRing(_ net: RoadNetwork, _ direction: Int) -> Bool {
        net.edgeFlags[direction >> 1] & EdgeFlags.roundabout != 0
    }
}
