import Foundation
import RouteItCore

/// The bicycle graph, edge-based like the car's (a node per edge direction a bicycle may take,
/// an arc per turn) so that turns cost what bicycle.lua's `process_turn` charges: the square of
/// the angle (6 s at 90°, cheaper to the right, dearer to the left by `turnBias`), 20 s more for
/// a U-turn (only where nothing else is allowed, as in OSRM), 2 s at traffic signals. Riding,
/// pushing and ferries are all in it; their speeds are in the edges' bicycle times.
/// Traffic signals between two pieces of one road cost what OSRM charges there: it runs the
/// profile's turn function on an artificial turn of 180°, which bicycle.lua prices at 17 s,
/// plus the 2 s (`signalOnRoadMilliseconds`).
enum BicycleGraphBuilder {
    /// bicycle.lua's `turn_penalty` (s at 90°), `turn_bias`, `u_turn_penalty` and `traffic_signal_penalty`.
    static let turnPenalty = 6.0
    static let turnBias = 1.4
    static let uTurnPenalty = 20.0
    static let trafficSignalMs: UInt32 = 2_000

    /// A signal on a stretch OSRM compresses into one edge (no junction).
    static var signalOnRoadMilliseconds: UInt32 { turnMilliseconds(angle: 180, isUTurn: false) + trafficSignalMs }

    /// Turn duration in ms; `angle` in degrees, positive turning right.
    static func turnMilliseconds(angle: Double, isUTurn: Bool) -> UInt32 {
        let a = isUTurn ? 180 : angle
        let n = a / 90
        var seconds = a >= 0 ? n * n * turnPenalty / turnBias : n * n * turnPenalty * turnBias
        if isUTurn { seconds += uTurnPenalty }
        return UInt32((seconds * 1000).rounded())
    }

    /// Each edge direction's heading as it leaves its tail: OSRM's perceived bearing
    /// (`PerceivedBearing`) where three or more bicycle roads meet, as bicycle.lua's
    /// `process_turn` gets its angle from the intersection OSRM's guidance reads; elsewhere the
    /// 10 m heading.
    static func perceivedDepartures(_ net: RoadNetwork, _ junctions: DirectionJunctions) -> [Float] {
        var out = EdgeBasedGraphBuilder.departureBearings(net)
        for k in 0..<(net.edgeCount * 2) where junctions.roads[Int(net.tail(ofDirection: k))] > 2 {
            let e = k >> 1
            // The road from the junction on, as far as the reading ever looks (and a point beyond).
            let points = net.points(of: e)
            var line: [Coordinate] = []
            var far: DistanceReach?
            for i in 0..<points.count {
                let c = points[k & 1 == 0 ? points.startIndex + i : points.endIndex - 1 - i].coordinate
                line.append(c)
                if let reach = far { if reach.isReached(by: c) { break } } else { far = DistanceReach(from: c, metres: PerceivedBearing.longestLookahead) }
            }
            guard line.count >= 2 else { continue }
            let road = PerceivedBearing.Road(RoadClass(rawValue: net.edgeClass[e]),
                                             isRoundabout: net.edgeFlags[e] & EdgeFlags.roundabout != 0)
            out[k] = Float(PerceivedBearing.bearing(of: line, road: road))
        }
        return out
    }

    static func build(_ net: RoadNetwork, restrictions: [TurnRestriction] = [], viaNodeIndex: (Int64) -> Int32? = { _ in nil },
                      obstacles: [Int32: [RoadObstacle]] = [:], cutEnds: Set<Int32> = []) -> ModeGraph {
        let dirCount = net.edgeCount * 2
        func allowed(_ k: Int) -> Bool { net.allows(direction: k, .bike) }

        let junctions = DirectionJunctions(net, mode: .bike)
        let dirNode = junctions.dirNode, nodeCount = junctions.nodeCount, roads = junctions.roads
        let (inStart, inDirs) = (junctions.inStart, junctions.inDirs)
        let (outStart, outDirs) = (junctions.outStart, junctions.outDirs)
        let departure = perceivedDepartures(net, junctions)
        // bicycle.lua's restrictions through a node, as the car graph lays them.
        let restrictedExits = EdgeBasedGraphBuilder.restrictedExits(net, restrictions, viaNodeIndex: viaNodeIndex, junctions)
        let ringJunction = RoundaboutFlowRule.ringJunctions(net, junctions)

        /// Driving `next` after arriving by `k`, with the turn between them.
        func turnWeight(_ k: Int, _ next: Int) -> UInt32 {
            let via = net.tail(ofDirection: next)
            let isUTurn = k ^ 1 == next
            var turn: UInt32 = 0
            // A way simply going on past a way end is no turn in OSRM either (it compresses
            // such nodes) unless the names differ.
            let isJunction = isUTurn || roads[via] > 2 || net.edgeName[k >> 1] != net.edgeName[next >> 1]
            if isJunction {
                let arrival = Double(departure[k ^ 1]) + 180
                let angle = ManeuverBuilder.turnAngle(from: arrival, to: Double(departure[next]))
                turn = turnMilliseconds(angle: angle, isUTurn: isUTurn)
            }
            if let here = obstacles[Int32(via)] {
                // bicycle.lua reads signals through lib/traffic_signal.lua, which ignores `direction`.
                for o in here where o.kind == .trafficSignals {
                    turn &+= isJunction ? trafficSignalMs : signalOnRoadMilliseconds
                }
            }
            return net.weight(next >> 1, forward: next & 1 == 0, .bike) &+ turn
        }

        // Nodes cyclists cannot pass (`RoadObstacle.bikeBarrier`): only turned back at.
        let barriers = Set(obstacles.compactMap { node, list in list.contains { $0.kind == .bikeBarrier } ? Int(node) : nil })
        var g = ModeGraph(nodeCount: nodeCount, arcFrom: [], arcTo: [], arcWeight: [], arcEdgeDir: [],
                          edgeDirStart: Column([UInt32](repeating: 0, count: dirCount + 1)), edgeDirNode: Column(dirNode))
        for next in 0..<dirCount {
            g.storedEdgeDirStart[next] = UInt32(g.storedArcFrom.count)
            guard allowed(next) else { continue }
            let via = net.tail(ofDirection: next)
            let exits = outDirs[Int(outStart[via])..<Int(outStart[via + 1])]
            let barrier = barriers.contains(via)
            for k in inDirs[Int(inStart[via])..<Int(inStart[via + 1])] {
                if barrier {
                    if Int(k) ^ 1 != next { continue }
                } else if let open = restrictedExits[k] {
                    // A U-turn only where the rules leave nothing else, or where no other way comes in.
                    if !open.contains(Int32(next))
                        || (Int(k) ^ 1 == next && open.contains { $0 != Int32(next) } && !junctions.isOnlyWayIn(at: via)) { continue }
                } else if Int(k) ^ 1 == next && (cutEnds.contains(Int32(via))
                            || (exits.contains(where: { $0 != Int32(next) }) && !junctions.isOnlyWayIn(at: via))) {
                    // U-turns only at dead ends (not where a way leaves the extract: it goes on),
                    // or where the way arrived by is the only way in (OSRM's "Around the Block").
                    continue
                } else if ringJunction[via] && RoundaboutFlowRule.forbids(arriving: Int(k), leaving: next, net, junctions, departure) {
                    continue
                }
                g.storedArcFrom.append(dirNode[Int(k)])
                g.storedArcTo.append(dirNode[next])
                g.arcWeight.append(turnWeight(Int(k), next))
                g.arcEdgeDir.append(Int32(next))
            }
        }
        g.storedEdgeDirStart[dirCount] = UInt32(g.storedArcFrom.count)
        return g
    }
}
