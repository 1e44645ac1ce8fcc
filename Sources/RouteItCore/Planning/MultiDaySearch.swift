import Foundation

/// `days N` searched as one plan whose days are its routes, as a VRP solver treats vehicles:
/// ruin and recreate under simulated annealing, like the one-day search (`HeuristicDayPlanner`),
/// but a string of nearby stops leaves whichever days hold it and each stop goes back in where it
/// adds least travel on any day it fits (its hours that day, that day's end); the days that
/// changed are polished by the one-day local search. Planning day after day and then moving one
/// stop at a time (`CrossDayMoves`) leaves days that share out a part of town badly: 9-30 % more
/// travel than VROOM with a vehicle a day on random 20-stop trips. Deterministic for a seed when
/// the rounds, not the clock, end it.
struct MultiDaySearch {
    struct Plan {
        var days: [[Int]]
        var unserved: [Int]
        var travel: [Double]
        var penalty: Double

        var total: Double { travel.reduce(0, +) }

        /// Fewer weighted drops, or as many with less travel (as `HeuristicDayPlanner.Solution`).
        func isBetter(than other: Plan) -> Bool {
            penalty != other.penalty ? penalty < other.penalty : total < other.total - 1e-9
        }
    }

    /// One planner a day, each over every place of the trip with that day's hours (a stop has the
    /// same index on every day); they insert and polish, this search chooses between days.
    private var planners: [HeuristicDayPlanner]
    private var rng: SeededRandom
    private let neighbours: [[Int]]
    private let averageRemoved: Int
    private let maxString = 10

    init(models: [DayPlanModel], seed: UInt64) {
        planners = models.indices.map { HeuristicDayPlanner(models[$0], seed: ParallelDaySearch.seed($0 + 1, from: seed)) }
        rng = SeededRandom(seed: seed)
        neighbours = planners[0].neighbours
        let stops = models[0].customers.count
        averageRemoved = max(3, min(10, (stops + 1) / 3))
    }

    /// The best plan found from `days` (each feasible on its own day) and `unserved`, over
    /// `rounds` rounds or until `deadline` (seconds of `ProcessInfo.systemUptime`) or
    /// `isCancelled`. A day that visits a stop keeps at least one: its route is shown on its date.
    mutating func improve(_ days: [[Int]], unserved: [Int], rounds: Int?, deadline: Double,
                          isCancelled: () -> Bool) -> Plan {
        let started = ProcessInfo.processInfo.systemUptime
        var current = plan(days, unserved: unserved)
        var best = current
        guard current.total.isFinite, current.days.contains(where: { !$0.isEmpty }) else { return best }
        let mustKeep = days.map { !$0.isEmpty }
        let served = current.days.reduce(0) { $0 + $1.count }
        let averageLeg = max(1, current.total / Double(served + current.days.count))
        // The one-day search's cooling (tuned on the Helsinki benchmark).
        let hot = 0.5 * averageLeg, cold = 0.01 * averageLeg
        for round in 0..<(rounds ?? .max) {
            let now = ProcessInfo.processInfo.systemUptime
            if isCancelled() || now > deadline { break }
            // Cooled over the rounds, or over the time when only the clock ends the search.
            let progress = rounds.map { Double(round) / Double(max(1, $0)) } ?? (now - started) / max(1e-9, deadline - started)
            let temperature = hot * pow(cold / hot, progress)
            let threshold = -temperature * log(max(Double.random(in: 0..<1, using: &rng), 1e-300))
            var (candidate, touched) = ruinAndRecreate(current)
            guard zip(candidate.days, mustKeep).allSatisfy({ !$0.isEmpty || !$1 }),
                  accepts(candidate, over: current, threshold: threshold) else { continue }
            polish(&candidate, touched: touched)
            if candidate.isBetter(than: best) { best = candidate }
            current = candidate
        }
        return best
    }

    /// Serving more wins; else less travel, within the annealing's threshold.
    private func accepts(_ candidate: Plan, over current: Plan, threshold: Double) -> Bool {
        guard candidate.total.isFinite else { return false }
        if candidate.penalty != current.penalty { return candidate.penalty < current.penalty }
        return candidate.total < current.total + threshold
    }

    /// `days` with each day's travel; `known` keeps the travel of the days it does not mark as
    /// changed (a round changes a few days; the rest are as they were).
    private func plan(_ days: [[Int]], unserved: [Int], known: (travel: [Double], changed: [Bool])? = nil) -> Plan {
        Plan(days: days, unserved: unserved,
             travel: days.indices.map { d in
                 if let known, !known.changed[d] { return known.travel[d] }
                 return planners[d].m.feasibleTravel(days[d]) ?? .infinity
             },
             penalty: planners[0].m.dropPenalty(of: unserved))
    }

    /// A neighbour of `s`: a few strings of stops near a random one taken out of their days, then
    /// those and the stops left out put back one by one at the cheapest place of any day. Returns
    /// the stops whose surroundings changed, per day.
    private mutating func ruinAndRecreate(_ s: Plan) -> (Plan, [[Int]]) {
        var days = s.days
        let size = planners[0].m.size
        var place = [(day: Int, index: Int)?](repeating: nil, count: size)
        for (d, route) in days.enumerated() { for (t, u) in route.enumerated() { place[u] = (d, t) } }
        let served = days.flatMap { $0 }
        var removed: [Int] = []
        var touched = days.map { _ in [Int]() }
        var changed = days.map { _ in false }
        if !served.isEmpty {
            var gone = days.map { [Bool](repeating: false, count: $0.count) }
            let target = min(served.count, 1 + Int(rng.next() % UInt64(2 * averageRemoved)))
            let seed = served[Int(rng.next() % UInt64(served.count))]
            for v in [seed] + neighbours[seed] where removed.count < target {
                guard let (d, t) = place[v], !gone[d][t] else { continue }
                let count = days[d].count
                let length = 1 + Int(rng.next() % UInt64(min(maxString, target - removed.count)))
                let first = max(0, min(count - length, t - Int(rng.next() % UInt64(length))))
                for q in first..<min(count, first + length) where !gone[d][q] {
                    gone[d][q] = true
                    changed[d] = true
                    removed.append(days[d][q])
                }
            }
            for d in days.indices {
                // The stops on either side of a gap now meet: local search looks there too.
                for t in days[d].indices where gone[d][t] {
                    for q in [t - 1, t + 1] where days[d].indices.contains(q) && !gone[d][q] { touched[d].append(days[d][q]) }
                }
                days[d] = days[d].indices.filter { !gone[d][$0] }.map { days[d][$0] }
            }
        }
        var pending = removed + s.unserved
        // As the one-day search orders them, but never by absences (they made days worse here).
        HeuristicDayPlanner.orderForInsertion(&pending, planners[0].m, rule: rng.next() % 4, absences: [], using: &rng)
        for d in days.indices { planners[d].schedule.update(days[d], planners[d].m, prefixSums: false) }
        var unserved: [Int] = []
        for u in pending {
            var choice: (day: Int, position: Int, added: Double)?
            for d in days.indices {
                guard let (p, added) = planners[d].bestInsertion(of: u, in: days[d], blinks: true),
                      added < choice?.added ?? .infinity else { continue }
                choice = (d, p, added)
            }
            guard let (d, p, _) = choice else { unserved.append(u); continue }
            days[d].insert(u, at: p)
            changed[d] = true
            planners[d].schedule.inserted(at: p, route: days[d], planners[d].m)
            touched[d] += [u] + [p - 1, p + 1].filter { days[d].indices.contains($0) }.map { days[d][$0] }
        }
        return (plan(days, unserved: unserved, known: (s.travel, changed)), touched)
    }

    /// The one-day local search on each day that changed (its own stops only).
    private mutating func polish(_ s: inout Plan, touched: [[Int]]) {
        for d in s.days.indices where !touched[d].isEmpty {
            var day = planners[d].solution(s.days[d], unserved: [])
            planners[d].localSearch(&day, focus: touched[d])
            guard day.travel <= s.travel[d] else { continue }
            s.days[d] = day.route
            s.travel[d] = day.travel
        }
    }
}

extension MultiDaySearch {
    /// Rounds by default: 300 a stop up to 12,000 (never fewer than one day's search). Moves
    /// between days need more rounds than one day (30 a stop planned 20-stop trips over two or
    /// three days 2-10 % worse than 300 against VROOM); 12,000 take 0.3 s for 40 stops over
    /// three days here, 1.5 s for 200 over two, under the time cap, so the plan is the seed's.
    static func defaultRounds(stops: Int) -> Int {
        max(DayPlanner.defaultRounds(stops: stops), min(300 * stops, 12_000))
    }

    /// `days`, then `unserved`, searched together by two searches side by side
    /// (`ParallelDaySearch.bestOf`), for the rounds or time `options` say.
    static func improve(_ days: [[Int]], unserved: [Int], models: [DayPlanModel], options: DayPlanOptions,
                        isCancelled: () -> Bool) -> Plan {
        let stops = models[0].customers.count
        let rounds = options.iterations ?? (options.timeBudget == nil ? defaultRounds(stops: stops) : nil)
        let deadline = ProcessInfo.processInfo.systemUptime + (options.timeBudget ?? DayPlanner.defaultCap(stops: stops))
        return ParallelDaySearch.bestOf(seed: options.seed, isCancelled: isCancelled, isBetter: { $0.isBetter(than: $1) }) { seed, stop in
            var search = MultiDaySearch(models: models, seed: seed)
            return search.improve(days, unserved: unserved, rounds: rounds, deadline: deadline, isCancelled: stop)
        }.0
    }
}
