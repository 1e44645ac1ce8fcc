import Foundation

/// A `DayPlanProblem` flattened for the solvers: flat costs with missing routes as a large
/// finite number (so cost differences stay numbers), windows turned into spans for the start of
/// a visit, drop penalties, and the cost of ending the trip after each node.
struct DayPlanModel {
    /// Stands for "no route": larger than any real trip, small enough to add up exactly.
    static let missing = 1e9
    /// Marks the end of the trip in arcs (`arc(x, Self.end)`).
    static let end = -1

    let size: Int
    let cost: [Double]
    let stays: [Double]
    /// Per node: sorted spans in which a visit may start (a window minus the stay); nil = any
    /// time; empty = never.
    let startWindows: [[(lo: Double, hi: Double)]?]
    /// Lexicographic drop weight: 1 low, n+1 normal, (n+1)² high, so one more stop of a class
    /// outweighs every stop of the classes below.
    let penalty: [Double]
    /// Per node: the leg from it to the end of the trip (0 when it ends anywhere).
    let endCost: [Double]
    let customers: [Int]
    let departure: Double
    let latestEnd: Double
    /// A visit may wait for its window (always so when no stop has one).
    let waits: Bool
    /// Whether any customer has windows (without them, earlier is always better).
    let hasWindows: Bool

    init(_ p: DayPlanProblem) {
        let n = p.matrix.size
        size = n
        var c = [Double](repeating: 0, count: n * n)
        for i in 0..<n { for j in 0..<n {
            let v = p.matrix[i, j]
            c[i * n + j] = v.isFinite ? min(v, Self.missing) : Self.missing
        } }
        cost = c
        let st = (0..<n).map { $0 < p.stays.count ? max(0, p.stays[$0]) : 0 }
        stays = st
        let cust = p.visitableStops
        customers = cust
        var windows = [[(lo: Double, hi: Double)]?](repeating: nil, count: n)
        for i in cust where i < p.windows.count && !p.windows[i].isEmpty {
            windows[i] = p.windows[i].compactMap { span in
                let hi = span.upperBound - st[i]
                return hi >= span.lowerBound ? (span.lowerBound, hi) : nil
            }.sorted { $0.lo < $1.lo }
        }
        startWindows = windows
        hasWindows = cust.contains { windows[$0] != nil }
        let base = Double(n + 1)
        penalty = (0..<n).map { i in
            switch i < p.priorities.count ? p.priorities[i] : .normal {
            case .low: return 1
            case .normal: return base
            case .high: return base * base
            }
        }
        switch p.end {
        case .start: endCost = (0..<n).map { c[$0 * n] }
        case .stop(let k): endCost = (0..<n).map { c[$0 * n + k] }
        case .anywhere: endCost = Array(repeating: 0, count: n)
        }
        departure = p.departure
        latestEnd = p.backBy ?? .infinity
        // Without windows no visit ever waits: the waiting schedule's quick checks are exact
        // then, where the one for no waiting walks the rest of the route at every check.
        waits = p.allowsWaiting || !hasWindows
    }

    @inline(__always) func leg(_ i: Int, _ j: Int) -> Double { cost[i * size + j] }

    /// The cost from `x` to `y`, where `y` may be `Self.end`.
    @inline(__always) func arc(_ x: Int, _ y: Int) -> Double { y < 0 ? endCost[x] : cost[x * size + y] }

    /// When a visit to `node` arriving at `arrival` starts, or nil if no window allows it.
    @inline(__always) func serviceStart(_ node: Int, arrival: Double) -> Double? {
        guard let spans = startWindows[node] else { return arrival }
        for w in spans {
            if waits {
                if arrival <= w.hi { return max(arrival, w.lo) }
            } else if arrival >= w.lo && arrival <= w.hi {
                return arrival
            }
        }
        return nil
    }

    /// Waiting only: the latest arrival at `node` from which a visit can start by `latestStart`.
    @inline(__always) func latestArrival(_ node: Int, latestStart: Double) -> Double {
        guard let spans = startWindows[node] else { return latestStart }
        var best = -Double.infinity
        for w in spans where w.lo <= latestStart { best = max(best, min(w.hi, latestStart)) }
        return best
    }

    /// Travel of `route` (legs from the start and to the end included) when it can be driven
    /// within every window and the end of day (`keepsEndOfDay`); nil otherwise.
    func feasibleTravel(_ route: [Int], keepsEndOfDay: Bool = true) -> Double? {
        var clock = departure, travel = 0.0, here = 0
        for next in route {
            let l = leg(here, next)
            guard l < Self.missing, let s = serviceStart(next, arrival: clock + l) else { return nil }
            travel += l
            clock = s + stays[next]
            here = next
        }
        let l = endCost[here]
        guard l < Self.missing, !keepsEndOfDay || clock + l <= latestEnd else { return nil }
        return travel + l
    }

    func dropPenalty(of stops: some Sequence<Int>) -> Double { stops.reduce(0) { $0 + penalty[$1] } }

    /// Why `stop` cannot be served even alone, or `.crowdedOut` when it could; with an end of
    /// day, `.windowsClash` when no place in `route` (the plan) would meet every window even
    /// if the trip came back later: then the end of day is not what keeps it out.
    func reason(for stop: Int, besides route: [Int] = []) -> DropReason {
        let out = leg(0, stop), back = endCost[stop]
        guard out < Self.missing, back < Self.missing else { return .noRoute }
        guard let s = serviceStart(stop, arrival: departure + out) else { return .noWindowReachable }
        guard s + stays[stop] + back <= latestEnd else { return .pastEndOfDay }
        guard latestEnd.isFinite, hasWindows else { return .crowdedOut }
        let fitsLater = (0...route.count).contains { p in
            var with = route
            with.insert(stop, at: p)
            return feasibleTravel(with, keepsEndOfDay: false) != nil
        }
        return fitsLater ? .crowdedOut : .windowsClash
    }

    /// The answer for `route` (feasible) with everything else dropped.
    func plan(_ route: [Int], isExact: Bool, stoppedEarly: Bool) -> DayPlan {
        var visits: [PlannedVisit] = []
        var clock = departure, travel = 0.0, waiting = 0.0, here = 0
        for next in route {
            let l = leg(here, next)
            let arrival = clock + l
            let s = serviceStart(next, arrival: arrival) ?? arrival
            visits.append(PlannedVisit(stop: next, arrival: arrival, start: s, departure: s + stays[next]))
            travel += l
            waiting += s - arrival
            clock = s + stays[next]
            here = next
        }
        travel += endCost[here]
        let served = Set(route)
        let dropped = customers.filter { !served.contains($0) }.map { DroppedStop(stop: $0, reason: reason(for: $0, besides: route)) }
        return DayPlan(visits: visits, dropped: dropped, travel: travel, waiting: waiting,
                       endTime: clock + endCost[here], isExact: isExact, stoppedEarly: stoppedEarly)
    }
}
