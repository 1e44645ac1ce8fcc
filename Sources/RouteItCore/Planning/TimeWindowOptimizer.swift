import Foundation

/// What the time-window optimizer is asked: travel times, when the trip leaves, how long it
/// stays at each stop, and when each stop may be visited.
public struct TimeWindowProblem: Sendable {
    public var matrix: DurationMatrix
    /// Seconds (any epoch, the same as the windows').
    public var departure: Double
    /// Per matrix index; the start's (index 0) is ignored.
    public var stays: [Double]
    /// Per matrix index: the spans a visit (arrival to the end of the stay) must fit in; nil
    /// means any time. The start's is ignored.
    public var windows: [[ClosedRange<Double>]?]

    public init(matrix: DurationMatrix, departure: Double, stays: [Double], windows: [[ClosedRange<Double>]?]) {
        self.matrix = matrix
        self.departure = departure
        self.stays = stays
        self.windows = windows
    }

    /// How far arriving at `stop` at `arrival` is from a visit that fits its hours: 0 when it
    /// fits, else the seconds to the nearest arrival that would (a stop never open long enough
    /// for its stay counts a day).
    public func lateness(of stop: Int, arrivingAt arrival: Double) -> Double {
        guard stop < windows.count, let spans = windows[stop] else { return 0 }
        let stay = stop < stays.count ? stays[stop] : 0
        var best = Double.infinity
        for span in spans where span.upperBound - span.lowerBound >= stay {
            let latest = span.upperBound - stay
            if arrival < span.lowerBound { best = min(best, span.lowerBound - arrival) }
            else if arrival > latest { best = min(best, arrival - latest) }
            else { return 0 }
        }
        return best.isFinite ? best : TimeWindowOptimizer.neverOpenPenalty
    }

    /// Travel seconds, total lateness and the late stops of visiting `order` (indices 1...n).
    public func evaluate(_ order: [Int]) -> (travel: Double, lateness: Double, late: [Int]) {
        var clock = departure, travel = 0.0, total = 0.0, late: [Int] = []
        var here = 0
        for next in order {
            let leg = matrix[here, next]
            travel += leg
            clock += leg
            let miss = lateness(of: next, arrivingAt: clock)
            if miss > 0 { total += miss; late.append(next) }
            clock += next < stays.count ? stays[next] : 0
            here = next
        }
        travel += matrix[here, 0]
        return (travel, total, late)
    }
}

/// The order found: least travel among the orders that visit every stop while it is open (the
/// stay included; the trip never waits); when there is none, the least-late order (least total
/// lateness, then least travel) and which stops it is late for.
public struct TimedTripOrder: Hashable, Sendable {
    public let stops: [Int]
    /// Round-trip travel seconds (the stays come on top and are the same in any order).
    public let travel: Double
    /// 0 when every stop is visited while open.
    public let lateness: Double
    /// Matrix indices of the stops visited outside their hours, in visiting order.
    public let lateStops: [Int]

    public var reachesEveryStopInTime: Bool { lateStops.isEmpty }
}

/// Exact ordering with opening hours: depth-first branch and bound over stop orders, bounded by
/// the exact no-hours completion cost (Held–Karp over the unvisited stops, computed once), so a
/// branch is dropped as soon as it cannot beat the best order found. Without hours the
/// Held–Karp order is optimal and is found first.
public enum TimeWindowOptimizer {
    static let neverOpenPenalty: Double = 86_400

    public static func optimalOrder(_ problem: TimeWindowProblem) throws -> TimedTripOrder {
        let matrix = problem.matrix
        let n = matrix.size - 1
        guard n <= TripOrderOptimizer.maxStops else { throw TripOrderError.tooManyStops(n) }
        guard n > 0 else { return TimedTripOrder(stops: [], travel: 0, lateness: 0, lateStops: []) }
        let completion = CompletionBound(matrix)
        guard completion.cost(remaining: (1 << n) - 1, from: 0).isFinite else { throw TripOrderError.noRoundTrip }

        var search = Search(problem: problem, completion: completion, n: n)
        // Feasible orders only, least travel.
        search.run(allowLate: false)
        if let best = search.best { return best }
        // None: least lateness, then least travel.
        search.run(allowLate: true)
        guard let best = search.best else { throw TripOrderError.noRoundTrip }
        return best
    }

    /// `cost(remaining, from)`: least travel from stop `from` through every stop in `remaining`
    /// (bit k = stop k+1) and back to the start, ignoring hours.
    struct CompletionBound {
        let n: Int
        private var table: [Double]

        init(_ matrix: DurationMatrix) {
            n = matrix.size - 1
            let count = 1 << n
            table = [Double](repeating: .infinity, count: count * (n + 1))
            for j in 0...n { table[j] = matrix[j, 0] }
            for mask in 1..<count {
                for j in 0...n where j == 0 || mask & (1 << (j - 1)) == 0 {
                    var best = Double.infinity
                    var rest = mask
                    while rest != 0 {
                        let bit = rest & -rest
                        let k = bit.trailingZeroBitCount
                        best = min(best, matrix[j, k + 1] + table[(mask & ~bit) * (n + 1) + k + 1])
                        rest &= rest - 1
                    }
                    table[mask * (n + 1) + j] = best
                }
            }
        }

        func cost(remaining: Int, from j: Int) -> Double { table[remaining * (n + 1) + j] }
    }

    struct Search {
        let problem: TimeWindowProblem
        let completion: CompletionBound
        let n: Int
        var best: TimedTripOrder?
        private var path: [Int] = []
        private var late: [Int] = []

        init(problem: TimeWindowProblem, completion: CompletionBound, n: Int) {
            self.problem = problem
            self.completion = completion
            self.n = n
        }

        mutating func run(allowLate: Bool) {
            best = nil
            path = []
            late = []
            visit(from: 0, remaining: (1 << n) - 1, clock: problem.departure, travel: 0, lateness: 0, allowLate: allowLate)
        }

        /// Whether (lateness, travel) is strictly better than the best so far.
        private func beats(lateness: Double, travel: Double) -> Bool {
            guard let best else { return true }
            if lateness != best.lateness { return lateness < best.lateness - 1e-9 }
            return travel < best.travel - 1e-9
        }

        private mutating func visit(from here: Int, remaining: Int, clock: Double, travel: Double, lateness: Double, allowLate: Bool) {
            let bound = travel + completion.cost(remaining: remaining, from: here)
            guard bound.isFinite, beats(lateness: lateness, travel: bound) else { return }
            if remaining == 0 {
                best = TimedTripOrder(stops: path, travel: travel + problem.matrix[here, 0], lateness: lateness, lateStops: late)
                return
            }
            // Nearest first, so good orders are found early and prune the rest.
            var next: [Int] = []
            var rest = remaining
            while rest != 0 {
                next.append((rest & -rest).trailingZeroBitCount + 1)
                rest &= rest - 1
            }
            next.sort { problem.matrix[here, $0] < problem.matrix[here, $1] }
            for stop in next {
                let leg = problem.matrix[here, stop]
                guard leg.isFinite else { continue }
                let arrival = clock + leg
                let miss = problem.lateness(of: stop, arrivingAt: arrival)
                if miss > 0 && !allowLate { continue }
                path.append(stop)
                if miss > 0 { late.append(stop) }
                let stay = stop < problem.stays.count ? problem.stays[stop] : 0
                visit(from: stop, remaining: remaining & ~(1 << (stop - 1)), clock: arrival + stay,
                      travel: travel + leg, lateness: lateness + miss, allowLate: allowLate)
                if miss > 0 { late.removeLast() }
                path.removeLast()
            }
        }
    }
}
