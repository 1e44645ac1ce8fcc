import Foundation
import RouteItCore

/// A car table asked at a departure keeps the turn restrictions with times as a route leaving
/// then does (`RoutingEngine+TimedTurns`): the hierarchy knows none of them, so the pairs whose
/// best path may pass a timed rule's junction by its from-way are found (a path through the
/// junction costs no more than the pair's, by one small many-to-many search to and from those
/// arrivals) and take their route's time at the departure. The other cells stand as searched.
extension RoutingEngine {
    /// The edge directions by which a car arrives at a timed rule's junction (or its via ways)
    /// along its from-way (the only ways a rule can bind a path).
    func timedRuleArrivals(_ router: ModeRouter) -> [Int] {
        let rules = timedTurns.table
        var arrivals = Set<Int>()
        for i in 0..<rules.count {
            let via = rules.via[i]
            for e in adjacency.edges(of: via) where e < net.edgeCount && net.edgeWay[e] == rules.fromWay[i] {
                for k in [e * 2, e * 2 + 1] where net.head(ofDirection: k) == Int(via) && router.graph.edgeDirNode[k] >= 0 {
                    arrivals.insert(k)
                }
            }
        }
        // A via-way rule binds a path that arrives by its from-way at the via ways.
        for rule in timedTurns.viaWays where router.graph.edgeDirNode[rule.fromDir] >= 0 { arrivals.insert(rule.fromDir) }
        return arrivals.sorted()
    }

    /// Replaces the cells of `seconds` whose path may meet a timed rule with the time of the
    /// route from `sources[i]` to `targets[j]` leaving at `departure` (nil: it has none then).
    /// `weights[i * targets.count + j]` is each cell's searched weight.
    func keepTimedTurns(_ seconds: inout [[Double?]], weights: [UInt32], sources: [Coordinate], targets: [Coordinate],
                        from: [[SearchEndpoint]], to: [[SearchEndpoint]], search: ManyToManySearch, router: ModeRouter,
                        avoid: RoadAvoidance, departure: Date) {
        let arrivals = timedRuleArrivals(router)
        guard !arrivals.isEmpty else { return }
        // Standing at the end of the arriving edge direction: its graph node, at no cost.
        let at = arrivals.map { [SearchEndpoint(node: router.graph.edgeDirNode[$0], cost: 0, edgeDir: Int32($0))] }
        let into = search.cells(sources: from, targets: at), out = search.cells(sources: at, targets: to)
        for i in sources.indices {
            for j in targets.indices {
                let best = weights[i * targets.count + j]
                guard best != .max, arrivals.indices.contains(where: { g in
                    let a = into[i * arrivals.count + g].cost, b = out[g * targets.count + j].cost
                    return a != .max && b != .max && UInt64(a) + UInt64(b) <= UInt64(best)
                }) else { continue }
                let legs = try? timedRouteLegs(from: sources[i], to: targets[j], mode: .car, alternatives: false,
                                               quickestOnly: true, avoid: avoid, departure: departure).legs.first
                seconds[i][j] = legs.map { Double(RoutingEngine.ms($0)) / 1000 }
            }
        }
    }
}
