import RouteItCore

/// A trip's two ends as one search starts from them: the snapped candidates and the hierarchy
/// endpoints they give.
struct SearchEnds {
    var source: PhantomNode
    var target: PhantomNode
    var sourceCandidates: [PhantomNode]
    var targetCandidates: [PhantomNode]
    var sources: [SearchEndpoint]
    var targets: [SearchEndpoint]
    /// An end lay on avoided roads only and was extended along them to the ways off them.
    var stretched = false
    /// Both ends lie on one small piece cut off from the network (`TripEndSnapper.snapEnds`).
    var onPiece = false
    /// Edge directions the trip may not leave or arrive by (`EndApproaches`).
    var sourceBanned: Set<Int32> = []
    var targetBanned: Set<Int32> = []
    /// The edge directions the route may leave by (nil: any): a start bearing's (`headed`).
    var startDirections: Set<Int32>?
}

/// The best path one search found, with the ends it started from.
struct FoundPath {
    var path: SearchPath
    var ends: SearchEnds

    /// The candidates the best path leaves and arrives by.
    var source: PhantomNode { Self.phantom(for: path.sourceEdgeDir, in: ends.sourceCandidates) }
    var target: PhantomNode { Self.phantom(for: path.targetEdgeDir, in: ends.targetCandidates) }

    func legs(of path: SearchPath, _ router: ModeRouter, _ net: RoadNetwork, _ mode: TransportType) -> [RouteLeg] {
        RouteLeg.legs(of: path, source: Self.phantom(for: path.sourceEdgeDir, in: ends.sourceCandidates),
                      target: Self.phantom(for: path.targetEdgeDir, in: ends.targetCandidates),
                      graph: router.graph, net: net, mode: mode)
    }

    /// The candidate a path leaves or arrives by, from its edge direction.
    private static func phantom(for edgeDir: Int32, in candidates: [PhantomNode]) -> PhantomNode {
        candidates.first { $0.edge == Int(edgeDir >> 1) } ?? candidates[0]
    }
}

extension RoutingEngine {
    /// The ends of a trip off the `avoid` classes: nil when either end has no road. A place on an
    /// avoided road (and on no other) leaves it by the nearest way off, as the trip must
    /// (`wideStretch`: by any of them). `approaches` leaves out the directions on the wrong side.
    func searchEnds(_ a: Coordinate, _ b: Coordinate, _ mode: TransportType, _ router: ModeRouter,
                    _ ws: QueryWorkspace, avoid: UInt8, wideStretch: Bool = false, onNetwork: Bool = false,
                    approaches: EndApproaches = .unrestricted, startBearing: StartBearing? = nil) -> SearchEnds? {
        guard let (s, t, piece) = ends.snapEnds(a, b, mode, ws, onNetwork: onNetwork) else { return nil }
        let sourceCandidates = ends.candidates(s, mode), targetCandidates = ends.candidates(t, mode)
        var found = SearchEnds(
            source: s, target: t, sourceCandidates: sourceCandidates, targetCandidates: targetCandidates,
            sources: sourceCandidates.flatMap { router.sources($0, weight: net.weight($0.edge, forward: true, mode),
                                                               backward: net.weight($0.edge, forward: false, mode)) },
            targets: targetCandidates.flatMap { router.targets($0, weight: net.weight($0.edge, forward: true, mode),
                                                               backward: net.weight($0.edge, forward: false, mode)) },
            onPiece: piece != 0)
        if approaches != .unrestricted {
            found.sourceBanned = EndApproaches.bannedDirections(sourceCandidates, place: a, approach: approaches.source, mode: mode, net: net)
            found.targetBanned = EndApproaches.bannedDirections(targetCandidates, place: b, approach: approaches.target, mode: mode, net: net)
            found.sources.removeAll { found.sourceBanned.contains($0.edgeDir) }
            found.targets.removeAll { found.targetBanned.contains($0.edgeDir) }
        }
        if let startBearing { found = headed(found, from: a, startBearing, mode, router, ws) }
        func onAvoidedOnly(_ candidates: [PhantomNode]) -> Bool {
            avoid != 0 && candidates.allSatisfy { net.edgeAvoid[$0.edge] & avoid != 0 }
        }
        if onAvoidedOnly(found.sourceCandidates) {
            found.sources = AvoidedStretch.extend(found.sources, forward: true, router: router, avoid: avoid, wide: wideStretch)
            found.stretched = true
        }
        if onAvoidedOnly(targetCandidates) {
            found.targets = AvoidedStretch.extend(found.targets, forward: false, router: router, avoid: avoid, wide: wideStretch)
            found.stretched = true
        }
        return found
    }

    /// The shortest path between the ends, by CH (`slack`: searched that much further, for
    /// alternatives) or by the reference Dijkstra; along one edge when both ends lie on it and
    /// that is no dearer. Throws `DirectionsError.noRoute` when the ends are not connected.
    func search(_ ends: SearchEnds, _ mode: TransportType, _ router: ModeRouter, _ ws: QueryWorkspace,
                slack: Double, reference: Bool, avoid: UInt8, banned: Set<UInt64> = []) throws -> FoundPath {
        let s = ends.source, t = ends.target
        var direct: SearchPath?
        if s.edge == t.edge {
            let forward = t.fraction >= s.fraction
            let w = net.weight(s.edge, forward: forward, mode)
            let dir = Int32(s.edge * 2 + (forward ? 0 : 1))
            if net.allows(s.edge, forward: forward, mode), !ends.sourceBanned.contains(dir), !ends.targetBanned.contains(dir),
               ends.startDirections?.contains(dir) ?? true {
                let cost = ModeRouter.partial(w, abs(t.fraction - s.fraction))
                direct = SearchPath(cost: cost, sourceEdgeDir: Int32(s.edge * 2 + (forward ? 0 : 1)), arcs: [],
                                    targetEdgeDir: Int32(s.edge * 2 + (forward ? 0 : 1)), targetCost: cost, direct: true)
            }
        }
        // Banned turns need the plain search (the hierarchy's shortcuts hide them); the turn onto
        // the target's edge is where the targets are seeded.
        let targets = banned.isEmpty ? ends.targets : ends.targets.filter { !banned.contains(ModeRouter.turnKey($0.node, $0.edgeDir)) }
        let (cost, meet) = reference || !banned.isEmpty
            ? router.referenceQuery(ws, ends.sources, targets, avoid: avoid, banned: banned)
            : router.chQuery(ws, ends.sources, targets, slack: slack, avoid: avoid)
        if let direct, direct.cost <= cost { return FoundPath(path: direct, ends: ends) }
        guard meet >= 0, cost != .max else { throw DirectionsError.noRoute }
        return FoundPath(path: router.path(through: meet, ws, ends.sources, targets), ends: ends)
    }
}
