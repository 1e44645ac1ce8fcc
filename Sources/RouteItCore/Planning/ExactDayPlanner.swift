import Foundation

/// Exact day planning for a dozen stops: Held–Karp over subsets of stops, where each
/// (subset, last stop) keeps the Pareto set of (end of its stay, travel) labels, because with
/// windows an earlier but longer path can be the only one that makes a later window. Every
/// subset's best feasible path is known at the end, so the answer serves the most important
/// stops (the model's lexicographic drop penalty) with the least travel among them.
enum ExactDayPlanner {
    private struct Label {
        var finish: Double
        var travel: Double
        var node: Int32
        var parent: Int32
    }

    /// Labels kept at most: without waiting, a path arriving earlier is not better (it may find
    /// a stop still closed), so labels only dominate at equal times and can number every path.
    /// Past this the problem is not cheap to solve exactly and the caller plans heuristically.
    static let labelLimit = 400_000

    /// The optimal route (served stops in order), or nil if `isCancelled` said stop or the
    /// labels outgrew `labelLimit`.
    static func solve(_ m: DayPlanModel, isCancelled: () -> Bool) -> [Int]? {
        let cust = m.customers
        let c = cust.count
        precondition(c <= 20, "exact planning is for a few stops")
        let count = 1 << c
        // With waiting (or no windows at all) arriving earlier never hurts, so a label dominates
        // another that is no earlier and no shorter; without waiting only equal times compare.
        let earlierIsBetter = m.waits || !m.hasWindows
        let eps = 1e-9
        var pool: [Label] = []
        var states = [[Int32]](repeating: [], count: count * c)

        func insert(_ new: Label, state: Int) {
            for idx in states[state] {
                let old = pool[Int(idx)]
                let sameOrEarlier = earlierIsBetter ? old.finish <= new.finish + eps : abs(old.finish - new.finish) <= eps
                if sameOrEarlier && old.travel <= new.travel + eps { return }
            }
            states[state].removeAll { idx in
                let old = pool[Int(idx)]
                let sameOrEarlier = earlierIsBetter ? new.finish <= old.finish + eps : abs(old.finish - new.finish) <= eps
                return sameOrEarlier && new.travel <= old.travel + eps
            }
            pool.append(new)
            states[state].append(Int32(pool.count - 1))
        }

        /// The end of a visit to `node` arriving at `arrival`, if it fits its windows and the day.
        func finish(_ node: Int, arrival: Double) -> Double? {
            guard let s = m.serviceStart(node, arrival: arrival) else { return nil }
            let f = s + m.stays[node]
            return f <= m.latestEnd ? f : nil
        }

        for j in 0..<c {
            let l = m.leg(0, cust[j])
            guard l < DayPlanModel.missing, let f = finish(cust[j], arrival: m.departure + l) else { continue }
            insert(Label(finish: f, travel: l, node: Int32(j), parent: -1), state: (1 << j) * c + j)
        }
        var maskPenalty = [Double](repeating: 0, count: count)
        for mask in 1..<count {
            if mask & 63 == 0, isCancelled() || pool.count > labelLimit { return nil }
            let low = mask.trailingZeroBitCount
            maskPenalty[mask] = maskPenalty[mask & (mask - 1)] + m.penalty[cust[low]]
            var bits = mask
            while bits != 0 {
                let j = bits.trailingZeroBitCount
                bits &= bits - 1
                let from = cust[j]
                for idx in states[mask * c + j] {
                    let label = pool[Int(idx)]
                    for k in 0..<c where mask & (1 << k) == 0 {
                        let l = m.leg(from, cust[k])
                        guard l < DayPlanModel.missing, let f = finish(cust[k], arrival: label.finish + l) else { continue }
                        insert(Label(finish: f, travel: label.travel + l, node: Int32(k), parent: idx),
                               state: (mask | 1 << k) * c + k)
                    }
                }
            }
        }

        // The best ending: fewest (weighted) drops, then least travel. The empty route first.
        let all = maskPenalty[count - 1]
        var bestPenalty = Double.infinity, bestTravel = Double.infinity, bestLabel: Int32 = -1
        if m.endCost[0] < DayPlanModel.missing, m.departure + m.endCost[0] <= m.latestEnd {
            bestPenalty = all
            bestTravel = m.endCost[0]
        }
        for mask in 1..<count {
            let penalty = all - maskPenalty[mask]
            guard penalty <= bestPenalty else { continue }
            var bits = mask
            while bits != 0 {
                let j = bits.trailingZeroBitCount
                bits &= bits - 1
                let e = m.endCost[cust[j]]
                guard e < DayPlanModel.missing else { continue }
                for idx in states[mask * c + j] {
                    let label = pool[Int(idx)]
                    guard label.finish + e <= m.latestEnd else { continue }
                    let travel = label.travel + e
                    if penalty < bestPenalty || travel < bestTravel - 1e-9 {
                        bestPenalty = penalty
                        bestTravel = travel
                        bestLabel = idx
                    }
                }
            }
        }
        var route: [Int] = []
        var idx = bestLabel
        while idx >= 0 {
            route.append(cust[Int(pool[Int(idx)].node)])
            idx = pool[Int(idx)].parent
        }
        return route.reversed()
    }
}
