import RouteItCore

extension RoutingEngine {
    /// Where a place joins the mode's graph, for a table (`TripEndSnapper.snapAlone`), on every
    /// road there when it sits on a junction.
    private struct TablePlace {
        var phantom: PhantomNode
        var sources: [SearchEndpoint]
        var targets: [SearchEndpoint]
    }

    private func tablePlace(_ c: Coordinate, _ mode: TransportType, _ router: ModeRouter, _ ws: QueryWorkspace,
                            avoid: UInt8) -> TablePlace? {
        guard c.isValid, let p = ends.snapAlone(c, mode, ws) else { return nil }
        let candidates = ends.candidates(p, mode)
        var sources = candidates.flatMap { router.sources($0, weight: net.weight($0.edge, forward: true, mode),
                                                          backward: net.weight($0.edge, forward: false, mode)) }
        var targets = candidates.flatMap { router.targets($0, weight: net.weight($0.edge, forward: true, mode),
                                                          backward: net.weight($0.edge, forward: false, mode)) }
        // A place on an avoided road (and on no other) leaves and is reached by the nearest ways off it.
        if avoid != 0 && candidates.allSatisfy({ net.edgeAvoid[$0.edge] & avoid != 0 }) {
            sources = AvoidedStretch.extend(sources, forward: true, router: router, avoid: avoid)
            targets = AvoidedStretch.extend(targets, forward: false, router: router, avoid: avoid)
        }
        return TablePlace(phantom: p, sources: sources, targets: targets)
    }

    /// Travel seconds from every source to every target (`[i][j]`, nil: no route), by one
    /// many-to-many search (a car path whose weight holds a weight-only charge is timed by its
    /// own route). Pairs the avoided classes cut off are searched again with fewer of
    /// them, the largest sets first, as a route keeps off only the classes it can.
    func durationTable(from sources: [Coordinate], to targets: [Coordinate], mode: TransportType,
                       avoid: RoadAvoidance = []) throws -> [[Double?]] {
        let router = try self.router(mode)
        let ws = QueryWorkspace(nodeCount: router.graph.nodeCount, edgeCount: net.edgeCount)
        var table: [[Double?]]?
        for subset in avoid.subsetsLargestFirst {
            let found = self.table(sources, targets, mode, router, ws, avoid: subset.rawValue)
            var filled = table ?? found
            for i in filled.indices { for j in filled[i].indices where filled[i][j] == nil { filled[i][j] = found[i][j] } }
            table = filled
            if !filled.contains(where: { $0.contains(nil) }) { break }
        }
        return table ?? []
    }

    private func table(_ sources: [Coordinate], _ targets: [Coordinate], _ mode: TransportType, _ router: ModeRouter,
                       _ ws: QueryWorkspace, avoid: UInt8) -> [[Double?]] {
        // Each place is snapped once, though it be a source and a target (a trip's matrix).
        var placed: [Coordinate: TablePlace?] = [:]
        func place(_ c: Coordinate) -> TablePlace? {
            if let known = placed[c] { return known }
            let found = tablePlace(c, mode, router, ws, avoid: avoid)
            placed[c] = found
            return found
        }
        let from = sources.map(place), to = targets.map(place)
        let costs = ManyToManySearch(router: router, avoid: avoid)
            .costs(sources: from.map { $0?.sources ?? [] }, targets: to.map { $0?.targets ?? [] })
        return from.enumerated().map { i, source in
            to.enumerated().map { j, target -> Double? in
                guard let source, let target else { return nil }
                var cost = costs[i * to.count + j]
                // Both on one road: along it, when the mode may go that way.
                let s = source.phantom, t = target.phantom
                if s.edge == t.edge {
                    let forward = t.fraction >= s.fraction
                    if net.allows(s.edge, forward: forward, mode) {
                        cost = min(cost, ModeRouter.partial(net.weight(s.edge, forward: forward, mode), abs(t.fraction - s.fraction)))
                    }
                }
                guard cost != .max else { return nil }
                // A car's weight may hold charges that are not time (entering a road closed to
                // through traffic, car.lua's max turn weight): such a path's time is its legs'.
                if mode == .car, cost >= TurnCostModel.osrmCar.restrictedEntryPenalty,
                   let legs = try? routeLegs(from: sources[i], to: targets[j], mode: mode, alternatives: false,
                                             avoid: RoadAvoidance(rawValue: avoid)).first {
                    return Double(RoutingEngine.ms(legs)) / 1000
                }
                return Double(cost) / 1000
            }
        }
    }
}
