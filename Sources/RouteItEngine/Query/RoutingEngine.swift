import Foundation
import RouteItCore

/// The mapped road graph and its per-mode hierarchies, answering route queries. Thread-safe:
/// each query borrows a workspace from a pool; modes are mapped on first use.
final class RoutingEngine: @unchecked Sendable {
    let net: RoadNetwork
    let grid: EdgeGrid
    let adjacency: NodeAdjacency
    let components: EdgeComponents
    private let sections: MapSections
    private let lock = NSLock()
    private var routers: [TransportType: ModeRouter] = [:]
    private var pools: [TransportType: [QueryWorkspace]] = [:]

    /// Alternatives, as OSRM's via-node method bounds them: at most this much slower than the
    /// best route (OSRM's epsilon is 15 %; 12 % keeps the median slowdown near OSRM's), running
    /// along the routes already chosen for at most this much of their length (its gamma, measured
    /// on the ground so a parallel sidewalk counts as shared).
    static let alternativeStretch = 0.12
    static let alternativeMaxShare = 0.75
    /// Metres apart within which two routes count as running along each other.
    static let alternativeShareTolerance = 12.0

    init(sections: MapSections) throws {
        self.sections = sections
        net = try RoadNetwork.read(from: sections)
        grid = try EdgeGrid.read(from: sections)
        adjacency = try NodeAdjacency.read(from: sections, nodeCount: net.nodeCount)
        components = try EdgeComponents.read(from: sections, edgeCount: net.edgeCount)
    }

    func router(_ mode: TransportType) throws -> ModeRouter {
        lock.lock()
        defer { lock.unlock() }
        if let r = routers[mode] { return r }
        let prefix = mode.rawValue
        let r = ModeRouter(graph: try ModeGraph.read(from: sections, prefix: prefix),
                           ch: try ContractionHierarchy.read(from: sections, prefix: prefix), edgeAvoid: net.edgeAvoid)
        guard r.graph.nodeCount == r.ch.nodeCount, r.graph.arcCount == r.ch.arcCount,
              r.graph.edgeDirStart.count == net.edgeCount * 2 + 1 else {
            throw MapSectionsError.damaged
        }
        routers[mode] = r
        return r
    }

    private func borrow(_ mode: TransportType, nodeCount: Int) -> QueryWorkspace {
        lock.lock()
        defer { lock.unlock() }
        if let ws = pools[mode]?.popLast() { return ws }
        return QueryWorkspace(nodeCount: nodeCount, edgeCount: net.edgeCount)
    }

    private func giveBack(_ ws: QueryWorkspace, _ mode: TransportType) {
        lock.lock()
        pools[mode, default: []].append(ws)
        lock.unlock()
    }

    func snap(_ c: Coordinate, _ mode: TransportType, _ ws: QueryWorkspace, onNetworkOnly: Bool = false) -> PhantomNode? {
        let stamp = ws.nextEdgeStamp()
        let components = self.components
        return Snapper.snap(c, mode: mode, net: net, grid: grid, edgeStamp: ws.edgeStamp, stamp: stamp,
                            accept: { !onNetworkOnly || components.isOnNetwork($0, mode) })
    }

    /// Where a trip's two ends land, as OSRM picks them: the nearest roads when both lie on the
    /// connected network or on the same small piece of it; otherwise an end on a piece cut off
    /// (a fragment clipped by the extract's edge, an island of paths) moves to the nearest road
    /// of the network.
    func snapEnds(_ a: Coordinate, _ b: Coordinate, _ mode: TransportType, _ ws: QueryWorkspace) -> (PhantomNode, PhantomNode)? {
        guard var s = snap(a, mode, ws), var t = snap(b, mode, ws) else { return nil }
        let cs = components.component(of: s.edge, mode), ct = components.component(of: t.edge, mode)
        if cs != 0 && cs != ct, let onNetwork = snap(a, mode, ws, onNetworkOnly: true) { s = onNetwork }
        if ct != 0 && ct != cs, let onNetwork = snap(b, mode, ws, onNetworkOnly: true) { t = onNetwork }
        return (s, t)
    }

    /// The shortest path between two points, by CH or by the reference Dijkstra.
    /// Throws `DirectionsError.noRoute` when either end has no road or they are not connected.
    func shortestPath(from a: Coordinate, to b: Coordinate, mode: TransportType, reference: Bool = false,
                      avoid: RoadAvoidance = []) throws -> (path: SearchPath, source: PhantomNode, target: PhantomNode) {
        let router = try self.router(mode)
        let ws = borrow(mode, nodeCount: router.graph.nodeCount)
        defer { giveBack(ws, mode) }
        let found = try search(a, b, mode, router, ws, slack: 0, reference: reference, avoid: avoid.rawValue)
        return (found.path, found.source, found.target)
    }

    /// The phantom and, when it sits on a junction, the same point on every other road there
    /// the mode may use: a trip from or to a junction may leave or arrive by any of them.
    func candidates(_ p: PhantomNode, _ mode: TransportType) -> [PhantomNode] {
        let length = Double(net.edgeLength[p.edge])
        let node: Int32
        if p.fraction * length <= RoutingEngine.junctionTolerance {
            node = net.edgeFrom[p.edge]
        } else if (1 - p.fraction) * length <= RoutingEngine.junctionTolerance {
            node = net.edgeTo[p.edge]
        } else {
            return [p]
        }
        var out = [p]
        for e in adjacency.edges(of: node) where e != p.edge && net.isEndpoint(e, mode) && net.edgeFrom[e] != net.edgeTo[e] {
            out.append(PhantomNode(edge: e, fraction: net.edgeFrom[e] == node ? 0 : 1, point: p.point, offset: p.offset))
        }
        return out
    }

    /// Metres from a junction within which a snapped point counts as on it.
    static let junctionTolerance = 1.0

    /// The candidate a path leaves or arrives by, from its edge direction.
    private static func phantom(for edgeDir: Int32, in candidates: [PhantomNode]) -> PhantomNode {
        candidates.first { $0.edge == Int(edgeDir >> 1) } ?? candidates[0]
    }

    private struct Search {
        var path: SearchPath
        var sourceCandidates: [PhantomNode]
        var targetCandidates: [PhantomNode]
        var sources: [SearchEndpoint]
        var targets: [SearchEndpoint]

        /// The candidates the best path leaves and arrives by.
        var source: PhantomNode { RoutingEngine.phantom(for: path.sourceEdgeDir, in: sourceCandidates) }
        var target: PhantomNode { RoutingEngine.phantom(for: path.targetEdgeDir, in: targetCandidates) }

        func legs(of path: SearchPath, _ router: ModeRouter, _ net: RoadNetwork, _ mode: TransportType) -> [RouteLeg] {
            RouteLeg.legs(of: path, source: RoutingEngine.phantom(for: path.sourceEdgeDir, in: sourceCandidates),
                          target: RoutingEngine.phantom(for: path.targetEdgeDir, in: targetCandidates),
                          graph: router.graph, net: net, mode: mode)
        }
    }

    private func search(_ a: Coordinate, _ b: Coordinate, _ mode: TransportType, _ router: ModeRouter,
                        _ ws: QueryWorkspace, slack: Double, reference: Bool, avoid: UInt8,
                        wideStretch: Bool = false, stretched: UnsafeMutablePointer<Bool>? = nil) throws -> Search {
        guard let (s, t) = snapEnds(a, b, mode, ws) else { throw DirectionsError.noRoute }
        let sourceCandidates = candidates(s, mode), targetCandidates = candidates(t, mode)
        var sources = sourceCandidates.flatMap { router.sources($0, weight: net.weight($0.edge, forward: true, mode),
                                                                backward: net.weight($0.edge, forward: false, mode)) }
        var targets = targetCandidates.flatMap { router.targets($0, weight: net.weight($0.edge, forward: true, mode),
                                                                backward: net.weight($0.edge, forward: false, mode)) }
        // A place on an avoided road (and on no other): off it by the nearest way, as the trip must.
        func onAvoidedOnly(_ candidates: [PhantomNode]) -> Bool {
            avoid != 0 && candidates.allSatisfy { net.edgeAvoid[$0.edge] & avoid != 0 }
        }
        if onAvoidedOnly(sourceCandidates) {
            sources = AvoidedStretch.extend(sources, forward: true, router: router, avoid: avoid, wide: wideStretch)
            stretched?.pointee = true
        }
        if onAvoidedOnly(targetCandidates) {
            targets = AvoidedStretch.extend(targets, forward: false, router: router, avoid: avoid, wide: wideStretch)
            stretched?.pointee = true
        }
        var direct: SearchPath?
        if s.edge == t.edge {
            let forward = t.fraction >= s.fraction
            let w = net.weight(s.edge, forward: forward, mode)
            if net.allows(s.edge, forward: forward, mode) {
                let cost = ModeRouter.partial(w, abs(t.fraction - s.fraction))
                direct = SearchPath(cost: cost, sourceEdgeDir: Int32(s.edge * 2 + (forward ? 0 : 1)), arcs: [],
                                    targetEdgeDir: Int32(s.edge * 2 + (forward ? 0 : 1)), targetCost: cost, direct: true)
            }
        }
        let (cost, meet) = reference ? router.referenceQuery(ws, sources, targets, avoid: avoid)
                                     : router.chQuery(ws, sources, targets, slack: slack, avoid: avoid)
        func found(_ path: SearchPath) -> Search {
            Search(path: path, sourceCandidates: sourceCandidates, targetCandidates: targetCandidates,
                   sources: sources, targets: targets)
        }
        if let direct, direct.cost <= cost { return found(direct) }
        guard meet >= 0, cost != .max else { throw DirectionsError.noRoute }
        return found(router.path(through: meet, ws, sources, targets))
    }

    /// The best route and, when asked, up to two genuinely different alternatives, all off the
    /// `avoid` classes except on the roads the trip starts and ends on. When no such route
    /// exists, the routes keep off as many of the classes as they can and name the ones they
    /// use (`Route.unavoidable`). `quickestOnly`: only the quickest of them (the first among
    /// equals, as `DirectionsViewModel` picks), the others neither built nor, when none of them
    /// can be quicker than the best, looked for.
    func routes(from a: Coordinate, to b: Coordinate, mode: TransportType, alternatives: Bool,
                quickestOnly: Bool = false, avoid: RoadAvoidance = []) throws -> [Route] {
        let chosen = try routeLegs(from: a, to: b, mode: mode, alternatives: alternatives, quickestOnly: quickestOnly, avoid: avoid)
        let builder = ManeuverBuilder(net: net, adjacency: adjacency, mode: mode)
        func route(_ legs: [RouteLeg]) -> Route {
            var route = makeRoute(legs, mode: mode, builder: builder)
            route.unavoidable = avoid.intersection(classes(of: legs))
            return route
        }
        guard quickestOnly, chosen.count > 1 else { return chosen.map(route) }
        // A route without a single step is passed over by the view model: the next quickest then.
        let byTime = chosen.indices.sorted { (RoutingEngine.ms(chosen[$0]), $0) < (RoutingEngine.ms(chosen[$1]), $1) }
        let first = route(chosen[byTime[0]])
        if !first.steps.isEmpty { return [first] }
        return [first] + byTime.dropFirst().map { route(chosen[$0]) }
    }

    static func ms(_ legs: [RouteLeg]) -> UInt64 { legs.reduce(0) { $0 + UInt64($1.ms) } }

    /// The road stretches of `routes`' routes, best first (`quickestOnly`: the quickest among them
    /// is in the list, perhaps alone).
    func routeLegs(from a: Coordinate, to b: Coordinate, mode: TransportType, alternatives: Bool,
                   quickestOnly: Bool = false, avoid: RoadAvoidance = []) throws -> [[RouteLeg]] {
        let router = try self.router(mode)
        let ws = borrow(mode, nodeCount: router.graph.nodeCount)
        defer { giveBack(ws, mode) }
        let slack = alternatives ? RoutingEngine.alternativeStretch : 0
        var found: Search?
        var kept: RoadAvoidance = []
        search: for subset in avoid.subsetsLargestFirst {
            // The nearest ways off an avoided road the place lies on, else (only then) any of them.
            var stretched = false
            for wide in subset.isEmpty ? [false] : [false, true] where !wide || stretched {
                do {
                    found = try search(a, b, mode, router, ws, slack: slack, reference: false, avoid: subset.rawValue,
                                       wideStretch: wide, stretched: &stretched)
                    kept = subset
                    break search
                } catch DirectionsError.noRoute where !subset.isEmpty {
                    continue
                }
            }
        }
        guard let found else { throw DirectionsError.noRoute }
        let best = found.path
        let bestLegs = found.legs(of: best, router, net, mode)
        guard alternatives && !best.direct else { return [bestLegs] }
        // At most `alternativeStretch` slower in time (the best path's weight may hold a
        // weight-only charge for entering a road closed to through traffic).
        let bestMs = RoutingEngine.ms(bestLegs)
        let limit = UInt64(best.cost) + UInt64(Double(bestMs) * RoutingEngine.alternativeStretch)
        if quickestOnly && !RoutingEngine.alternativeMayBeQuicker(mode, bestCost: best.cost, bestMs: bestMs, limit: limit) {
            return [bestLegs]
        }
        // Candidates are unpacked lazily from this search, one per plateau of via nodes.
        let net = self.net
        var candidates = ViaCandidates(viaCandidates(router, ws, best: best, limit: limit),
                                       path: { router.path(through: $0, ws, found.sources, found.targets) },
                                       legs: { found.legs(of: $0, router, net, mode) })
        let examinedAtMost = 16
        // Only the examined candidates can be chosen: none quicker than the best, the best it is.
        if quickestOnly && !(0..<examinedAtMost).contains(where: { candidates[$0].map { RoutingEngine.ms($0.legs) < bestMs } ?? false }) {
            return [bestLegs]
        }
        var chosen = ChosenRoutes(best: bestLegs, polyline: polyline(bestLegs), tolerance: RoutingEngine.alternativeShareTolerance)
        // The local-optimality checks run in a second workspace so the first one's parents stay intact.
        var checker: QueryWorkspace?
        defer { if let checker { giveBack(checker, mode) } }
        var examined = 0
        while chosen.routes.count < 3 && examined < examinedAtMost, let candidate = candidates[examined] {
            examined += 1
            guard isAcceptable(candidate.legs, chosen: chosen) else { continue }
            if checker == nil { checker = borrow(mode, nodeCount: router.graph.nodeCount) }
            if isLocallyOptimal(candidate.path, viaCost: ws.forward.distance(candidate.via), router, checker!, avoid: kept.rawValue) {
                chosen.append(candidate.legs, polyline: polyline(candidate.legs))
            }
        }
        return chosen.routes
    }

    /// The avoidable classes of the roads the legs drive.
    func classes(of legs: [RouteLeg]) -> RoadAvoidance {
        var bits: UInt8 = 0
        for leg in legs where leg.edge < net.edgeAvoid.count && leg.distance > 0 { bits |= net.edgeAvoid[leg.edge] }
        return RoadAvoidance(rawValue: bits)
    }

    private func makeRoute(_ legs: [RouteLeg], mode: TransportType, builder: ManeuverBuilder) -> Route {
        let steps = builder.steps(for: legs)
        var polyline: [Coordinate] = []
        for step in steps { for c in step.polyline where polyline.last != c { polyline.append(c) } }
        let ms = legs.reduce(UInt64(0)) { $0 + UInt64($1.ms) }
        let distance = steps.reduce(0) { $0 + $1.distance }
        // Named after its two longest streets, like MapKit's route names.
        var byName: [(String, Double)] = []
        for leg in legs {
            let n = net.name(of: leg.edge)
            if n.isEmpty { continue }
            if let i = byName.firstIndex(where: { $0.0 == n }) { byName[i].1 += leg.distance } else { byName.append((n, leg.distance)) }
        }
        let name = byName.sorted { $0.1 > $1.1 }.prefix(2).map(\.0).joined(separator: ", ")
        return Route(name: name, distance: distance, expectedTravelTime: Double(ms) / 1000, transportType: mode,
                     polyline: polyline, steps: steps)
    }

    /// Road centre lines crossing `box`, for drawing.
    func roads(in box: BoundingBox) -> [[Coordinate]] {
        let (r0, c0) = grid.cell(lat: box.minLatitude, lon: box.minLongitude)
        let (r1, c1) = grid.cell(lat: box.maxLatitude, lon: box.maxLongitude)
        var seen = Set<Int32>()
        var out: [[Coordinate]] = []
        for r in r0...r1 {
            for c in c0...c1 {
                for e in grid.edges(inCell: r, c) where seen.insert(e).inserted {
                    let edge = Int(e)
                    guard RoadClass(rawValue: net.edgeClass[edge])?.isDrawnInBackdrop == true else { continue }
                    let line = net.points(of: edge).map(\.coordinate)
                    guard let bounds = BoundingBox(covering: line),
                          bounds.maxLatitude >= box.minLatitude, bounds.minLatitude <= box.maxLatitude,
                          bounds.maxLongitude >= box.minLongitude, bounds.minLongitude <= box.maxLongitude else { continue }
                    out.append(line)
                }
            }
        }
        return out
    }
}
