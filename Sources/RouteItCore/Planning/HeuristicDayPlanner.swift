import Foundation

/// Day planning beyond exact reach: cheapest insertion respecting windows, local search
/// (`DayLocalSearch`), then ruin and recreate (strings of nearby stops removed and greedily put
/// back, as in slack-induction string removals), and now and then a double bridge, under
/// simulated annealing (once serving more has stalled, among plans serving as many the one
/// leaving out stops that were left out less often wins); neighbours are polished by local
/// search around what changed; last,
/// ejections (`DayEjection`), then a search through late plans (`DaySqueeze`), try to serve the
/// stops still left out. Every route kept is feasible; stops that do not fit stay out and
/// count their drop penalty, which dominates travel. Deterministic for a seed when an iteration
/// limit, not the clock, ends the search.
struct HeuristicDayPlanner {
    struct Solution {
        var route: [Int]
        var unserved: [Int]
        var travel: Double
        var penalty: Double

        /// Fewer weighted drops, or as many with less travel; a route that breaks a window or
        /// the end of day (no travel: `feasibleTravel` nil) never wins, however many it serves.
        func isBetter(than other: Solution) -> Bool {
            if travel.isFinite != other.travel.isFinite { return travel.isFinite }
            return penalty != other.penalty ? penalty < other.penalty : travel < other.travel - 1e-9
        }
    }

    let m: DayPlanModel
    var rng: SeededRandom
    /// Per node (the start too): the nearest stops (both directions summed), for ruins and
    /// local search.
    let neighbours: [[Int]]
    var schedule = DaySchedule()
    /// Stops removed together on average, and the longest string.
    let averageRemoved: Int
    let maxString = 10
    /// How often each stop was left out of a recreated route: stops that rarely fit go in first
    /// half the time (as in SISR's absence-based sorting), so a full day makes room for them.
    var absences: [Int]
    /// Whether the last phase tries the stops still left out through late plans (`DaySqueeze`).
    var triesLate = true

    init(_ m: DayPlanModel, seed: UInt64) {
        self.m = m
        rng = SeededRandom(seed: seed)
        let cust = m.customers
        var lists = [[Int]](repeating: [], count: m.size)
        for u in [0] + cust {
            lists[u] = cust.filter { $0 != u }.sorted {
                (m.leg(u, $0) + m.leg($0, u), $0) < (m.leg(u, $1) + m.leg($1, u), $1)
            }
            if lists[u].count > 40 { lists[u].removeLast(lists[u].count - 40) }
        }
        neighbours = lists
        absences = Array(repeating: 0, count: m.size)
        // About a third of a few stops (up to all of them, a fresh start), ten of many.
        averageRemoved = max(3, min(10, (cust.count + 1) / 3))
    }

    // MARK: Search

    /// Searches until `deadline` (seconds of `ProcessInfo.systemUptime`) or `isCancelled`,
    /// annealing over the time from `started`; or, given `iterations`, over that many rounds
    /// (then the plan depends on the seed alone unless they take over half the time). Returns the
    /// best solution and whether it was cut short (cancelled, or out of time before the rounds).
    mutating func solve(iterations: Int?, started: Double, deadline: Double, isCancelled: () -> Bool) -> (Solution, Bool) {
        // The last phase's share of the time: the annealing stops before it.
        let searchDeadline = deadline - lastPhaseShare * max(0, deadline - started)
        var current = construct()
        localSearch(&current)
        var best = current
        guard !m.customers.isEmpty else { return (best, false) }
        let averageLeg = max(1, current.travel / Double(current.route.count + 1))
        // Down to a hundredth of an average leg (tuned on the Helsinki benchmark).
        let cold = 0.01 * averageLeg
        let rounds = iterations ?? Int.max
        var iteration = 0
        // The round in which the best plan last served more.
        var lastGain = 0
        while iteration < rounds {
            let now = ProcessInfo.processInfo.systemUptime
            if isCancelled() { return (best, true) }
            // With every stop served the last phase has nothing to do: the annealing takes it all.
            if now > (best.unserved.isEmpty ? deadline : searchDeadline) { return (finished(best, deadline: deadline, isCancelled), iterations != nil) }
            let timeShare = (now - started) / max(1e-9, searchDeadline - started)
            // Counted, the rounds set the cooling, unless they are slow: past half the time the
            // clock cools it too, so that the search is done by the deadline.
            let progress = iterations == nil ? timeShare : max(Double(iteration) / Double(rounds), 2 * timeShare - 1)
            let hot = Self.startingHeat(servesAll: best.unserved.isEmpty) * averageLeg
            let temperature = hot * pow(cold / hot, min(1, progress))
            iteration += 1
            let threshold = -temperature * log(max(Double.random(in: 0..<1, using: &rng), 1e-300))
            let stalled = iteration - lastGain > Self.stallRounds
            func accepts(_ candidate: Solution) -> Bool {
                // Without waiting, taking stops out can leave the rest of a route early for
                // its windows: such a neighbour serves more but is no plan (it once became one).
                guard candidate.travel.isFinite else { return false }
                if candidate.penalty != current.penalty { return candidate.penalty < current.penalty }
                // Stuck at as many stops served: leave out the stops that were left out less
                // often (they go back in easily), whatever the travel, so the room goes to the
                // hard ones (as in SISR's fleet minimisation).
                if stalled, candidate.unserved != current.unserved {
                    let left = absenceSum(candidate.unserved), before = absenceSum(current.unserved)
                    if left != before { return left < before }
                }
                return candidate.travel < current.travel + threshold
            }
            var candidate: Solution
            if rng.next() % 5 == 0 {
                // A double bridge now and then: big jumps that keep every stretch's direction
                // (right for one-way streets), polished before it is judged.
                guard let (bridged, touched) = doubleBridge(current) else { continue }
                candidate = bridged
                localSearch(&candidate, focus: touched)
                guard accepts(candidate) else { continue }
            } else {
                let (recreated, touched) = ruinAndRecreate(current)
                candidate = recreated
                guard accepts(candidate) else { continue }
                // Only accepted neighbours are polished: most are not, and recreating is cheap.
                localSearch(&candidate, focus: touched)
            }
            if candidate.penalty < best.penalty { lastGain = iteration }
            if candidate.isBetter(than: best) { best = candidate }
            current = candidate
        }
        return (finished(best, deadline: deadline, isCancelled), false)
    }

    /// The annealing's starting temperature, in average legs. A day that holds every stop anneals
    /// hot: opening hours wall good orders off from each other and only a hot search crosses
    /// (hours-200, seeds 1-16: 6165 s of travel on average from 12, 5946-6443; from 0.5, 6490 s,
    /// 6263-6744). A day too full for every stop anneals cool: there travel is the room for one
    /// stop more, and a hot search spends it (delivery-200 serves 196 less often from 12).
    static func startingHeat(servesAll: Bool) -> Double { servesAll ? 12 : 0.5 }

    /// Rounds without serving more after which the search prefers to leave out the stops left out
    /// least often. Soon (tuned on full days: delivery-200 and 60-stop days in 1-hour slots), but
    /// not from the start: while stops still go in round by round, travel alone should decide.
    static var stallRounds: Int { 100 }

    private func absenceSum(_ stops: [Int]) -> Int { stops.reduce(0) { $0 + absences[$1] } }

    /// Of the time budget, what the last phase may take when stops are left out: the late search
    /// serves more with it than further annealing does; ejections alone rarely need it all.
    var lastPhaseShare: Double { triesLate ? 0.5 : 0.05 }

    /// The last phase: ejections, then the late search, on the best plan, for the stops annealing could not fit in
    /// (run once, after the search: during it they cost more time than they won).
    private mutating func finished(_ best: Solution, deadline: Double, _ isCancelled: () -> Bool) -> Solution {
        var last = best
        let stop = { isCancelled() || ProcessInfo.processInfo.systemUptime > deadline }
        serveMore(&last, rounds: 16, stop: stop)
        if triesLate { squeezeIn(&last, stop: stop) }
        return last
    }

    // MARK: Construction

    /// Cheapest insertion, one priority class after the other (high first); without waiting
    /// (each check walks the rest of the route) stops go in one by one, tightest window first.
    mutating func construct() -> Solution {
        var route: [Int] = []
        var unserved: [Int] = []
        let classes = Dictionary(grouping: m.customers) { -m.penalty[$0] }.sorted { $0.key < $1.key }
        for (_, members) in classes {
            var pool = members.sorted { (closing($0), $0) < (closing($1), $1) }
            if !m.waits {
                for u in pool { if !insertBest(u, into: &route) { unserved.append(u) } }
                continue
            }
            while !pool.isEmpty {
                schedule.update(route, m)
                var choice: (index: Int, position: Int, delta: Double)?
                for (index, u) in pool.enumerated() {
                    if let (p, d) = bestInsertion(of: u, in: route, blinks: false), d < choice?.delta ?? .infinity {
                        choice = (index, p, d)
                    }
                }
                guard let choice else { unserved += pool; break }
                route.insert(pool.remove(at: choice.index), at: choice.position)
            }
        }
        return solution(route, unserved: unserved)
    }

    /// When a stop's last window closes (for ordering insertions tightest first).
    private func closing(_ u: Int) -> Double { m.startWindows[u]?.last?.hi ?? .infinity }

    func solution(_ route: [Int], unserved: [Int]) -> Solution {
        Solution(route: route, unserved: unserved, travel: m.feasibleTravel(route) ?? .infinity,
                 penalty: m.dropPenalty(of: unserved))
    }

    /// The travel `u` adds inserted before `route[p]` (at the end when `p` is its count); nil
    /// where a leg is missing.
    @inline(__always) func addedTravel(inserting u: Int, at p: Int, in route: [Int]) -> Double? {
        let from = p == 0 ? 0 : route[p - 1]
        let to = p == route.count ? DayPlanModel.end : route[p]
        let there = m.leg(from, u), on = m.arc(u, to)
        guard there < DayPlanModel.missing, on < DayPlanModel.missing else { return nil }
        return there + on - m.arc(from, to)
    }

    /// Whether `u` would start past its last window inserted at `p` (schedule current); then it
    /// would at every later place too, since visits end later and later along a route.
    @inline(__always) func isTooLate(_ u: Int, at p: Int) -> Bool {
        schedule.leaving(before: p, m) > m.startWindows[u]?.last?.hi ?? .infinity
    }

    /// The cheapest feasible place for `u` in `route` (whose schedule is current): the index
    /// to insert at and the added travel. Blinks skip a few places at random, for variety.
    mutating func bestInsertion(of u: Int, in route: [Int], blinks: Bool) -> (Int, Double)? {
        var best: (Int, Double)?
        for p in 0...route.count {
            if isTooLate(u, at: p) { break }
            guard let delta = addedTravel(inserting: u, at: p, in: route), delta < best?.1 ?? .infinity else { continue }
            if blinks, rng.next() % 100 == 0 { continue }
            guard schedule.fits(inserting: u, at: p, route: route, m) else { continue }
            best = (p, delta)
        }
        return best
    }

    /// Inserts each of `pending` in turn at its cheapest feasible place (the times kept up to date
    /// stop by stop, not made anew); returns those that fit nowhere.
    mutating func insertEach(_ pending: [Int], into route: inout [Int], blinks: Bool = false) -> [Int] {
        schedule.update(route, m, prefixSums: false)
        var left: [Int] = []
        for u in pending {
            guard let (p, _) = bestInsertion(of: u, in: route, blinks: blinks) else { left.append(u); continue }
            route.insert(u, at: p)
            schedule.inserted(at: p, route: route, m)
        }
        return left
    }

    /// Inserts `u` at its cheapest feasible place; false if there is none.
    mutating func insertBest(_ u: Int, into route: inout [Int], blinks: Bool = false) -> Bool {
        schedule.update(route, m)
        guard let (p, _) = bestInsertion(of: u, in: route, blinks: blinks) else { return false }
        route.insert(u, at: p)
        return true
    }

    // MARK: Perturbations

    /// A B C D → A C B D for random stretches B, C (A may be empty), if that stays feasible;
    /// and the stops at the four new arcs.
    mutating func doubleBridge(_ s: Solution) -> (Solution, [Int])? {
        let n = s.route.count
        guard n >= 3 else { return nil }
        var cuts: Set<Int> = []
        while cuts.count < 2 { cuts.insert(1 + Int(rng.next() % UInt64(n - 1))) }
        let sorted = cuts.sorted()
        let p2 = sorted[0], p3 = sorted[1]
        let p1 = Int(rng.next() % UInt64(p2))
        let r = s.route
        let route = Array(r[..<p1]) + Array(r[p2..<p3]) + Array(r[p1..<p2]) + Array(r[p3...])
        guard m.feasibleTravel(route) != nil else { return nil }
        let touched = [p1 - 1, p1, p2 - 1, p2, p3 - 1, p3].filter { $0 >= 0 && $0 < n }.map { r[$0] }
        return (solution(route, unserved: s.unserved), touched)
    }

    // MARK: Ruin and recreate

    /// `pending` in the order to put back: priority first; within a class by `rule` (from home
    /// out, from the farthest in, tightest window first, at random, or, from 4 on, the stops
    /// left out most often first, by `absences`), shuffled before so that ties fall at random.
    static func orderForInsertion(_ pending: inout [Int], _ m: DayPlanModel, rule: UInt64, absences: [Int],
                                  using rng: inout SeededRandom) {
        let key: (Int) -> Double = { u in
            switch rule {
            case 0: return m.leg(0, u)
            case 1: return -m.leg(0, u)
            case 2: return m.startWindows[u]?.last?.hi ?? .infinity
            case 3: return 0
            default: return -Double(absences[u])
            }
        }
        pending.shuffle(using: &rng)
        pending.sort { (-m.penalty[$0], key($0)) < (-m.penalty[$1], key($1)) }
    }

    /// A neighbour of `s`, and the stops whose surroundings changed (for local search).
    mutating func ruinAndRecreate(_ s: Solution) -> (Solution, [Int]) {
        var (route, removed) = ruin(s.route)
        var pending = removed + s.unserved
        // Priority first; within a class an order chosen at random among a few rules.
        let rule = rng.next() % 8
        Self.orderForInsertion(&pending, m, rule: rule, absences: absences, using: &rng)
        let unserved = insertEach(pending, into: &route, blinks: true)
        for u in unserved { absences[u] += 1 }
        var touched: [Int] = []
        var inserted = [Bool](repeating: false, count: m.size)
        for u in pending { inserted[u] = true }
        for (t, u) in route.enumerated() where inserted[u] || (t > 0 && inserted[route[t - 1]]) || (t + 1 < route.count && inserted[route[t + 1]]) {
            touched.append(u)
        }
        return (solution(route, unserved: unserved), touched)
    }

    /// `route` with a few strings of nearby stops taken out (slack-induction string removals),
    /// and the stops taken out.
    mutating func ruin(_ route: [Int]) -> (kept: [Int], removed: [Int]) {
        var route = route
        var removed: [Int] = []
        if !route.isEmpty {
            var position = [Int](repeating: -1, count: m.size)
            for (t, u) in route.enumerated() { position[u] = t }
            var gone = [Bool](repeating: false, count: route.count)
            let target = min(route.count, 1 + Int(rng.next() % UInt64(2 * averageRemoved)))
            let seed = route[Int(rng.next() % UInt64(route.count))]
            var goneCount = 0
            for v in [seed] + neighbours[seed] where goneCount < target {
                let t = position[v]
                guard t >= 0, !gone[t] else { continue }
                let length = 1 + Int(rng.next() % UInt64(min(maxString, target - goneCount)))
                let first = max(0, min(route.count - length, t - Int(rng.next() % UInt64(length))))
                for q in first..<(first + length) where !gone[q] {
                    gone[q] = true
                    goneCount += 1
                    removed.append(route[q])
                }
            }
            route = route.indices.filter { !gone[$0] }.map { route[$0] }
        }
        return (route, removed)
    }
}
