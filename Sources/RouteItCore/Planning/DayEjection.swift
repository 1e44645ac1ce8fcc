import Foundation

/// Serving more stops when the day is full. Ruin and recreate never accepts a plan that serves
/// less, so a stop that fits only once another has moved can stay out for good: here an
/// unserved stop goes in at the cost of one or two served stops around the places it could go
/// (ejection); then the ejected stops and every other unserved stop try to go back in, by
/// regret. The result is kept only when it is better (fewer weighted drops, or as many with
/// less travel), so the search may trade a stop for a more important one, or for two.
extension HeuristicDayPlanner {
    /// Served stops tried as the one to eject for an unserved stop.
    static var ejectionCandidates: Int { 12 }
    /// The first of those tried two at a time.
    static var pairCandidates: Int { 8 }
    /// Places (cheapest by distance and time) around which the ejected stops are looked for.
    static var ejectionPlaces: Int { 4 }

    /// Improves `s` by ejections until none helps, `rounds` are done or `stop` says so (asked
    /// before each trial); whether it changed.
    @discardableResult
    mutating func serveMore(_ s: inout Solution, rounds: Int = 8, stop: () -> Bool = { false }) -> Bool {
        var improved = false
        for _ in 0..<rounds {
            guard !s.unserved.isEmpty else { break }
            var better: Solution?
            for u in s.unserved.sorted(by: { (-m.penalty[$0], $0) < (-m.penalty[$1], $1) }) {
                if let found = ejecting(for: u, from: s, stop: stop) { better = found; break }
            }
            guard let better else { break }
            s = better
            improved = true
        }
        return improved
    }

    /// The best plan that serves `u` by ejecting one or two served stops, if it beats `s`.
    private mutating func ejecting(for u: Int, from s: Solution, stop: () -> Bool) -> Solution? {
        schedule.update(s.route, m)
        let candidates = ejectionCandidates(for: u, in: s.route)
        var position = [Int](repeating: -1, count: m.size)
        for (t, v) in s.route.enumerated() { position[v] = t }
        var best: Solution?
        var removal: [[Int]] = candidates.map { [$0] }
        let few = candidates.prefix(Self.pairCandidates)
        for (i, a) in few.enumerated() { for b in few.dropFirst(i + 1) { removal.append([a, b]) } }
        for removed in removal {
            if stop() { break }
            var route = s.route.filter { !removed.contains($0) }
            schedule.update(route, m)
            guard let (p, _) = bestInsertion(of: u, in: route, blinks: false) else { continue }
            route.insert(u, at: p)
            let unserved = regretInsertion(removed + s.unserved.filter { $0 != u }, into: &route)
            var candidate = solution(route, unserved: unserved)
            // Worse in what it serves: no polishing can make up for it (polishing moves no stop out).
            guard candidate.penalty <= (best ?? s).penalty else { continue }
            // Polished where it changed: around u, the ejected stops' old places and new ones.
            let around = removed.flatMap { v in [position[v] - 1, position[v] + 1] }
                .filter { $0 >= 0 && $0 < s.route.count }.map { s.route[$0] }
            localSearch(&candidate, focus: [u] + removed + around)
            if candidate.isBetter(than: best ?? s) { best = candidate }
        }
        return best
    }

    /// Served stops whose removal may make room for `u`: those around its cheapest places that
    /// its windows allow (a little late is fine: ejecting earlier stops makes it earlier), then
    /// its nearest served stops.
    private func ejectionCandidates(for u: Int, in route: [Int]) -> [Int] {
        let lateness = 2 * (m.stays[u] + 600)
        var places: [(cost: Double, p: Int)] = []
        for p in 0...route.count {
            let from = p == 0 ? 0 : route[p - 1]
            let to = p == route.count ? DayPlanModel.end : route[p]
            let there = m.leg(from, u), on = m.arc(u, to)
            guard there < DayPlanModel.missing, on < DayPlanModel.missing else { continue }
            let arrival = schedule.leaving(before: p, m) + there
            var waiting = 0.0
            if let spans = m.startWindows[u] {
                guard let span = spans.first(where: { arrival <= $0.hi + lateness }) else { continue }
                waiting = max(0, span.lo - arrival)
            }
            places.append((there + on - m.arc(from, to) + waiting, p))
        }
        places.sort { ($0.cost, $0.p) < ($1.cost, $1.p) }
        var chosen: [Int] = []
        var seen = Set<Int>()
        func add(_ t: Int) {
            guard t >= 0, t < route.count, chosen.count < Self.ejectionCandidates, seen.insert(route[t]).inserted else { return }
            chosen.append(route[t])
        }
        for place in places.prefix(Self.ejectionPlaces) { for t in [place.p - 1, place.p, place.p - 2, place.p + 1] { add(t) } }
        var position = [Int](repeating: -1, count: m.size)
        for (t, v) in route.enumerated() { position[v] = t }
        for v in neighbours[u] where position[v] >= 0 { add(position[v]) }
        return chosen
    }

    /// Inserts `pending` into `route` (whose stops are feasible), the most important class
    /// first and within a class the stop with the largest regret (what it loses if its best
    /// place goes: the second-best place's cost, or everything when it has one place only);
    /// returns the stops that fit nowhere.
    mutating func regretInsertion(_ pending: [Int], into route: inout [Int]) -> [Int] {
        var pool = pending.sorted { (-m.penalty[$0], $0) < (-m.penalty[$1], $1) }
        var unserved: [Int] = []
        schedule.update(route, m, prefixSums: false)
        while !pool.isEmpty {
            let top = m.penalty[pool[0]]
            var choice: (index: Int, position: Int, regret: Double, cost: Double)?
            var none: [Int] = []
            for (index, u) in pool.enumerated() where m.penalty[u] == top {
                guard let (first, second) = twoBestInsertions(of: u, in: route) else { none.append(index); continue }
                let regret = (second?.1 ?? DayPlanModel.missing) - first.1
                if choice == nil || regret > choice!.regret || (regret == choice!.regret && first.1 < choice!.cost) {
                    choice = (index, first.0, regret, first.1)
                }
            }
            guard let choice else {
                for index in none.reversed() { unserved.append(pool.remove(at: index)) }
                continue
            }
            route.insert(pool[choice.index], at: choice.position)
            schedule.inserted(at: choice.position, route: route, m)
            pool.remove(at: choice.index)
        }
        return unserved
    }

    /// The cheapest and second-cheapest feasible places for `u` (schedule current), by added travel.
    private func twoBestInsertions(of u: Int, in route: [Int]) -> ((Int, Double), (Int, Double)?)? {
        var first: (Int, Double)?, second: (Int, Double)?
        for p in 0...route.count {
            if isTooLate(u, at: p) { break }
            guard let delta = addedTravel(inserting: u, at: p, in: route), delta < second?.1 ?? .infinity, schedule.fits(inserting: u, at: p, route: route, m) else { continue }
            if delta < first?.1 ?? .infinity {
                second = first
                first = (p, delta)
            } else {
                second = (p, delta)
            }
        }
        return first.map { ($0, second) }
    }
}
