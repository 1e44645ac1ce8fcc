import Foundation
import RouteItCore

/// How the engine tells a worthwhile alternative from a useless one, after OSRM's via-node
/// method: via nodes both searches reach within the stretch, no more than the allowed share along
/// the routes already chosen, locally optimal around the via node (the T-test), and whether one
/// can be quicker than the best route at all.
extension RoutingEngine {
    /// The best route's legs and up to two alternatives to it, from the search that found it
    /// (`quickestOnly`: the quickest among them is in the list, perhaps alone).
    func alternativeLegs(to found: FoundPath, bestLegs: [RouteLeg], _ mode: TransportType, _ router: ModeRouter,
                      _ ws: QueryWorkspace, quickestOnly: Bool, avoid kept: RoadAvoidance) -> [[RouteLeg]] {
        let best = found.path
        // At most `alternativeStretch` slower in time (the best path's weight may hold a
        // weight-only charge for entering a road closed to through traffic).
        let bestMs = RoutingEngine.ms(bestLegs)
        let limit = UInt64(best.cost) + UInt64(Double(bestMs) * RoutingEngine.alternativeStretch)
        if quickestOnly && !RoutingEngine.alternativeMayBeQuicker(mode, bestMs: bestMs) {
            return [bestLegs]
        }
        // Candidates are unpacked lazily from this search, one per plateau of via nodes.
        let net = self.net
        var candidates = ViaCandidates(viaCandidates(router, ws, best: best, limit: limit),
                                       path: { router.path(through: $0, ws, found.ends.sources, found.ends.targets) },
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

    /// Whether an alternative may take less time than a best route of `bestMs`. A route's time
    /// is its weight less its charges (a car's `restrictedEntryPenalty` for each road closed to
    /// through traffic it enters; other modes have none). An alternative weighs no less than the
    /// best, so it is quicker only with charges beyond the best's, at least one penalty more,
    /// which must fit in its extra weight (at most `alternativeStretch` of the best's time) plus
    /// the time it saves (less than the best's whole time).
    static func alternativeMayBeQuicker(_ mode: TransportType, bestMs: UInt64) -> Bool {
        guard mode == .car else { return false }
        return UInt64(Double(bestMs) * alternativeStretch) + bestMs >= UInt64(TurnCostModel.osrmCar.restrictedEntryPenalty)
    }

    /// Via-node candidates of the last alternative search: nodes both searches reached, off the
    /// best path, costing at most `limit`, cheapest first.
    func viaCandidates(_ router: ModeRouter, _ ws: QueryWorkspace, best: SearchPath, limit: UInt64) -> [Int32] {
        var onBest = best.arcs.map { router.graph.arcTo(Int($0)) }
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

    static func contains(_ sorted: [Int32], _ x: Int32) -> Bool {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if sorted[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo < sorted.count && sorted[lo] == x
    }

    /// No edge twice, and at most `alternativeMaxShare` of its length along the routes already chosen.
    func isAcceptable(_ legs: [RouteLeg], chosen: ChosenRoutes) -> Bool {
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
        let drawn = RoutingEngine.flatLength(out)
        let length = legs.reduce(0.0) { $0 + $1.distance }
        guard drawn <= 2 * length + RoutingEngine.geometrySlack else { MapDamage.report(); return ([], []) }
        return (out, flags)
    }

    /// How much longer than its legs a route's points may run (rounding of short legs' lengths).
    static let geometrySlack = 100.0

    /// A line's length in metres on a flat projection whose east-west scale is that of its
    /// point nearest a pole: for a road's short segments no more than the true length, so a
    /// long route across latitudes is never taken for damage. The damage check compares it with
    /// twice the legs' length and needs no haversine per segment (one cosine per line).
    static func flatLength(_ line: [Coordinate]) -> Double {
        let maxLatitude = line.reduce(0.0) { max($0, abs($1.latitude)) }
        let eastWest = cos(min(90, maxLatitude) * .pi / 180)
        var degrees = 0.0
        for (a, b) in zip(line, line.dropFirst()) {
            var dLon = abs(b.longitude - a.longitude)
            if dLon > 180 { dLon = 360 - dLon }
            let dx = dLon * eastWest, dy = b.latitude - a.latitude
            degrees += (dx * dx + dy * dy).squareRoot()
        }
        return degrees * Geodesy.meanRadius * .pi / 180
    }

    /// T-test: the stretch of the path around the via node (a quarter of its cost each way)
    /// must itself be a shortest path, so the detour is not a silly loop.
    func isLocallyOptimal(_ path: SearchPath, viaCost: UInt32, _ router: ModeRouter, _ ws: QueryWorkspace,
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
        let a = g.arcFrom(Int(path.arcs[ia]))
        let b = ib < path.arcs.count ? g.arcFrom(Int(path.arcs[ib])) : g.arcTo(Int(path.arcs[ib - 1]))
        let along = cum[ib] &- cum[ia]
        let (shortest, _) = router.chQuery(ws, [SearchEndpoint(node: a, cost: 0, edgeDir: -1)],
                                           [SearchEndpoint(node: b, cost: 0, edgeDir: -1)], avoid: avoid)
        return shortest != .max && Double(shortest) * 1.02 >= Double(along)
    }
}
