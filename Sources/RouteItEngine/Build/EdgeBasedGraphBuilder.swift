import Foundation
import RouteItCore

/// The car graph, edge-based as in OSRM: a node per drivable edge direction (standing at its
/// end, having driven it) and an arc per allowed turn, weighted with the turn's duration
/// (`TurnCostModel`) plus the time to drive the next edge. Turn costs need this form: in a
/// junction graph a node cannot know where the car came from. Turn restrictions are simply
/// missing arcs, and U-turns exist only where OSRM's `isTurnAllowed` has them: where nothing
/// else is allowed (dead ends, barriers), where the way arrived by is the only way in (a one-way
/// loop's start, OSRM's "Around the Block"), and at turning circles, turning loops and mini
/// roundabouts. The end of a way cut by the extract's edge is such a dead end, as osrm-extract
/// leaves it: turning round there costs a U-turn like any other (charged as entering a closed
/// road, it sent cars down a car park's tunnel to turn round instead). Passing a junction with
/// an obstacle (`RoadObstacle`) adds its delay to the turn.
/// Via-way restrictions add copies of the nodes along their paths (`ViaWayCopies`).
enum EdgeBasedGraphBuilder {
    /// How far along a road its heading at a junction is measured (the first metres of a
    /// mapped road often bend into the junction).
    static let headingReach = 10.0
    /// Degrees: a turn this close to straight back is back along the way arrived by (headings
    /// of ways over the same nodes are equal but for rounding).
    static let reversedWithin = 0.001

    static func build(_ net: RoadNetwork, restrictions: [TurnRestriction], viaNodeIndex: (Int64) -> Int32?,
                      obstacles: [Int32: [RoadObstacle]] = [:]) -> ModeGraph {
        // One model for the graph and for `RouteLeg`, which takes its weight-only part back out.
        let turnCosts = TurnCostModel.osrmCar
        let dirCount = net.edgeCount * 2
        func tail(_ k: Int) -> Int { net.tail(ofDirection: k) }
        func head(_ k: Int) -> Int { net.head(ofDirection: k) }
        func allowed(_ k: Int) -> Bool { net.allows(direction: k, .car) }

        let junctions = DirectionJunctions(net, mode: .car)
        let dirNode = junctions.dirNode, nodeCount = junctions.nodeCount, roads = junctions.roads
        let (inStart, inDirs) = (junctions.inStart, junctions.inDirs)
        let (outStart, outDirs) = (junctions.outStart, junctions.outDirs)

        let restrictedExits = Self.restrictedExits(net, restrictions, viaNodeIndex: viaNodeIndex, junctions)
        let ringJunction = RoundaboutFlowRule.ringJunctions(net, junctions)
        let departure = departureBearings(net)
        let carriageways = MergedCarriageways(net)
        var barrier = [Bool](repeating: false, count: net.nodeCount)
        var turningPlace = [Bool](repeating: false, count: net.nodeCount)
        for (node, list) in obstacles {
            if list.contains(where: { $0.kind == .barrier }) { barrier[Int(node)] = true }
            if list.contains(where: { $0.kind == .turningPlace }) { turningPlace[Int(node)] = true }
        }
        /// Whether a car may turn round at junction `h` though other exits are open there.
        func turnsRoundBesidesExits(at h: Int) -> Bool { turningPlace[h] || junctions.isOnlyWayIn(at: h) }
        /// Whether arriving by `k` the car may leave by `next` (same junction).
        func mayTurn(_ k: Int32, _ next: Int32) -> Bool {
            let uTurn = next == k ^ 1
            let h = head(Int(k))
            if barrier[h] { return uTurn }
            if let open = restrictedExits[k] {
                guard open.contains(next) else { return false }
                return !uTurn || !open.contains { $0 != next } || turnsRoundBesidesExits(at: h)
            }
            guard uTurn else {
                return !ringJunction[h] || !RoundaboutFlowRule.forbids(arriving: Int(k), leaving: Int(next), net, junctions, departure)
            }
            return !outDirs[Int(outStart[h])..<Int(outStart[h + 1])].contains { $0 != next } || turnsRoundBesidesExits(at: h)
        }

        let copies = ViaWayCopies(viaWayPaths(net, restrictions))
        // The copies that stand at each junction (having driven into it).
        var copiesAt: [Int: [Int32]] = [:]
        for c in 0..<copies.count { copiesAt[head(Int(copies.dir[c])), default: []].append(Int32(c)) }
        let copyBase = Int32(nodeCount)

        /// The arc weight of the turn from `k` onto `next`: driving `next` plus the turn's cost.
        func turnWeight(_ k: Int32, _ next: Int) -> UInt32 {
            let via = tail(next)
            let arrival = Double(departure[Int(k) ^ 1]) + 180
            let angle = ManeuverBuilder.turnAngle(from: arrival, to: Double(departure[next]))
            let roundabout = net.edgeFlags[next >> 1] & EdgeFlags.roundabout != 0 || net.edgeFlags[Int(k) >> 1] & EdgeFlags.roundabout != 0
            // OSRM's U-turn is a turn of 0° (`getTurnDirection`): back along the edge, onto the
            // other carriageway of one merged road, or back along another way drawn on the same
            // nodes (two ways over one street).
            let isUTurn = Int(k) ^ 1 == next || abs(angle) >= 180 - Self.reversedWithin
                || carriageways.areOneRoad(arriving: Int(k), leaving: next, at: via)
            var turn = turnCosts.milliseconds(angle: angle, roads: Int(roads[via]), isUTurn: isUTurn,
                                              onRoundabout: roundabout, changesMode: net.isFerry(Int(k) >> 1) != net.isFerry(next >> 1))
            if net.entersRestricted(from: Int(k) >> 1, to: next >> 1) { turn &+= turnCosts.restrictedEntryPenalty }
            if let here = obstacles[Int32(via)] {
                turn &+= delay(here, arriving: Int(k), leaving: next, roads: Int(roads[via]),
                               others: outDirs[Int(outStart[via])..<Int(outStart[via + 1])], net)
            }
            return net.weight(next >> 1, forward: next & 1 == 0, .car) &+ turn
        }
        var g = ModeGraph(nodeCount: nodeCount + copies.count, arcFrom: [], arcTo: [], arcWeight: [], arcEdgeDir: [],
                          edgeDirStart: Column([UInt32](repeating: 0, count: dirCount + 1)), edgeDirNode: Column(dirNode))
        let estimate = inDirs.count * 3
        g.storedArcFrom.reserveCapacity(estimate)
        g.storedArcTo.reserveCapacity(estimate)
        g.arcWeight.reserveCapacity(estimate)
        g.arcEdgeDir.reserveCapacity(estimate)
        func addArc(_ from: Int32, _ to: Int32, _ weight: UInt32, _ next: Int) {
            g.storedArcFrom.append(from)
            g.storedArcTo.append(to)
            g.arcWeight.append(weight)
            g.arcEdgeDir.append(Int32(next))
        }
        for next in 0..<dirCount {
            g.storedEdgeDirStart[next] = UInt32(g.storedArcFrom.count)
            guard allowed(next) else { continue }
            let via = tail(next)
            for k in inDirs[Int(inStart[via])..<Int(inStart[via + 1])] where mayTurn(k, Int32(next)) {
                let into = copies.entry(from: k, to: Int32(next)).map { copyBase + $0 } ?? dirNode[next]
                addArc(dirNode[Int(k)], into, turnWeight(k, next), next)
            }
            for c in copiesAt[via] ?? [] where mayTurn(copies.dir[Int(c)], Int32(next)) && copies.allows(c, Int32(next)) {
                let into = copies.onwards[Int(c)][Int32(next)].map { copyBase + $0 } ?? dirNode[next]
                addArc(copyBase + c, into, turnWeight(copies.dir[Int(c)], next), next)
            }
        }
        g.storedEdgeDirStart[dirCount] = UInt32(g.storedArcFrom.count)
        return g
    }

    /// Restricted arrivals through a via node (edge direction arriving → the exits its rules
    /// leave open), for the car and the bicycle graphs.
    static func restrictedExits(_ net: RoadNetwork, _ restrictions: [TurnRestriction], viaNodeIndex: (Int64) -> Int32?,
                                _ junctions: DirectionJunctions) -> [Int32: [Int32]] {
        var restrictedExits: [Int32: [Int32]] = [:]
        guard !restrictions.isEmpty else { return restrictedExits }
        let (inStart, inDirs) = (junctions.inStart, junctions.inDirs)
        let (outStart, outDirs) = (junctions.outStart, junctions.outDirs)
        var byVia: [Int: [TurnRestriction]] = [:]
        for r in restrictions {
            if let node = r.viaNode, let via = viaNodeIndex(node) { byVia[Int(via), default: []].append(r) }
        }
        for (via, rules) in byVia {
            let exits = Array(outDirs[Int(outStart[via])..<Int(outStart[via + 1])])
            for k in inDirs[Int(inStart[via])..<Int(inStart[via + 1])] {
                let way = net.edgeWay[Int(k) >> 1]
                let applicable = rules.filter { $0.fromWay == way }
                if applicable.isEmpty { continue }
                var open = exits
                for rule in applicable {
                    if rule.fromWay == rule.toWay && rule.restriction == "no_u_turn" {
                        open.removeAll { $0 == k ^ 1 }
                    } else if rule.kind == .no {
                        open.removeAll { net.edgeWay[Int($0) >> 1] == rule.toWay }
                    } else {
                        open.removeAll { net.edgeWay[Int($0) >> 1] != rule.toWay }
                    }
                }
                restrictedExits[k] = open
            }
        }
        return restrictedExits
    }

    /// Via-way restrictions laid onto the graph (those that do not connect are skipped).
    static func viaWayPaths(_ net: RoadNetwork, _ restrictions: [TurnRestriction]) -> [ViaWayPath] {
        let viaWay = restrictions.filter { !$0.viaWays.isEmpty }
        guard !viaWay.isEmpty else { return [] }
        let involved = Set(viaWay.flatMap { [$0.fromWay, $0.toWay] + $0.viaWays })
        var edgesOfWay: [Int64: [Int]] = [:]
        for e in 0..<net.edgeCount where involved.contains(net.edgeWay[e]) { edgesOfWay[net.edgeWay[e], default: []].append(e) }
        return viaWay.flatMap { ViaWayPath.resolve($0, in: net, edgesOfWay: edgesOfWay) }
    }

    /// The obstacles' delay for a car passing from `k` to `next`, with car.lua's two exceptions
    /// for stop signs: a `stop=minor` sign only stops cars coming from the slower road, and an
    /// untagged stop sign between two roads faces the short one (it stands near a junction).
    private static func delay(_ here: [RoadObstacle], arriving k: Int, leaving next: Int, roads: Int,
                              others: ArraySlice<Int32>, _ net: RoadNetwork) -> UInt32 {
        func speed(_ e: Int) -> Double {
            net.edgeCarMs[e] > 0 ? Double(net.edgeLength[e]) / Double(net.edgeCarMs[e]) : 0
        }
        var total: UInt32 = 0
        for o in here where o.kind != .barrier && o.applies(arrivingForward: k & 1 == 0) {
            if o.kind == .stopMinor {
                let fastest = others.reduce(speed(next >> 1)) { max($0, speed(Int($1) >> 1)) }
                if fastest <= speed(k >> 1) { continue }
            }
            if o.kind == .stop && o.direction == .unstated && roads == 2
                && net.edgeLength[k >> 1] < 20 && net.edgeLength[next >> 1] > 20 {
                continue
            }
            total &+= o.milliseconds
        }
        return total
    }

    /// Per edge direction, the heading in degrees of a car leaving its tail junction along it.
    /// (Arriving at the head of k is leaving the head along k ^ 1, turned round.)
    static func departureBearings(_ net: RoadNetwork) -> [Float] {
        var out = [Float](repeating: 0, count: net.edgeCount * 2)
        for e in 0..<net.edgeCount {
            let points = net.points(of: e)
            out[e * 2] = Float(heading(along: points))
            out[e * 2 + 1] = Float(heading(along: points.reversed()))
        }
        return out
    }

    /// From the first point towards the first one at least `headingReach` away (else the last).
    private static func heading<C: Collection>(along points: C) -> Double where C.Element == GeoPoint {
        guard let first = points.first else { return 0 }
        let start = first.coordinate
        var target = start
        for p in points.dropFirst() {
            target = p.coordinate
            if start.distance(to: target) >= headingReach { break }
        }
        return Geodesy.bearing(start, target)
    }
}
