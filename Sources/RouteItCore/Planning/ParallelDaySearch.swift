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

    /// The best of the one-day searches' plans (the first search's on a tie), and whether it was cut short.
    static func solve(_ model: DayPlanModel, seed: UInt64, iterations: Int?, triesLate: Bool = true, started: Double,
                      deadline: Double, isCancelled: () -> Bool) -> (HeuristicDayPlanner.Solution, Bool) {
        let (best, stopped) = bestOf(seed: seed, isCancelled: isCancelled, isBetter: { $0.0.isBetter(than: $1.0) }) { seed, stop in
            var search = HeuristicDayPlanner(model, seed: seed)
            search.triesLate = triesLate
            return search.solve(iterations: iterations, started: started, deadline: deadline, isCancelled: stop)
        }
        return (best.0, best.1 || stopped)
    }

    /// `search` run `searches` times side by side, search `k` with `seed(k, from: seed)`; the best
    /// answer by `isBetter` (the first search's on a tie), and whether a Ctrl-C stopped them.
    /// `isCancelled` is asked on the calling thread only (the shell's Ctrl-C is its task's); the
    /// searches ask the `stop` they are given.
    static func bestOf<Answer>(seed: UInt64, isCancelled: () -> Bool, isBetter: (Answer, Answer) -> Bool,
                               _ search: @escaping @Sendable (UInt64, () -> Bool) -> Answer) -> (Answer, Bool) {
        let stop = CancellationFlag()
        let others = SearchResults<Answer>(count: searches)
        let finished = DispatchSemaphore(value: 0)
        // Threads of their own, not Dispatch's pool: a planner asked from a busy pool (serve
        // answering several trips) would wait for a free thread until its own search ended.
        for k in 1..<searches {
            Thread {
                others.set(k, search(Self.seed(k, from: seed)) { stop.isCancelled })
                finished.signal()
            }.start()
        }
        let first = search(Self.seed(0, from: seed)) {
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
            if let other = others.get(k), isBetter(other, best) { best = other }
        }
        return (best, stop.isCancelled)
    }
}

/// Each search's answer, written by its own thread.
// @unchecked: every access to `slots` holds `lock`.
private final class SearchResults<Answer>: @unchecked Sendable {
    private var slots: [Answer?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ k: Int, _ answer: Answer) { lock.withLock { slots[k] = answer } }
    func get(_ k: Int) -> Answer? { lock.withLock { slots[k] } }
}
