import Foundation

/// Local search on one route, first improvement until none is left: Or-opt (a stretch of 1–3
/// stops moved elsewhere, kept or reversed), 2-opt (a stretch reversed; on an asymmetric matrix
/// the stretch's own legs change too, read from the backward prefix sums), exchange (two stops
/// swapped), and putting dropped stops back. Costs are checked first, in O(1); only a move
/// that saves travel has its windows walked.
extension HeuristicDayPlanner {
    mutating func localSearch(_ s: inout Solution) {
        var route = s.route
        var improved = true
        while improved {
            improved = false
            schedule.update(route, m)
            if orOpt(&route) || twoOpt(&route) || exchange(&route) { improved = true }
        }
        // Dropped stops that fit now go back in, most important first.
        var unserved: [Int] = []
        for u in s.unserved.sorted(by: { (-m.penalty[$0], $0) < (-m.penalty[$1], $1) }) where !insertBest(u, into: &route) {
            unserved.append(u)
        }
        let polished = solution(route, unserved: unserved)
        if polished.isBetter(than: s) || polished.route == s.route { s = polished }
    }

    @inline(__always) private func previous(_ route: [Int], _ t: Int) -> Int { t == 0 ? 0 : route[t - 1] }
    @inline(__always) private func following(_ route: [Int], _ t: Int) -> Int { t + 1 >= route.count ? DayPlanModel.end : route[t + 1] }

    /// Replaces positions `first..<resume` of `route` by `region` if the result is feasible.
    private func apply(_ route: inout [Int], _ first: Int, _ resume: Int, _ region: [Int]) -> Bool {
        guard schedule.fits(region[...], after: previous(route, first), leaving: schedule.leaving(before: first, m),
                            resume: resume, route: route, m) else { return false }
        route.replaceSubrange(first..<resume, with: region)
        return true
    }

    private mutating func orOpt(_ route: inout [Int]) -> Bool {
        let n = route.count
        for length in 1...3 where length < n {
            for i in 0...(n - length) {
                let last = i + length - 1
                let a = previous(route, i), b = following(route, last)
                let s0 = route[i], s1 = route[last]
                let gain = m.arc(a, s0) + m.arc(s1, b) - m.arc(a, b)
                let inner = schedule.forward[last] - schedule.forward[i]
                let innerBack = schedule.backward[last] - schedule.backward[i]
                for q in -1..<n where q < i - 1 || q > last {
                    let c = q < 0 ? 0 : route[q], d = following(route, q)
                    let base = m.arc(c, d)
                    let kept = m.arc(c, s0) + m.arc(s1, d) - base - gain
                    let reversed = m.arc(c, s1) + m.arc(s0, d) - base + innerBack - inner - gain
                    guard min(kept, reversed) < -1e-7 else { continue }
                    let stretch = Array(route[i...last])
                    for (delta, piece) in [(kept, stretch), (reversed, Array(stretch.reversed()))] where delta < -1e-7 {
                        // Positions from the first change on, rebuilt.
                        if q < i {
                            if apply(&route, q + 1, last + 1, piece + Array(route[(q + 1)..<i])) { return true }
                        } else if apply(&route, i, q + 1, Array(route[(last + 1)...q]) + piece) {
                            return true
                        }
                    }
                }
            }
        }
        return false
    }

    private mutating func twoOpt(_ route: inout [Int]) -> Bool {
        let n = route.count
        for i in 0..<n {
            let a = previous(route, i)
            for j in (i + 1)..<max(i + 1, n) {
                let b = following(route, j)
                let delta = m.arc(a, route[j]) + m.arc(route[i], b) - m.arc(a, route[i]) - m.arc(route[j], b)
                    + (schedule.backward[j] - schedule.backward[i]) - (schedule.forward[j] - schedule.forward[i])
                guard delta < -1e-7 else { continue }
                if apply(&route, i, j + 1, Array(route[i...j].reversed())) { return true }
            }
        }
        return false
    }

    private mutating func exchange(_ route: inout [Int]) -> Bool {
        let n = route.count
        for i in 0..<n {
            let a = previous(route, i), x = route[i]
            for j in (i + 1)..<max(i + 1, n) {
                let y = route[j], d = following(route, j)
                let delta: Double
                if j == i + 1 {
                    delta = m.arc(a, y) + m.arc(y, x) + m.arc(x, d) - m.arc(a, x) - m.arc(x, y) - m.arc(y, d)
                } else {
                    let b = route[i + 1], c = route[j - 1]
                    delta = m.arc(a, y) + m.arc(y, b) + m.arc(c, x) + m.arc(x, d)
                        - m.arc(a, x) - m.arc(x, b) - m.arc(c, y) - m.arc(y, d)
                }
                guard delta < -1e-7 else { continue }
                var region = Array(route[i...j])
                region.swapAt(0, j - i)
                if apply(&route, i, j + 1, region) { return true }
            }
        }
        return false
    }
}
