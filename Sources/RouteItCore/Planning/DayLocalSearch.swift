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

    /// Moves are only tried where they create an arc to one of a stop's nearest stops
    /// (granular neighbourhoods): far fewer to check, almost never a good move lost.
    static var granularity: Int { 12 }

    /// Route positions by node (-1: not in the route).
    private func positions(_ route: [Int]) -> [Int] {
        var position = [Int](repeating: -1, count: m.size)
        for (t, u) in route.enumerated() { position[u] = t }
        return position
    }

    private mutating func orOpt(_ route: inout [Int]) -> Bool {
        let n = route.count
        let position = positions(route)
        var places: [Int] = []
        for length in 1...3 where length < n {
            for i in 0...(n - length) {
                let last = i + length - 1
                let a = previous(route, i), b = following(route, last)
                let s0 = route[i], s1 = route[last]
                let gain = m.arc(a, s0) + m.arc(s1, b) - m.arc(a, b)
                let inner = schedule.forward[last] - schedule.forward[i]
                let innerBack = schedule.backward[last] - schedule.backward[i]
                // After a near stop, or before one; and first or last in the route.
                places.removeAll(keepingCapacity: true)
                places.append(-1)
                places.append(n - 1)
                for v in neighbours[s0].prefix(Self.granularity) + neighbours[s1].prefix(Self.granularity) where position[v] >= 0 {
                    places.append(position[v])
                    places.append(position[v] - 1)
                }
                for q in places where q < i - 1 || q > last {
                    let c = q < 0 ? 0 : route[q], d = following(route, q)
                    let base = m.arc(c, d)
                    let kept = m.arc(c, s0) + m.arc(s1, d) - base - gain
                    let reversed = m.arc(c, s1) + m.arc(s0, d) - base + innerBack - inner - gain
                    guard min(kept, reversed) < -1e-7 else { continue }
                    let stretch = Array(route[i...last])
                    for (delta, piece) in [(kept, stretch), (reversed, Array(stretch.reversed()))] where delta < -1e-7 {
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
        let position = positions(route)
        var ends: [Int] = []
        for i in 0..<n {
            let a = previous(route, i)
            // The new arc a → route[j] to a near stop, or route[i] → route[j + 1]; or j last.
            ends.removeAll(keepingCapacity: true)
            ends.append(n - 1)
            for v in neighbours[a].prefix(a == 0 ? 0 : Self.granularity) where position[v] > i { ends.append(position[v]) }
            for v in neighbours[route[i]].prefix(Self.granularity) where position[v] > i + 1 { ends.append(position[v] - 1) }
            for j in ends where j > i {
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
        let position = positions(route)
        for first in 0..<n {
            for v in neighbours[route[first]].prefix(Self.granularity) where position[v] >= 0 {
                // Swapping puts route[first] next to v: at v's neighbours' places.
                for other in [position[v] - 1, position[v] + 1] where other >= 0 && other < n && other != first {
                    let i = min(first, other), j = max(first, other)
                    let a = previous(route, i), x = route[i], y = route[j], d = following(route, j)
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
        }
        return false
    }
}
