import Foundation

/// Two annealing searches side by side from different seeds, the better plan kept. One search
/// now and then settles in a poor valley it cannot leave within its budget (a spot of four stops
/// visited twice, at 9:00 and at 22:00, where merging the visits would push stops at the end of
/// a full day past their closing hours); two independent searches rarely both do. With two
/// cores the second search costs no wall time (VROOM runs its searches on threads the same way).
enum ParallelDaySearch {
    static let searches = 2

    /// Search `k`'s seed: the first keeps the caller's, so one search alone plans as before.
    static func seed(_ k: Int, from seed: UInt64) -> UInt64 { seed &+ UInt64(k) &* 0x9E37_79B9_7F4A_7C15 }

    /// The best of the searches' plans (the first search's on a tie), and whether it was cut short.
    /// `isCancelled` is asked on the calling thread only (the shell's Ctrl-C is its task's).
    static func solve(_ model: DayPlanModel, seed: UInt64, iterations: Int?, started: Double, deadline: Double,
                      isCancelled: () -> Bool) -> (HeuristicDayPlanner.Solution, Bool) {
        let stop = CancellationFlag()
        let others = SearchResults(count: searches)
        let finished = DispatchSemaphore(value: 0)
        // Threads of their own, not Dispatch's pool: a planner asked from a busy pool (serve
        // answering several trips) would wait for a free thread until its own search ended.
        for k in 1..<searches {
            Thread {
                var search = HeuristicDayPlanner(model, seed: Self.seed(k, from: seed))
                others.set(k, search.solve(iterations: iterations, started: started, deadline: deadline) { stop.isCancelled })
                finished.signal()
            }.start()
        }
        var search = HeuristicDayPlanner(model, seed: Self.seed(0, from: seed))
        let first = search.solve(iterations: iterations, started: started, deadline: deadline) {
            if isCancelled() { stop.cancel() }
            return stop.isCancelled
        }
        // The other searches end by the same deadline; a Ctrl-C meanwhile ends them sooner.
        for _ in 1..<searches {
            while finished.wait(timeout: .now() + .milliseconds(5)) == .timedOut {
                if isCancelled() { stop.cancel() }
            }
        }
        var best = first
        for k in 1..<searches {
            if let other = others.get(k), other.0.isBetter(than: best.0) { best = other }
        }
        return (best.0, best.1 || stop.isCancelled)
    }
}

/// Each search's answer, written by its own thread.
// @unchecked: every access to `slots` holds `lock`.
private final class SearchResults: @unchecked Sendable {
    private var slots: [(HeuristicDayPlanner.Solution, Bool)?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ k: Int, _ result: (HeuristicDayPlanner.Solution, Bool)) { lock.withLock { slots[k] = result } }
    func get(_ k: Int) -> (HeuristicDayPlanner.Solution, Bool)? { lock.withLock { slots[k] } }
}
