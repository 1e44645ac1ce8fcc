import Foundation

/// `days N` beyond filling day after day (which packs the first day full, then leaves its far
/// stops to the next): stops no day took are put into the day where they fit cheapest, then
/// stops are moved from one day to another while that lowers the total travel, every day kept
/// within its own hours and end of day. Each day is a `DayPlanModel` over every place of the
/// trip (that day's hours), so a stop has the same index on every day. Deterministic.
struct CrossDayMoves {
    let models: [DayPlanModel]
    /// Passes over every stop at most (each pass is cubic in the stops at worst).
    static let maxPasses = 20

    /// The days improved, and the stops still left out.
    func improve(_ days: [[Int]], unserved: [Int], isCancelled: () -> Bool) -> (days: [[Int]], unserved: [Int]) {
        var days = days
        var travel = days.indices.map { models[$0].feasibleTravel(days[$0]) ?? .infinity }
        func insertLeftOut(_ stops: [Int]) -> [Int] {
            var left: [Int] = []
            for u in stops.sorted(by: { (-models[0].penalty[$0], $0) < (-models[0].penalty[$1], $1) }) {
                guard let (d, p, t) = cheapestInsertion(of: u, into: days, skipping: nil) else { left.append(u); continue }
                days[d].insert(u, at: p)
                travel[d] = t
            }
            return left
        }
        var left = insertLeftOut(unserved)
        for _ in 0..<Self.maxPasses where !isCancelled() {
            var moved = false
            for d in days.indices {
                var t = 0
                // A day keeps at least one stop: its route is shown on its date.
                while t < days[d].count && days[d].count > 1 {
                    let u = days[d][t]
                    var without = days[d]
                    without.remove(at: t)
                    guard let shorter = models[d].feasibleTravel(without),
                          let (e, p, longer) = cheapestInsertion(of: u, into: days, skipping: d),
                          (longer - travel[e]) - (travel[d] - shorter) < -1e-7 else { t += 1; continue }
                    days[d] = without
                    travel[d] = shorter
                    days[e].insert(u, at: p)
                    travel[e] = longer
                    moved = true
                }
            }
            if !moved { break }
        }
        // Moves may have made room for them.
        left = insertLeftOut(left)
        return (days, left)
    }

    /// The day, position and that day's new travel where `u` goes in for the least added travel
    /// (a day's legs checked cheaply first, its windows only for a better place).
    private func cheapestInsertion(of u: Int, into days: [[Int]], skipping: Int?) -> (Int, Int, Double)? {
        var best: (day: Int, position: Int, travel: Double, added: Double)?
        for (d, route) in days.enumerated() where d != skipping {
            let m = models[d]
            guard let now = m.feasibleTravel(route) else { continue }
            for p in 0...route.count {
                let a = p == 0 ? 0 : route[p - 1], b = p == route.count ? DayPlanModel.end : route[p]
                let added = m.leg(a, u) + m.arc(u, b) - m.arc(a, b)
                guard added < best?.added ?? .infinity else { continue }
                var candidate = route
                candidate.insert(u, at: p)
                guard let travel = m.feasibleTravel(candidate) else { continue }
                best = (d, p, travel, travel - now)
            }
        }
        return best.map { ($0.day, $0.position, $0.travel) }
    }
}
