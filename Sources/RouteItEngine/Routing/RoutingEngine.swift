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

    /// Whether an alternative within `limit` may take less time than the best route. A route's
    /// time is its weight less its charges (a car's `restrictedEntryPenalty` for each road closed
    /// to through traffic it enters; other modes have none). An alternative weighs no less than
    /// the best, so it is quicker only with charges beyond the best's, at least one penalty more,
    /// which must fit in its extra weight (at most `limit` less the best's) plus the time it saves
    /// (less than the best's whole time).
    static func alternativeMayBeQuicker(_ mode: TransportType, bestCost: UInt32, bestMs: UInt64, limit: UInt64) -> Bool {
        guard mode == .car else { return false }
        return limit &- UInt64(bestCost) + bestMs >= UInt64(TurnCostModel.osrmCar.restrictedEntryPenalty)
    }

    /// The avoidable classes of the roads the legs drive.
    func classes(of legs: [RouteLeg]) -> RoadAvoidance {
        var bits: UInt8 = 0
        for leg in legs where leg.edge < net.edgeAvoid.count && leg.distance > 0 { bits |= net.edgeAvoid[leg.edge] }
        return RoadAvoidance(rawValue: bits)
    }

    /// Via-node candidates of the last alternative search: nodes both searches reached, off the
    /// best path, costing at most `limit`, cheapest first.
    private func viaCandidates(_ router: ModeRouter, _ ws: QueryWorkspace, best: SearchPath, limit: UInt64) -> [Int32] {
        var onBest = best.arcs.map { router.graph.arcTo[Int($0)] }
        onBest.sort()
        var ranked: [(UInt64, Int32)] = []
        for v in ws.forward.touched {
            let fd = ws.forward.distance(v), bd = ws.backward.distance(v)
            guard bd != .max else { continue }
            let total = UInt64(fd) + UInt64(bd)
            if total > limit || total <= UInt64(best.cost) { continue }
            if RoutingEngine.contains(onBest, v) { continue }
            ranked.append((total, v))
        }
        ranked.sort { $0.0 < $1.0 }
        return ranked.map(\.1)
    }

    private static func contains(_ sorted: [Int32], _ x: Int32) -> Bool {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if sorted[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo < sorted.count && sorted[lo] == x
    }

    /// No edge twice, and at most `alternativeMaxShare` of its length along the routes already chosen.
    private func isAcceptable(_ legs: [RouteLeg], chosen: ChosenRoutes) -> Bool {
        var edges = legs.map { $0.edge }
        edges.sort()
        for i in edges.indices.dropFirst() where edges[i] == edges[i - 1] { return false }
        // Most candidates run on the chosen routes' own roads for most of their length: the
        // share along those roads alone turns them away without comparing geometry.
        if chosen.sharedRoadShare(legs) > RoutingEngine.alternativeMaxShare + RoutingEngine.sharedRoadMargin {
            return false
        }
        // The rest is sampled, but for the legs on stretches a chosen route drives.
        let (line, known) = polyline(legs, known: chosen.drives)
        return chosen.geometricShare(line, known: known) <= RoutingEngine.alternativeMaxShare
    }

    /// How far the geometric share may fall below the road share: lengths from `edgeLength`
    /// against the polyline's flat metres, and the 4 m samples at the ends of a shared stretch.
    static let sharedRoadMargin = 0.05

    static func sharedRoadShare(_ legs: [RouteLeg], chosen: [[RouteLeg]]) -> Double {
        ChosenRoutes(chosen).sharedRoadShare(legs)
    }

    func polyline(_ legs: [RouteLeg]) -> [Coordinate] { polyline(legs, known: { _ in false }).line }

    /// The legs' points in order, and for each segment whether its leg is `known`. Points far
    /// longer than the legs' own length can only come from a damaged geometry section:
    /// reported, and no points (nothing to compare or draw).
    func polyline(_ legs: [RouteLeg], known: (RouteLeg) -> Bool) -> (line: [Coordinate], known: [Bool]) {
        var out: [Coordinate] = [], flags: [Bool] = []
        for leg in legs {
            let isKnown = known(leg)
            for c in net.clip(leg.edge, from: leg.from, to: leg.to) where out.last != c {
                if !out.isEmpty { flags.append(isKnown) }
                out.append(c)
            }
        }
        let drawn = zip(out, out.dropFirst()).reduce(0.0) { $0 + $1.0.distance(to: $1.1) }
        let length = legs.reduce(0.0) { $0 + $1.distance }
        guard drawn <= 2 * length + RoutingEngine.geometrySlack else { MapDamage.report(); return ([], []) }
        return (out, flags)
    }

    /// How much longer than its legs a route's points may run (rounding of short legs' lengths).
    static let geometrySlack = 100.0

    /// T-test: the stretch of the path around the via node (a quarter of its cost each way)
    /// must itself be a shortest path, so the detour is not a silly loop.
    private func isLocallyOptimal(_ path: SearchPath, viaCost: UInt32, _ router: ModeRouter, _ ws: QueryWorkspace,
                                  avoid: UInt8) -> Bool {
        let g = router.graph
        guard !path.arcs.isEmpty else { return true }
        let firstCost = UInt64(path.cost) &- path.arcs.reduce(UInt64(0)) { $0 &+ UInt64(g.arcWeight[Int($1)]) }
        let window = UInt64(path.cost / 4)
        var cum: [UInt64] = [firstCost]
        for a in path.arcs { cum.append(cum.last! &+ UInt64(g.arcWeight[Int(a)])) }
        let viaCost = UInt64(viaCost)
        // cum[i] is the cost at the node before arc i (i == arcs.count: after the last arc).
        var ia = 0
        for i in cum.indices where cum[i] &+ window <= viaCost { ia = i }
        var ib = cum.count - 1
        for i in cum.indices.reversed() where cum[i] >= viaCost &+ window { ib = i }
        guard ib > ia else { return true }
        let a = g.arcFrom[Int(path.arcs[ia])]
        let b = ib < path.arcs.count ? g.arcFrom[Int(path.arcs[ib])] : g.arcTo[Int(path.arcs[ib - 1])]
        let along = cum[ib] &- cum[ia]
        let (shortest, _) = router.chQuery(ws, [SearchEndpoint(node: a, cost: 0, edgeDir: -1)],
                                           [SearchEndpoint(node: b, cost: 0, edgeDir: -1)], avoid: avoid)
        return shortest != .max && Double(shortest) * 1.02 >= Double(along)
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
