import Foundation
import RouteItCore

/// Turns a route's legs into navigator steps: one step per street (consecutive edges with one
/// name merged), a turn instruction from the angle at each change, roundabout exits counted.
struct ManeuverBuilder {
    let net: RoadNetwork
    let adjacency: NodeAdjacency
    let mode: TransportType

    private struct Draft {
        var instruction: String
        var name: String
        var distance = 0.0
        var ms: UInt64 = 0
        var polyline: [Coordinate] = []
        /// The change of heading that starts a plain turn step.
        var turn: Double?

        mutating func add(_ leg: RouteLeg, _ coords: [Coordinate]) {
            distance += leg.distance
            ms += UInt64(leg.ms)
            for c in coords where polyline.last != c { polyline.append(c) }
        }

        var step: RouteStep {
            RouteStep(instruction: instruction, distance: distance, expectedTravelTime: Double(ms) / 1000, polyline: polyline)
        }
    }

    func steps(for legs: [RouteLeg]) -> [RouteStep] {
        let coords = legs.map { net.clip($0.edge, from: $0.from, to: $0.to) }
        // Legs too short to have a direction (a phantom on a junction) only carry their cost.
        let isMeaningful = legs.indices.map { legs[$0].distance >= 0.5 && coords[$0].count >= 2 }
        guard let first = isMeaningful.firstIndex(of: true) else {
            var draft = Draft(instruction: InstructionText.sentence(for: Maneuver(kind: .depart)), name: "")
            for (i, leg) in legs.enumerated() { draft.add(leg, coords[i]) }
            return [draft.step, arrive(at: draft.polyline.last ?? net.clip(legs[0].edge, from: legs[0].from, to: legs[0].from)[0])]
        }
        var steps: [Draft] = []
        let firstName = net.name(of: legs[first].edge)
        let heading = ManeuverBuilder.bearing(coords[first][0], coords[first][1])
        var draft = Draft(instruction: InstructionText.sentence(for: Maneuver(kind: .depart, streetName: firstName, bearing: heading)),
                          name: firstName)
        for i in 0...first { draft.add(legs[i], coords[i]) }
        var last = first          // the last meaningful leg already in a step
        var i = first + 1
        while i < legs.count {
            guard isMeaningful[i] else { draft.add(legs[i], coords[i]); i += 1; continue }
            let leg = legs[i], prev = legs[last]
            let node = endNode(prev)
            let inBearing = ManeuverBuilder.bearing(coords[last][coords[last].count - 2], coords[last].last!)
            let outBearing = ManeuverBuilder.bearing(coords[i][0], coords[i][1])
            let turn = ManeuverBuilder.turnAngle(from: inBearing, to: outBearing)
            let name = net.name(of: leg.edge)
            let isRoundabout = net.edgeFlags[leg.edge] & EdgeFlags.roundabout != 0
            let wasRoundabout = net.edgeFlags[prev.edge] & EdgeFlags.roundabout != 0

            if isRoundabout && !wasRoundabout {
                // Count the exits passed until the route leaves the roundabout.
                steps.append(draft)
                var exits = 0
                var j = i
                var exitLeg: Int?
                var roundaboutLegs: [Int] = []
                while j < legs.count {
                    if net.edgeFlags[legs[j].edge] & EdgeFlags.roundabout == 0 && isMeaningful[j] { exitLeg = j; break }
                    roundaboutLegs.append(j)
                    if j + 1 < legs.count && net.edgeFlags[legs[j + 1].edge] & EdgeFlags.roundabout != 0 && legs[j].to == (legs[j].forward ? 1 : 0) {
                        exits += exitCount(at: endNode(legs[j]), excluding: legs[j].edge)
                    }
                    j += 1
                }
                if let exitLeg {
                    let exitName = net.name(of: legs[exitLeg].edge)
                    let m = Maneuver(kind: .roundabout, streetName: exitName, exitNumber: exits + 1)
                    draft = Draft(instruction: InstructionText.sentence(for: m), name: exitName)
                    for r in roundaboutLegs { draft.add(legs[r], coords[r]) }
                    draft.add(legs[exitLeg], coords[exitLeg])
                    last = exitLeg
                    i = exitLeg + 1
                } else {
                    draft = Draft(instruction: InstructionText.sentence(for: Maneuver(kind: .roundabout, streetName: name)), name: name)
                    for r in roundaboutLegs { draft.add(legs[r], coords[r]) }
                    last = roundaboutLegs.last ?? i
                    i = j
                }
                continue
            }
            let uTurn = leg.edge == prev.edge && leg.forward != prev.forward || abs(turn) > 170
            let junction = adjacency.degree(node) >= 3
            let nameChange = name != draft.name
            if uTurn || (nameChange && !isRoundabout) || (name.isEmpty && junction && abs(turn) >= 50) {
                steps.append(draft)
                let m = uTurn ? Maneuver(kind: .uTurn, direction: .uTurn, streetName: name)
                    : Maneuver(kind: .turn, direction: ManeuverBuilder.direction(turn), streetName: name)
                draft = Draft(instruction: InstructionText.sentence(for: m), name: name, turn: uTurn ? nil : turn)
            }
            draft.add(leg, coords[i])
            last = i
            i += 1
        }
        steps.append(draft)
        return ManeuverBuilder.collapsingConnectorUTurns(steps).map(\.step) + [arrive(at: draft.polyline.last!)]
    }

    /// A U-turn between the two carriageways of a divided road is two turns the same way joined
    /// by a short connector; navigators say "Make a U-turn" once. Together the turns reverse the
    /// heading (150° or more), or nearly (120°) when the road left is the road taken back.
    private static func collapsingConnectorUTurns(_ steps: [Draft]) -> [Draft] {
        var out: [Draft] = []
        var i = 0
        while i < steps.count {
            if i + 1 < steps.count, let a = steps[i].turn, let b = steps[i + 1].turn,
               steps[i].distance < connectorLength, a * b > 0, abs(a) >= 45, abs(b) >= 45,
               abs(a + b) >= 150 || abs(a + b) >= 120 && i > 0 && !steps[i + 1].name.isEmpty && steps[i - 1].name == steps[i + 1].name {
                var merged = steps[i + 1]
                merged.instruction = InstructionText.sentence(for: Maneuver(kind: .uTurn, direction: .uTurn, streetName: merged.name))
                merged.turn = nil
                merged.distance += steps[i].distance
                merged.ms += steps[i].ms
                merged.polyline = steps[i].polyline + merged.polyline.drop { $0 == steps[i].polyline.last }
                out.append(merged)
                i += 2
            } else {
                out.append(steps[i])
                i += 1
            }
        }
        return out
    }

    /// Longest link between carriageways taken as part of a U-turn, metres.
    static let connectorLength = 30.0

    private func arrive(at point: Coordinate) -> RouteStep {
        RouteStep(instruction: "Arrive at your destination", distance: 0, expectedTravelTime: 0, polyline: [point])
    }

    private func endNode(_ leg: RouteLeg) -> Int32 { leg.forward ? net.edgeTo[leg.edge] : net.edgeFrom[leg.edge] }

    /// Roads leaving a roundabout node that the mode may take (the roundabout itself excluded).
    private func exitCount(at node: Int32, excluding edge: Int) -> Int {
        var count = 0
        for e in adjacency.edges(of: node) where e != edge {
            if net.edgeFlags[e] & EdgeFlags.roundabout != 0 { continue }
            let leavesForward = net.edgeFrom[e] == node
            if net.allows(e, forward: leavesForward, mode) { count += 1 }
        }
        return count
    }

    /// Straight under 20°, slight under 50°, plain under 120°, sharp beyond.
    static func direction(_ turn: Double) -> Maneuver.Direction {
        let a = abs(turn), right = turn > 0
        if a < 20 { return .straight }
        if a < 50 { return right ? .slightRight : .slightLeft }
        if a < 120 { return right ? .right : .left }
        return right ? .sharpRight : .sharpLeft
    }

    /// Initial great-circle bearing in degrees, 0 = north, clockwise.
    static func bearing(_ a: Coordinate, _ b: Coordinate) -> Double {
        let φ1 = a.latitude * .pi / 180, φ2 = b.latitude * .pi / 180
        let Δλ = (b.longitude - a.longitude) * .pi / 180
        let y = sin(Δλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        let θ = atan2(y, x) * 180 / .pi
        return θ < 0 ? θ + 360 : θ
    }

    /// Signed change of heading in (-180, 180]; positive turns right.
    static func turnAngle(from a: Double, to b: Double) -> Double {
        var d = b - a
        while d > 180 { d -= 360 }
        while d <= -180 { d += 360 }
        return d
    }
}

/// Which edges meet at each junction (CSR), for counting roundabout exits and junction degrees.
/// Built at import and stored with the map.
struct NodeAdjacency {
    var start: Column<UInt32>
    var edges: Column<Int32>

    init(start: Column<UInt32>, edges: Column<Int32>) {
        self.start = start
        self.edges = edges
    }

    init(_ net: RoadNetwork) {
        var start = [UInt32](repeating: 0, count: net.nodeCount + 1)
        for e in 0..<net.edgeCount {
            start[Int(net.edgeFrom[e]) + 1] += 1
            if net.edgeTo[e] != net.edgeFrom[e] { start[Int(net.edgeTo[e]) + 1] += 1 }
        }
        for i in 0..<net.nodeCount { start[i + 1] += start[i] }
        var fill = start
        var edges = [Int32](repeating: 0, count: Int(start[net.nodeCount]))
        for e in 0..<net.edgeCount {
            let a = Int(net.edgeFrom[e]), b = Int(net.edgeTo[e])
            edges[Int(fill[a])] = Int32(e); fill[a] += 1
            if a != b { edges[Int(fill[b])] = Int32(e); fill[b] += 1 }
        }
        self.start = Column(start)
        self.edges = Column(edges)
    }

    func edges(of node: Int32) -> [Int] {
        let a = Int(start[Int(node)]), b = Int(start[Int(node) + 1])
        guard a <= b else { MapDamage.report(); return [] }
        return edges[a..<b].map { Int($0) }
    }

    func degree(_ node: Int32) -> Int {
        let a = start[Int(node)], b = start[Int(node) + 1]
        return b >= a ? Int(b - a) : 0
    }

    func write(to sections: MapSectionWriter) throws {
        try sections.write(start, named: "adjacency.start")
        try sections.write(edges, named: "adjacency.edges")
    }

    static func read(from sections: MapSections, nodeCount: Int) throws -> NodeAdjacency {
        let a = NodeAdjacency(start: try sections.column("adjacency.start"), edges: try sections.column("adjacency.edges"))
        guard a.start.count == nodeCount + 1, Int(a.start.last ?? 0) == a.edges.count else { throw MapSectionsError.damaged }
        return a
    }
}
