import Foundation

/// Local search on one route, first improvement until none is left: Or-opt (a stretch of 1–3
/// stops moved elsewhere, kept or reversed), 2-opt (a stretch reversed; on an asymmetric matrix
/// the stretch's own legs change too, read from the backward prefix sums), exchange (two stops
/// swapped), and putting dropped stops back. Moves are only tried where they create an arc to
/// one of a stop's nearest stops (granular neighbourhoods), and only from stops near a change
/// (don't-look bits), so polishing a recreated route costs little. Costs are checked first, in
/// O(1); only a move that saves travel has its windows walked.
extension HeuristicDayPlanner {
    static var granularity: Int { 12 }

    /// Improves `s`; `focus` are the stops whose surroundings changed (nil: all of them).
    mutating func localSearch(_ s: inout Solution, focus: [Int]? = nil) {
        var route = s.route
        var active = [Bool](repeating: focus == nil, count: m.size)
        for u in focus ?? [] { active[u] = true }
        var position = [Int](repeating: -1, count: m.size)
        var moved = true
        while moved {
            moved = false
            schedule.update(route, m)
            for u in position.indices { position[u] = -1 }
            for (t, u) in route.enumerated() { position[u] = t }
            for i in route.indices where active[route[i]] {
                if let changed = orOpt(&route, i, position) ?? twoOpt(&route, i, position) ?? exchange(&route, i, position) {
                    for t in changed where t >= 0 && t < route.count { active[route[t]] = true }
                    moved = true
                    break
                }
                active[route[i]] = false
            }
        }
        // Dropped stops that fit now go back in, most important first.
        let unserved = insertEach(s.unserved.sorted(by: { (-m.penalty[$0], $0) < (-m.penalty[$1], $1) }), into: &route)
        let polished = solution(route, unserved: unserved)
        if polished.isBetter(than: s) || polished.route == s.route { s = polished }
    }

    @inline(__always) private func previous(_ route: [Int], _ t: Int) -> Int { t == 0 ? 0 : route[t - 1] }
    @inline(__always) private func following(_ route: [Int], _ t: Int) -> Int { t + 1 >= route.count ? DayPlanModel.end : route[t + 1] }

    /// Replaces positions `first..<resume` of `route` by `region` if the result is feasible;
    /// then the positions around the new arcs, whose stops are worth another look.
    private func apply(_ route: inout [Int], _ first: Int, _ resume: Int, _ region: [Int], touching inner: [Int] = []) -> [Int]? {
        guard schedule.fits(region[...], after: previous(route, first), leaving: schedule.leaving(before: first, m),
                            resume: resume, route: route, m) else { return nil }
        route.replaceSubrange(first..<resume, with: region)
        return [first - 1, first, resume - 1, resume] + inner
    }

    /// Moves the stretch of 1–3 stops starting at `i` after a near stop or before one (or to
    /// either end), kept or reversed.
    private func orOpt(_ route: inout [Int], _ i: Int, _ position: [Int]) -> [Int]? {
        let n = route.count
        for length in 1...3 where length < n && i + length <= n {
            let last = i + length - 1
            let a = previous(route, i), b = following(route, last)
            let s0 = route[i], s1 = route[last]
            let gain = m.arc(a, s0) + m.arc(s1, b) - m.arc(a, b)
            let inner = schedule.forward[last] - schedule.forward[i]
            let innerBack = schedule.backward[last] - schedule.backward[i]
            var places = [-1, n - 1]
            for v in neighbours[s0].prefix(Self.granularity) where position[v] >= 0 { places += [position[v], position[v] - 1] }
            if length > 1 {
                for v in neighbours[s1].prefix(Self.granularity) where position[v] >= 0 { places += [position[v], position[v] - 1] }
            }
            for q in places where q < i - 1 || q > last {
                let c = q < 0 ? 0 : route[q], d = following(route, q)
                let base = m.arc(c, d)
                let kept = m.arc(c, s0) + m.arc(s1, d) - base - gain
                let reversed = length == 1 ? kept : m.arc(c, s1) + m.arc(s0, d) - base + innerBack - inner - gain
                guard min(kept, reversed) < -1e-7 else { continue }
                let stretch = Array(route[i...last])
                for (delta, piece) in [(kept, stretch), (reversed, Array(stretch.reversed()))] where delta < -1e-7 {
                    if q < i {
                        if let changed = apply(&route, q + 1, last + 1, piece + Array(route[(q + 1)..<i]),
                                               touching: [q + length, q + length + 1]) { return changed }
                    } else if let changed = apply(&route, i, q + 1, Array(route[(last + 1)...q]) + piece,
                                                  touching: [i - 1, i, q - length, q - length + 1]) {
                        return changed
                    }
                }
            }
        }
        return nil
    }

    /// Reverses a stretch starting at `i` so that it gains an arc to a near stop (or to the end).
    private func twoOpt(_ route: inout [Int], _ i: Int, _ position: [Int]) -> [Int]? {
        let n = route.count
        let a = previous(route, i)
        var ends = [n - 1]
        for v in neighbours[a].prefix(Self.granularity) where position[v] > i { ends.append(position[v]) }
        for v in neighbours[route[i]].prefix(Self.granularity) where position[v] > i + 1 { ends.append(position[v] - 1) }
        for j in ends where j > i {
            let b = following(route, j)
            let delta = m.arc(a, route[j]) + m.arc(route[i], b) - m.arc(a, route[i]) - m.arc(route[j], b)
                + (schedule.backward[j] - schedule.backward[i]) - (schedule.forward[j] - schedule.forward[i])
            guard delta < -1e-7 else { continue }
            if let changed = apply(&route, i, j + 1, Array(route[i...j].reversed())) { return changed }
        }
        return nil
    }

    /// Swaps the stop at `i` with one beside a near stop of it.
    private func exchange(_ route: inout [Int], _ first: Int, _ position: [Int]) -> [Int]? {
        let n = route.count
        for v in neighbours[route[first]].prefix(Self.granularity) where position[v] >= 0 {
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
                if let changed = apply(&route, i, j + 1, region, touching: [i + 1, j - 1]) { return changed }
            }
        }
        return nil
    }
}
