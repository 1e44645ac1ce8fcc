import Foundation

/// Why no order could be proposed.
public enum TripOrderError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooManyStops(Int)
    case noRoundTrip
    /// Every stop was left out: the front end's first line, then each stop's reason.
    case nothingFits([String])

    public var description: String {
        switch self {
        case .tooManyStops(let n):
            // Past the planner's limit that is the one to name; below it only the exact
            // round-trip optimizer (the entry's limit) refuses.
            let limit = n > DayPlanner.maxStops ? DayPlanner.maxStops : TripOrderOptimizer.maxStops
            return "Cannot optimize \(n) stops; the limit is \(limit) besides the start."
        case .noRoundTrip:
            return "No round trip reaches every stop."
        case .nothingFits(let reasons):
            return reasons.joined(separator: "\n")
        }
    }
}

/// The quickest visiting order found by the optimizer.
public struct TripOrder: Hashable, Sendable {
    /// Matrix indices 1...n in visiting order (the start, index 0, is implied at both ends).
    public let stops: [Int]
    /// Seconds for the whole round trip in this order.
    public let duration: Double
}

/// Exact round-trip ordering (travelling salesman with a fixed start) by Held–Karp dynamic
/// programming over subsets: O(2ⁿ·n²) time, fine for the app's 10-stop limit, and exact, so
/// the "saved" figure is never a heuristic's guess.
public enum TripOrderOptimizer {
    /// Stops besides the fixed start that are ordered exactly (2¹⁰·10² steps, instant).
    public static let maxStops = 10

    /// The optimal order for `matrix` (index 0 is the start). Ties keep the lowest-cost order
    /// found first, which is deterministic for a given matrix.
    public static func optimalOrder(_ matrix: DurationMatrix) throws -> TripOrder {
        let n = matrix.size - 1 // stops to visit besides the start
        guard n <= maxStops else { throw TripOrderError.tooManyStops(n) }
        guard n > 0 else {
            guard matrix.size == 1 else { throw TripOrderError.noRoundTrip }
            return TripOrder(stops: [], duration: 0)
        }
        // cost[mask * n + j]: quickest path from the start through exactly the stops in `mask`
        // (bit k = stop k+1), ending at stop j+1 (whose bit is in mask).
        let full = (1 << n) - 1
        var cost = [Double](repeating: .infinity, count: (full + 1) * n)
        var previous = [Int](repeating: -1, count: (full + 1) * n)
        for j in 0..<n { cost[(1 << j) * n + j] = matrix[0, j + 1] }
        for mask in 1...full {
            for j in 0..<n where mask & (1 << j) != 0 {
                let here = cost[mask * n + j]
                guard here.isFinite else { continue }
                for k in 0..<n where mask & (1 << k) == 0 {
                    let next = mask | (1 << k)
                    let candidate = here + matrix[j + 1, k + 1]
                    if candidate < cost[next * n + k] {
                        cost[next * n + k] = candidate
                        previous[next * n + k] = j
                    }
                }
            }
        }
        var best = Double.infinity
        var last = -1
        for j in 0..<n {
            let total = cost[full * n + j] + matrix[j + 1, 0]
            if total < best { best = total; last = j }
        }
        guard best.isFinite, last >= 0 else { throw TripOrderError.noRoundTrip }

        var order: [Int] = []
        var mask = full
        var j = last
        while j >= 0 {
            order.append(j + 1)
            let before = previous[mask * n + j]
            mask &= ~(1 << j)
            j = before
        }
        return TripOrder(stops: order.reversed(), duration: best)
    }

    /// What optimizing `current` would give: the optimal order, unless `current` is already as
    /// quick (then it is kept, so an optimal trip is never shuffled for nothing).
    public static func improve(_ current: [Int], in matrix: DurationMatrix) throws -> TripOrderImprovement {
        let optimal = try optimalOrder(matrix)
        let before = matrix.roundTripDuration(visiting: current)
        // Sums in a different order can differ in the last bits; treat those as equal.
        if before <= optimal.duration * (1 + 1e-12) {
            return TripOrderImprovement(order: TripOrder(stops: current, duration: before), before: before)
        }
        return TripOrderImprovement(order: optimal, before: before)
    }
}

/// An order and how much quicker it is than the one it replaces.
public struct TripOrderImprovement: Hashable, Sendable {
    public let order: TripOrder
    /// The replaced order's round-trip seconds (`.infinity` when it had an unroutable leg).
    public let before: Double

    /// Seconds saved; `.infinity` when the old order could not be driven at all.
    public var saved: Double { before - order.duration }
}
