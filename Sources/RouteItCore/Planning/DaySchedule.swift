import Foundation

/// Timing facts about one feasible route that make a move's check cheap: when each visit ends,
/// the latest arrival at each position that keeps the rest of the route feasible (with
/// waiting: arriving earlier never hurts, so feasibility of the rest is one threshold), and
/// prefix sums of the legs forwards and backwards (a reversed stretch of an asymmetric matrix
/// costs its backward legs).
struct DaySchedule {
    private(set) var finish: [Double] = []
    private(set) var latest: [Double] = []
    /// forward[t]: legs route[0]→route[1]→…→route[t]; backward[t]: the same legs driven back.
    private(set) var forward: [Double] = []
    private(set) var backward: [Double] = []

    /// Everything anew for `route`; without `prefixSums` only the times (all an insertion check reads).
    mutating func update(_ route: [Int], _ m: DayPlanModel, prefixSums: Bool = true) {
        let count = route.count
        finish.removeAll(keepingCapacity: true)
        var clock = m.departure, here = 0
        for next in route {
            let arrival = clock + m.leg(here, next)
            clock = (m.serviceStart(next, arrival: arrival) ?? arrival) + m.stays[next]
            finish.append(clock)
            here = next
        }
        forward.removeAll(keepingCapacity: true)
        backward.removeAll(keepingCapacity: true)
        if prefixSums {
            var f = 0.0, b = 0.0
            for t in 0..<count {
                if t > 0 { f += m.leg(route[t - 1], route[t]); b += m.leg(route[t], route[t - 1]) }
                forward.append(f)
                backward.append(b)
            }
        }
        guard m.waits else { return }
        latest.removeAll(keepingCapacity: true)
        latest.append(contentsOf: repeatElement(0, count: count))
        var t = count - 1
        while t >= 0 {
            let node = route[t]
            let leave = t == count - 1 ? m.latestEnd - m.endCost[node] : latest[t + 1] - m.leg(node, route[t + 1])
            latest[t] = m.latestArrival(node, latestStart: leave - m.stays[node])
            t -= 1
        }
    }

    /// The times again after one stop went in at position `p` of `route` (which now holds it),
    /// recomputed only where they change: finish times from `p` on until one comes out as before,
    /// latest arrivals from `p` back until one does. Filling a route stop by stop this way costs
    /// a few positions per stop instead of the whole route. The prefix sums are dropped (only
    /// `update` makes them).
    mutating func inserted(at p: Int, route: [Int], _ m: DayPlanModel) {
        let count = route.count
        forward.removeAll(keepingCapacity: true)
        backward.removeAll(keepingCapacity: true)
        finish.insert(0, at: p)
        var clock = leaving(before: p, m), here = p == 0 ? 0 : route[p - 1]
        for t in p..<count {
            let next = route[t]
            let arrival = clock + m.leg(here, next)
            clock = (m.serviceStart(next, arrival: arrival) ?? arrival) + m.stays[next]
            // Past the new stop, the first visit that ends as it did leaves the rest as it was.
            if t > p && clock == finish[t] { break }
            finish[t] = clock
            here = next
        }
        guard m.waits else { return }
        latest.insert(0, at: p)
        var t = p
        while t >= 0 {
            let node = route[t]
            let leave = t == count - 1 ? m.latestEnd - m.endCost[node] : latest[t + 1] - m.leg(node, route[t + 1])
            let value = m.latestArrival(node, latestStart: leave - m.stays[node])
            // Before the new stop, the first latest arrival that stays as it was leaves the earlier ones.
            if t < p && value == latest[t] { break }
            latest[t] = value
            t -= 1
        }
    }

    /// When the trip leaves position `t - 1` (the start for t = 0).
    @inline(__always) func leaving(before t: Int, _ m: DayPlanModel) -> Double { t == 0 ? m.departure : finish[t - 1] }

    /// Whether visiting `nodes` after `previous` (left at `time`), then the route from position
    /// `resume` on, keeps every window and the end of day.
    func fits(_ nodes: ArraySlice<Int>, after previous: Int, leaving time: Double, resume: Int,
              route: [Int], _ m: DayPlanModel) -> Bool {
        var clock = time, here = previous
        for next in nodes {
            let l = m.leg(here, next)
            guard l < DayPlanModel.missing, let s = m.serviceStart(next, arrival: clock + l) else { return false }
            clock = s + m.stays[next]
            here = next
        }
        if resume >= route.count {
            let l = m.endCost[here]
            return l < DayPlanModel.missing && clock + l <= m.latestEnd
        }
        let l = m.leg(here, route[resume])
        guard l < DayPlanModel.missing else { return false }
        if m.waits { return clock + l <= latest[resume] }
        return fits(route[resume...], after: here, leaving: clock, resume: route.count, route: route, m)
    }

    /// Whether visiting `u` just before position `p` (at the end for p = route.count) fits.
    @inline(__always) func fits(inserting u: Int, at p: Int, route: [Int], _ m: DayPlanModel) -> Bool {
        let l = m.leg(p == 0 ? 0 : route[p - 1], u)
        guard l < DayPlanModel.missing, let s = m.serviceStart(u, arrival: leaving(before: p, m) + l) else { return false }
        let clock = s + m.stays[u]
        if p >= route.count {
            let e = m.endCost[u]
            return e < DayPlanModel.missing && clock + e <= m.latestEnd
        }
        let next = m.leg(u, route[p])
        guard next < DayPlanModel.missing else { return false }
        if m.waits { return clock + next <= latest[p] }
        return fits(route[p...], after: u, leaving: clock, resume: route.count, route: route, m)
    }
}
