import Foundation

/// A stretch of a route summed up so that stretches join in O(1) (Vidal et al. 2013, "A hybrid
/// genetic algorithm with adaptive diversity management", time-warp concatenation): a visit
/// that would start after its window is let start at the window's end, and the time it went back
/// ("time warp") is counted. A search that may pass through such routes, paying for their time
/// warp, reaches plans that no chain of feasible moves leads to on a full day.
struct TimeWarpSegment {
    /// First and last node (`DayPlanModel.end` for the end of the trip).
    var first: Int
    var last: Int
    /// From the start of the first visit to the end of the last: legs, stays and waiting.
    var duration: Double
    var timeWarp: Double
    /// The span of starts of the first visit that add no waiting (earliest) and no time warp (latest).
    var earliest: Double
    var latest: Double
    var travel: Double

    /// The start of the trip, leaving at its departure.
    static func start(_ m: DayPlanModel) -> Self {
        Self(first: 0, last: 0, duration: 0, timeWarp: 0, earliest: m.departure, latest: m.departure, travel: 0)
    }

    /// The end of the trip, reached by the end of day.
    static func end(_ m: DayPlanModel) -> Self {
        Self(first: DayPlanModel.end, last: DayPlanModel.end, duration: 0, timeWarp: 0,
             earliest: -.infinity, latest: m.latestEnd, travel: 0)
    }

    /// One visit. Several windows are read as their hull (from the first opening to the last
    /// closing), so a route this calls on time may still meet a closed hour: plans are checked
    /// exactly (`DayPlanModel.feasibleTravel`) before they are kept.
    static func visit(_ u: Int, _ m: DayPlanModel) -> Self {
        let spans = m.startWindows[u]
        return Self(first: u, last: u, duration: m.stays[u], timeWarp: 0,
                    earliest: spans?.first?.lo ?? -.infinity, latest: spans?.last?.hi ?? .infinity, travel: 0)
    }

    /// What a search pays for the stretch: its travel and `lateWeight` seconds per second late.
    @inline(__always) func cost(lateWeight: Double) -> Double { travel + lateWeight * timeWarp }

    /// This stretch, then the leg to `next`, then `next`.
    @inline(__always) func then(_ next: Self, _ m: DayPlanModel) -> Self {
        let leg = m.arc(last, next.first)
        let reach = duration - timeWarp + leg
        let waiting = max(next.earliest - reach - latest, 0)
        let warp = max(earliest + reach - next.latest, 0)
        return Self(first: first, last: next.last, duration: duration + next.duration + leg + waiting,
                    timeWarp: timeWarp + next.timeWarp + warp,
                    earliest: max(next.earliest - reach, earliest) - waiting,
                    latest: min(next.latest - reach, latest) + warp, travel: travel + next.travel + leg)
    }
}

/// A whole route from the start to the end of the trip as time-warp segments: `prefix[t]` is the
/// start and the first `t` visits, `suffix[t]` the visits from position `t` on and the end, so
/// that a stop put in or taken out is judged in O(1).
struct TimeWarpRoute {
    private(set) var prefix: [TimeWarpSegment] = []
    private(set) var suffix: [TimeWarpSegment] = []

    mutating func update(_ route: [Int], _ m: DayPlanModel) {
        prefix.removeAll(keepingCapacity: true)
        suffix.removeAll(keepingCapacity: true)
        var segment = TimeWarpSegment.start(m)
        prefix.append(segment)
        for u in route {
            segment = segment.then(.visit(u, m), m)
            prefix.append(segment)
        }
        suffix.append(contentsOf: repeatElement(TimeWarpSegment.end(m), count: route.count + 1))
        for t in route.indices.reversed() { suffix[t] = TimeWarpSegment.visit(route[t], m).then(suffix[t + 1], m) }
    }

    /// The whole trip.
    func whole(_ m: DayPlanModel) -> TimeWarpSegment { prefix[prefix.count - 1].then(suffix[suffix.count - 1], m) }

    /// The times again after a visit went in at position `p` of `route` (which now holds it):
    /// the prefixes from it on, the suffixes up to it.
    mutating func inserted(at p: Int, route: [Int], _ m: DayPlanModel) {
        prefix.insert(prefix[p], at: p + 1)
        for t in (p + 1)...route.count { prefix[t] = prefix[t - 1].then(.visit(route[t - 1], m), m) }
        suffix.insert(suffix[p], at: p)
        for t in stride(from: p, through: 0, by: -1) { suffix[t] = TimeWarpSegment.visit(route[t], m).then(suffix[t + 1], m) }
    }

    /// Where visiting `u` costs the trip least (travel and `weight` per late second), and the
    /// trip then. Places `skips` says yes to are passed over. A place is judged whole only when
    /// its travel and the lateness already before and after it could still beat the best.
    func cheapestPlace(for u: Int, _ m: DayPlanModel, weight: Double, skips: () -> Bool = { false })
        -> (p: Int, trip: TimeWarpSegment) {
        let count = prefix.count - 1
        let base = prefix[count].then(suffix[count], m).travel
        var best: (p: Int, trip: TimeWarpSegment, cost: Double)?
        for p in 0...count {
            let from = prefix[p].last, to = suffix[p].first
            let bound = base + m.arc(from, u) + m.arc(u, to) - m.arc(from, to)
                + weight * (prefix[p].timeWarp + suffix[p].timeWarp)
            guard bound < best?.cost ?? .infinity, !skips() else { continue }
            let trip = inserting(u, at: p, m)
            let cost = trip.cost(lateWeight: weight)
            if cost < best?.cost ?? .infinity { best = (p, trip, cost) }
        }
        return best.map { ($0.p, $0.trip) } ?? (count, inserting(u, at: count, m))
    }

    /// The trip with `u` visited just before position `p`.
    @inline(__always) func inserting(_ u: Int, at p: Int, _ m: DayPlanModel) -> TimeWarpSegment {
        prefix[p].then(.visit(u, m), m).then(suffix[p], m)
    }
}
