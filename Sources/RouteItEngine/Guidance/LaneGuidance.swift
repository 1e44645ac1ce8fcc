import RouteItCore

/// OSRM's `lanes` on a car route's intersection (`TurnLaneHandler::assignTurnLanes`): the turn
/// lanes of the road arrived by, each valid when it leads onto the road taken
/// (`TurnLaneAssignment`); where that road has none and is under 30 m long, the lanes of the
/// road before it (a junction in two parts: lanes given before the first part for turns at
/// the second). None at a roundabout (OSRM's lane handler leaves rings alone).
extension ManeuverBuilder {
    typealias LaneRoad = TurnLaneAssignment.Road
    typealias LaneRun = TurnLaneAssignment.LaneRun

    /// A junction as the lane matcher sees it: `roads[0]` back the way arrived, the others by
    /// turn angle from the sharpest right; `legs[k]` the way leaving by `roads[k]`.
    struct LaneView {
        var roads: [LaneRoad]
        var legs: [RouteLeg]
        var turns: Int { roads.filter(\.entryAllowed).count }
    }

    /// `maneuver`: the step announced at this junction, if any (else the route goes on here
    /// without a word, which a through lane matches).
    func laneGuidance(at node: Int32, arriving: RouteLeg, leaving: RouteLeg, maneuver: Maneuver?) -> [RouteLane] {
        // Most junctions have no lanes to look for: the junction is only read where some may be.
        guard !net.turnLanes.edges.isEmpty,
              !net.turnLanes.lanes(of: arriving.edge, forward: arriving.forward).isEmpty || Double(net.edgeLength[arriving.edge]) <= 30,
              !adjacency.edges(of: node).contains(where: { net.edgeFlags[$0] & EdgeFlags.roundabout != 0 }) else { return [] }
        var view = laneView(at: node, arriving: arriving)
        guard view.roads.count > 1,
              let taken = view.legs.indices.dropFirst().first(where: { view.legs[$0].edge == leaving.edge && view.legs[$0].forward == leaving.forward })
        else { return [] }
        if let maneuver { announce(maneuver, on: &view.roads[taken]) } else { view.roads[taken].goesOn = true }
        guard let (lanes, data) = laneData(at: node, arriving: arriving, view),
              let runs = TurnLaneAssignment.triviallyMatched(view.roads, TurnLaneAssignment.handlingNone(data, view.roads)),
              let valid = runs[taken] else { return [] }
        // Lanes are numbered from the right; the answer lists them from the left.
        return lanes.enumerated().map { i, mask in
            let number = lanes.count - 1 - i
            return RouteLane(indications: TurnLaneAssignment.indications(mask),
                             valid: number >= valid.first && number < valid.first + valid.count)
        }
    }

    /// The lanes shown at the junction and their runs to match to its roads (`deduceScenario`:
    /// simple, partitioned here, or the road before's, simple or partitioned); nil: none.
    private func laneData(at node: Int32, arriving: RouteLeg, _ view: LaneView) -> ([UInt16], [LaneRun])? {
        typealias A = TurnLaneAssignment
        let text = net.turnLanes.lanes(of: arriving.edge, forward: arriving.forward)
        if !text.isEmpty {
            guard let lanes = A.description(text) else { return nil }
            var data = A.laneRuns(lanes)
            guard !data.isEmpty, !(data.count == 1 && data[0].tag == A.none), !A.hasTag(A.mergeToLeft | A.mergeToRight, data) else { return nil }
            let roads = view.roads, possible = view.turns
            if roads[0].entryAllowed && !A.hasTag(A.none | A.left | A.sharpLeft | A.uTurn, data) && data.count + 1 == possible { return nil }
            let missingUTurn = A.canMatchTrivially(roads, data)
                && data.count != (!A.hasTag(A.uTurn, data) && roads[0].entryAllowed ? 1 : 0) + possible
                && roads[0].entryAllowed
            if missingUTurn && !A.hasTag(A.none, data), let last = data.last { data.append(LaneRun(tag: A.uTurn, from: last.to, to: last.to)) }
            if A.isSimple(data, roads) { return (lanes, data) }
            guard data.count >= possible, let split = partition(data, view, at: node) else { return nil }
            return split.first.count == possible && A.isSimple(split.first, roads) ? (lanes, split.first) : nil
        }
        guard let before = previousRoad(at: node, arriving: arriving) else { return nil }
        let beforeText = net.turnLanes.lanes(of: before.edge, forward: before.forward)
        guard let lanes = A.description(beforeText) else { return nil }
        let data = A.laneRuns(lanes)
        guard !data.isEmpty, !A.hasTag(A.mergeToLeft | A.mergeToRight, data) else { return nil }
        let previousNode = endNode(before)
        let previous = laneView(at: previousNode, arriving: before)
        if A.isSimple(data, view.roads) && previous.roads.count == 2 { return (lanes, data) }
        guard data.count >= previous.turns, previous.roads.count != 2,
              let split = partition(data, previous, at: previousNode) else { return nil }
        let second = split.second.sorted(by: A.precedes)
        return second.count == view.turns && A.isSimple(second, view.roads) ? (lanes, second) : nil
    }

    /// `findPreviousIntersection`: the road before a way under 30 m arrived by, straight on
    /// behind it (within 60°), when a car may drive it towards the junction.
    private func previousRoad(at node: Int32, arriving: RouteLeg) -> RouteLeg? {
        guard Double(net.edgeLength[arriving.edge]) <= 30 else { return nil }
        let start = arriving.forward ? net.edgeFrom[arriving.edge] : net.edgeTo[arriving.edge]
        guard let ahead = heading(leaving: arriving.edge, forward: arriving.forward, at: start) else { return nil }
        let back = ahead + 180
        var best: (edge: Int, forward: Bool, deviation: Double)?
        for e in adjacency.edges(of: start) where e != arriving.edge {
            for away in [true, false] where (away ? net.edgeFrom[e] : net.edgeTo[e]) == start {
                guard let bearing = heading(leaving: e, forward: away, at: start) else { continue }
                let deviation = Self.angularDeviation(bearing, back)
                if deviation < (best?.deviation ?? .infinity) { best = (e, away, deviation) }
            }
        }
        guard let best, best.deviation <= 60, net.allows(best.edge, forward: !best.forward, mode) else { return nil }
        return Self.wholeLeg(best.edge, forward: !best.forward)
    }

    /// `partitionLaneData`: at a junction in two parts, the runs for turns here (`first`) and
    /// for turns at the junction straight on (`second`); nil when a run fits neither.
    private func partition(_ given: [LaneRun], _ view: LaneView, at node: Int32) -> (first: [LaneRun], second: [LaneRun])? {
        typealias A = TurnLaneAssignment
        var data = given
        let roads = view.roads
        guard let straightmost = roads.indices.min(by: { Self.angularDeviation(roads[$0].angle, 180) < Self.angularDeviation(roads[$1].angle, 180) }),
              roads[straightmost].entryAllowed else { return nil }
        // The junction straight on: past nodes where a way merely ends and the next begins
        // (OSRM's graph joins such ways into one road).
        var onward = view.legs[straightmost]
        var next = laneView(at: endNode(onward), arriving: onward)
        for _ in 0..<8 where next.roads.count == 2 {
            onward = next.legs[1]
            next = laneView(at: endNode(onward), arriving: onward)
        }
        guard !next.roads.isEmpty else { return nil }
        var atFirst = [Bool](repeating: false, count: data.count), atSecond = atFirst
        var straightTag = data.count
        for lane in data.indices where data[lane].tag & (A.none | A.uTurn) == 0 {
            let tag = data[lane].tag
            let best = A.bestMatch(tag, roads)
            if roads[best].entryAllowed && A.isValidMatch(tag, roads[best]) {
                atFirst[lane] = true
                if best == straightmost { straightTag = lane }
            }
            let bestNext = A.bestMatch(tag, next.roads)
            if next.roads[bestNext].entryAllowed && A.isValidMatch(tag, next.roads[bestNext]) {
                if !atFirst[lane] || tag == A.straight || A.quality(tag, roads[best]) > A.quality(tag, next.roads[bestNext]) {
                    if tag != A.straight { atFirst[lane] = false }
                    atSecond[lane] = true
                }
            }
            if !(atFirst[lane] || atSecond[lane]) { return nil }
        }
        let noneIndex = data.firstIndex { $0.tag & A.none != 0 } ?? data.count
        if straightTag == data.count && noneIndex != data.count { straightTag = noneIndex }
        if noneIndex != data.count {
            if atFirst.filter({ $0 }).count <= view.turns { atFirst[noneIndex] = true }
            if atSecond.filter({ $0 }).count <= next.turns { atSecond[noneIndex] = true }
        }
        func augmented(_ run: LaneRun) -> LaneRun {
            var run = run
            for lane in data.indices where atSecond[lane] {
                run.from = min(data[lane].from, run.from)
                run.to = max(data[lane].to, run.to)
            }
            return run
        }
        var first: [LaneRun] = [], second: [LaneRun] = []
        for lane in data.indices {
            if atSecond[lane] { second.append(data[lane]) }
            if lane == straightTag { data[lane] = augmented(data[lane]) }
            if atFirst[lane] { first.append(data[lane]) }
        }
        if straightTag == data.count && next.turns > 0 && atSecond.filter({ $0 }).count == next.turns {
            first.append(augmented(LaneRun(tag: A.straight, from: 255, to: 0)))
            first.sort(by: A.precedes)
        }
        return (first, second)
    }

    /// The junction's roads arriving by `arriving`, no maneuver said there: each road's
    /// instruction from its angle, the one nearest straight on (alone within 40°) going on.
    func laneView(at node: Int32, arriving: RouteLeg) -> LaneView {
        var ways: [(leg: RouteLeg, bearing: Double)] = []
        for e in adjacency.edges(of: node) where net.allows(e, mode) {
            for forward in [true, false] where (forward ? net.edgeFrom[e] : net.edgeTo[e]) == node {
                guard !ways.contains(where: { $0.leg.edge == e && $0.leg.forward == forward }) else { continue }
                ways.append((Self.wholeLeg(e, forward: forward), keptBearing(heading(leaving: e, forward: forward, at: node) ?? 0, at: node)))
            }
        }
        guard let into = ways.firstIndex(where: { $0.leg.edge == arriving.edge && $0.leg.forward != arriving.forward }) else {
            return LaneView(roads: [], legs: [])
        }
        let inHeading = ways[into].bearing + 180
        func angle(_ k: Int) -> Double {
            let turn = ((ways[k].bearing - inHeading).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
            return (540 - turn).truncatingRemainder(dividingBy: 360)
        }
        let others = ways.indices.filter { $0 != into }.sorted { (angle($0), ways[$0].leg.edge) < (angle($1), ways[$1].leg.edge) }
        let order = [into] + others
        let entry = order.map { k in
            k != into && net.allows(ways[k].leg.edge, forward: ways[k].leg.forward, mode)
                && allowsTurn(from: arriving, onto: ways[k].leg.edge, forward: ways[k].leg.forward)
        }
        let near = order.indices.dropFirst().filter { entry[$0] && abs(angle(order[$0]) - 180) <= 40 }
        let roads = order.indices.map { i -> LaneRoad in
            let a = i == 0 ? 0 : angle(order[i])
            var road = LaneRoad(angle: a, entryAllowed: entry[i], modifier: .init(angle: a))
            road.goesOn = near.count == 1 && near[0] == i
            let leg = ways[order[i]].leg
            // A one-way towards the junction (for the road arrived by: one not drivable back).
            road.reversed = i == 0 ? !net.allows(arriving.edge, forward: !arriving.forward, mode) : !net.allows(leg.edge, forward: leg.forward, mode)
            return road
        }
        return LaneView(roads: roads, legs: order.map { ways[$0].leg })
    }

    private func heading(leaving e: Int, forward: Bool, at node: Int32) -> Double? {
        perceivedHeading(leaving: e, forward: forward, at: node) ?? junctionHeading(leaving: e, forward: forward, at: node)
    }

    /// A leg driving the whole of edge `e`.
    static func wholeLeg(_ e: Int, forward: Bool) -> RouteLeg {
        RouteLeg(edge: e, from: forward ? 0 : 1, to: forward ? 1 : 0, ms: 0, distance: 0)
    }

    static func angularDeviation(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    /// The instruction of the road taken where a step is announced, as the lane matcher reads it.
    private func announce(_ maneuver: Maneuver, on road: inout LaneRoad) {
        let modifiers: [Maneuver.Direction: TurnLaneAssignment.Modifier] = [
            .uTurn: .uTurn, .sharpRight: .sharpRight, .right: .right, .slightRight: .slightRight, .straight: .straight,
            .slightLeft: .slightLeft, .left: .left, .sharpLeft: .sharpLeft]
        if let direction = maneuver.direction, let modifier = modifiers[direction] { road.modifier = modifier }
        switch maneuver.kind {
        case .newName, .notification: road.goesOn = true
        case .continue, .fork: road.goesOn = [.slightLeft, .slightRight, .straight].contains(road.modifier)
        case .merge: road.goesOn = false; road.merges = true
        default: road.goesOn = road.modifier == .straight
        }
    }
}
