import RouteItCore

/// What a ring is to a driver, as OSRM's roundabout handler tells them apart: a rotary (large,
/// with a name of its own no road meeting it carries: "Enter Etoile and take the 2nd exit", then
/// "Exit the traffic circle"), a small ring where up to four well spread roads meet, driven as
/// one turn ("At the roundabout, turn left"), or a plain roundabout.
enum RoundaboutKind: Equatable {
    case roundabout
    case rotary(name: String)
    case intersection

    /// A named ring wider than this radius is a rotary (OSRM's MAX_ROUNDABOUT_RADIUS, metres).
    static let rotaryRadius = 15.0
    /// A ring narrower than this radius may be a turn (OSRM's MAX_ROUNDABOUT_INTERSECTION_RADIUS).
    static let intersectionRadius = 15.0
    /// A ring driven as a turn has at most this many roads meeting it, each more than OSRM's
    /// `NARROW_TURN_ANGLE` from the next (`roadsWellSpread`).
    static let intersectionRoads = 4
}

extension ManeuverBuilder {
    /// The kind of the ring that `edge` (a roundabout edge) belongs to, walked the way a driver
    /// goes round from `node`. A ring that forks or cannot be driven round is a plain roundabout.
    func roundaboutKind(along edge: Int, from node: Int32) -> RoundaboutKind {
        if let known = ringMemo.kind(along: edge, from: node) { return known }
        var ring = RingSurvey()
        var at = node, by = edge
        var walked: [(edge: Int, node: Int32)] = []
        for _ in 0..<1000 {
            guard ring.visit(at, leavingBy: by, self) else { return .roundabout }
            walked.append((by, at))
            ring.length += Double(net.edgeLength[by])
            let name = net.name(of: by)
            if !name.isEmpty { ring.names.insert(name) }
            at = net.edgeFrom[by] == at ? net.edgeTo[by] : net.edgeFrom[by]
            if at == node {
                // Walked round from any of its nodes, the ring is the same ring.
                let kind = ring.kind
                for step in walked { ringMemo.remember(kind, along: step.edge, from: step.node) }
                return kind
            }
            guard let next = nextOnRing(at: at, arrivingBy: by) else { return .roundabout }
            by = next
        }
        return .roundabout
    }

    /// The one ring edge a driver may take on from `node` (nil where the ring forks or ends).
    private func nextOnRing(at node: Int32, arrivingBy edge: Int) -> Int? {
        let onward = adjacency.edges(of: node).filter {
            $0 != edge && isRoundabout($0) && net.allows($0, forward: net.edgeFrom[$0] == node, mode)
        }
        return onward.count == 1 ? onward[0] : nil
    }

    func isRoundabout(_ edge: Int) -> Bool { net.edgeFlags[edge] & EdgeFlags.roundabout != 0 }
}

/// The kinds of the rings a query's guidance has walked round, by each ring edge and the node it
/// is left from: a route's entry and exit of a ring, and its alternatives, ask of the same ring.
final class RingMemo {
    private var kinds = KeyedMemoTable<RoundaboutKind>()

    private static func key(_ edge: Int, _ node: Int32) -> UInt64 {
        UInt64(truncatingIfNeeded: edge) << 32 | UInt64(UInt32(bitPattern: node))
    }

    func kind(along edge: Int, from node: Int32) -> RoundaboutKind? { kinds[Self.key(edge, node)] }

    func remember(_ kind: RoundaboutKind, along edge: Int, from node: Int32) { kinds[Self.key(edge, node)] = kind }
}

/// What walking round a ring finds: its length and names, and the roads meeting it.
private struct RingSurvey {
    var length = 0.0
    var names: Set<String> = []
    /// Names of the roads meeting the ring (a rotary's own name is none of them).
    var connectedNames: Set<String> = []
    /// Per node where roads meet the ring: the first road's heading away from it.
    var roadHeadings: [Double] = []
    /// Every node where roads meet the ring has just one (OSRM's simple exits).
    var simpleRoads = true

    /// Records the ring node `node`; false where the ring is not a simple ring (more or fewer
    /// than two ring edges meet there).
    mutating func visit(_ node: Int32, leavingBy edge: Int, _ guide: ManeuverBuilder) -> Bool {
        // Only the ways the mode uses: a footway meeting a ring is no road of it for a driver.
        let edges = guide.adjacency.edges(of: node).filter { guide.net.allows($0, guide.mode) }
        let ring = edges.filter { guide.isRoundabout($0) }, roads = edges.filter { !guide.isRoundabout($0) }
        // A ring of one edge (a loop from and to one node) lists it at both ends.
        guard ring.count == 2 || ring.count == 1 && guide.net.edgeFrom[edge] == guide.net.edgeTo[edge] else { return false }
        guard let first = roads.first else { return true }
        roadHeadings.append(guide.leavingHeading(first, at: node))
        if roads.count > 1 { simpleRoads = false }
        for road in roads { connectedNames.insert(guide.net.name(of: road)) }
        return true
    }

    var radius: Double { length / (2 * Double.pi) }

    var kind: RoundaboutKind {
        if names.count == 1, let name = names.first, !connectedNames.contains(name), radius > RoundaboutKind.rotaryRadius {
            return .rotary(name: name)
        }
        // One road meeting a ring: a turning loop, driven as a turn.
        if roadHeadings.count == 1 { return .intersection }
        if roadHeadings.count <= RoundaboutKind.intersectionRoads && simpleRoads && roadsWellSpread
            && radius < RoundaboutKind.intersectionRadius {
            return .intersection
        }
        return .roundabout
    }

    /// No two roads meeting the ring leave it within OSRM's `NARROW_TURN_ANGLE` of each other.
    private var roadsWellSpread: Bool {
        let sorted = roadHeadings.sorted()
        for (k, heading) in sorted.enumerated() {
            let next = sorted[(k + 1) % sorted.count] + (k + 1 == sorted.count ? 360 : 0)
            if next - heading <= ManeuverBuilder.narrowTurnAngle { return false }
        }
        return true
    }
}
