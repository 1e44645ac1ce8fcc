import Foundation

/// Serving one more stop on a full day by passing through late plans. On a day whose end (or
/// whose windows) leave no slack, a plan that serves one stop more is often far from every plan
/// the search has seen: no chain of feasible moves reaches it, since each would first have to
/// make room the day does not have. Here the stop goes in anyway, and ruin and recreate runs
/// on the stops now served with visits allowed to be late, each late second costing as much as
/// `lateWeight` seconds of travel (the time-warp penalty of Vidal et al.'s HGS), until a plan
/// with nothing late turns up: then it is a plan that serves one more.
extension HeuristicDayPlanner {
    /// Rounds given to each stop tried, per stop of the day (20,000 at 200 stops: about a second here).
    static var squeezeRounds: Int { 100 }
    /// Stops tried at most: on a full day the first few are the likeliest to go in.
    static var squeezeTries: Int { 3 }
    /// What a second late costs, in seconds of travel.
    static var lateWeight: Double { 1 }

    /// Tries to serve the stops `s` leaves out, one after the other (most important first, and
    /// within a class the one whose visit would be least late put in where it costs least), each
    /// for at most `squeezeRounds` rounds or until `stop` says so.
    mutating func squeezeIn(_ s: inout Solution, stop: () -> Bool) {
        // The time-warp sums take waiting as allowed; a day without windows or end has no squeeze.
        guard m.waits, m.hasWindows || m.latestEnd.isFinite else { return }
        var timing = TimeWarpRoute()
        timing.update(s.route, m)
        // A stop that could not be served even alone is not tried.
        let tries = s.unserved.filter { m.reason(for: $0) == .crowdedOut }.map { u in
            (u: u, late: timing.cheapestPlace(for: u, m, weight: Self.lateWeight).trip.timeWarp)
        }.sorted { (-m.penalty[$0.u], $0.late, $0.u) < (-m.penalty[$1.u], $1.late, $1.u) }
        for (u, _) in tries.prefix(Self.squeezeTries) {
            guard s.unserved.contains(u), !stop(), let found = squeeze(u, into: s, stop: stop), found.isBetter(than: s) else { continue }
            s = found
        }
    }

    /// A plan serving what `s` serves and `u`, if the late search finds one.
    private mutating func squeeze(_ u: Int, into s: Solution, stop: () -> Bool) -> Solution? {
        var timing = TimeWarpRoute()
        var route = s.route
        timing.update(route, m)
        insertLate(u, into: &route, timing: &timing, blinks: false)
        var current = (route: route, cost: timing.whole(m).cost(lateWeight: Self.lateWeight))
        let averageLeg = max(1, s.travel / Double(s.route.count + 1))
        let hot = 0.5 * averageLeg, cold = 0.01 * averageLeg
        let rounds = Self.squeezeRounds * m.customers.count
        for round in 0..<rounds {
            if stop() { return nil }
            let temperature = hot * pow(cold / hot, Double(round) / Double(rounds))
            let threshold = -temperature * log(max(Double.random(in: 0..<1, using: &rng), 1e-300))
            var (candidate, removed) = ruin(current.route)
            Self.orderForInsertion(&removed, m, rule: rng.next() % 8, absences: absences, using: &rng)
            timing.update(candidate, m)
            for v in removed { insertLate(v, into: &candidate, timing: &timing, blinks: true) }
            polishLate(&candidate, timing: &timing, focus: removed, weight: Self.lateWeight)
            let whole = timing.whole(m)
            if whole.timeWarp <= 0, m.feasibleTravel(candidate) != nil {
                var found = solution(candidate, unserved: s.unserved.filter { $0 != u })
                localSearch(&found)
                return found
            }
            let cost = whole.cost(lateWeight: Self.lateWeight)
            if cost < current.cost + threshold { current = (candidate, cost) }
        }
        return nil
    }

    /// Puts `v` where the trip costs least, late seconds counted, and brings `timing` (current
    /// for `route`) up to date. Blinks skip a few places at random, for variety.
    private mutating func insertLate(_ v: Int, into route: inout [Int], timing: inout TimeWarpRoute, blinks: Bool) {
        let p = timing.cheapestPlace(for: v, m, weight: Self.lateWeight) { blinks && rng.next() % 100 == 0 }.p
        route.insert(v, at: p)
        timing.inserted(at: p, route: route, m)
    }
}
