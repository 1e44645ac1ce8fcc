import Foundation

/// Local search for the late search (`DaySqueeze`): a visit moved up to `squeezeReach` places
/// forwards or backwards, or a stretch of up to that many visits driven in reverse, whichever
/// lowers travel plus weighted lateness most. Each move is judged in O(1): the stretch between
/// the old and the new place grows one visit at a time as the place moves out.
extension HeuristicDayPlanner {
    static var squeezeReach: Int { 10 }

    /// Improves `route` (`timing` current for it, and kept so) around the stops in `focus` until
    /// no move helps.
    mutating func polishLate(_ route: inout [Int], timing: inout TimeWarpRoute, focus: [Int], weight: Double) {
        var active = [Bool](repeating: false, count: m.size)
        for u in focus { active[u] = true }
        var moved = true
        while moved {
            moved = false
            let now = timing.whole(m)
            let cost = now.cost(lateWeight: weight)
            for i in route.indices where active[route[i]] {
                if let (region, better) = bestLateMove(route, i, timing: timing, weight: weight), better < cost - 1e-7 {
                    route.replaceSubrange(region.range, with: region.stops)
                    timing.update(route, m)
                    let lo = max(0, region.range.lowerBound - 1), hi = min(route.count - 1, region.range.upperBound)
                    for t in lo...hi { active[route[t]] = true }
                    moved = true
                    break
                }
                active[route[i]] = false
            }
        }
    }

    /// The best move of the visit at `i`: the positions it rewrites, their new stops, and the
    /// trip's cost after it.
    private func bestLateMove(_ route: [Int], _ i: Int, timing: TimeWarpRoute, weight: Double)
        -> (region: (range: Range<Int>, stops: [Int]), cost: Double)? {
        let n = route.count, u = route[i], reach = Self.squeezeReach
        let visit = TimeWarpSegment.visit(u, m)
        var best: (kind: Int, p: Int, cost: Double)?
        func consider(_ kind: Int, _ p: Int, _ trip: TimeWarpSegment) {
            let c = trip.cost(lateWeight: weight)
            if c < best?.cost ?? .infinity { best = (kind, p, c) }
        }
        // Later: the visits i+1...p, then u.
        if i + 1 < n {
            var between = TimeWarpSegment.visit(route[i + 1], m)
            for p in (i + 1)..<min(n, i + 1 + reach) {
                if p > i + 1 { between = between.then(.visit(route[p], m), m) }
                consider(0, p, timing.prefix[i].then(between, m).then(visit, m).then(timing.suffix[p + 1], m))
            }
        }
        // Earlier: u, then the visits p...i-1.
        if i > 0 {
            var between = TimeWarpSegment.visit(route[i - 1], m)
            for p in stride(from: i - 1, through: max(0, i - reach), by: -1) {
                if p < i - 1 { between = TimeWarpSegment.visit(route[p], m).then(between, m) }
                consider(1, p, timing.prefix[p].then(visit, m).then(between, m).then(timing.suffix[i + 1], m))
            }
        }
        // Reversed: the visits i...j driven backwards.
        var reversed = visit
        for j in (i + 1)..<min(n, i + 1 + reach) {
            reversed = TimeWarpSegment.visit(route[j], m).then(reversed, m)
            consider(2, j, timing.prefix[i].then(reversed, m).then(timing.suffix[j + 1], m))
        }
        guard let best else { return nil }
        switch best.kind {
        case 0: return ((i..<(best.p + 1), Array(route[(i + 1)...best.p]) + [u]), best.cost)
        case 1: return ((best.p..<(i + 1), [u] + Array(route[best.p..<i])), best.cost)
        default: return ((i..<(best.p + 1), Array(route[i...best.p].reversed())), best.cost)
        }
    }
}
