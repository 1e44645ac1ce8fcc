import Foundation

/// How hard `DayPlanner` searches.
public struct DayPlanOptions: Sendable {
    /// Seeds the heuristic's choices: the same seed gives the same plan (while `iterations`,
    /// not the time budget, ends the search).
    public var seed: UInt64 = 1
    /// Seconds the heuristic may search; nil = `DayPlanner.defaultBudget(stops:)`.
    public var timeBudget: Double?
    /// Ruin-and-recreate rounds: set, the search anneals over them and the plan depends on the
    /// seed alone (unless the time budget runs out first); nil, it anneals over the time budget.
    public var iterations: Int?
    /// Up to this many stops the plan is exact (subset dynamic programming, 2ⁿ·n² steps).
    public var exactLimit: Int = DayPlanner.exactLimit

    public init(seed: UInt64 = 1, timeBudget: Double? = nil, iterations: Int? = nil) {
        self.seed = seed
        self.timeBudget = timeBudget
        self.iterations = iterations
    }
}

/// Plans a day of visits (`DayPlanProblem` → `DayPlan`): exact up to `exactLimit` stops,
/// a seeded anytime metaheuristic beyond, up to `maxStops`. Objective: serve the most
/// important stops (a dropped high-priority stop outweighs every lower one; among equals, fewer
/// dropped is better), then least travel. Stops that cannot be served are dropped with a reason.
public enum DayPlanner {
    /// The most stops (besides the start) a day may have.
    public static let maxStops = 200
    /// Stops planned exactly by default (a few milliseconds; 4,096 subsets × 12²).
    public static let exactLimit = 12

    /// About a second for 200 stops, less for fewer.
    public static func defaultBudget(stops: Int) -> Double { max(0.05, Double(stops) / 200) }

    /// The plan; throws `TripOrderError.tooManyStops` past `maxStops`. `isCancelled` is asked
    /// often: once it says true (or the budget is spent) the best plan so far is returned,
    /// marked `stoppedEarly`.
    public static func plan(_ problem: DayPlanProblem, options: DayPlanOptions = DayPlanOptions(),
                            isCancelled: () -> Bool = { false }) throws -> DayPlan {
        let stops = problem.matrix.size - 1
        guard stops <= maxStops else { throw TripOrderError.tooManyStops(stops) }
        let started = ProcessInfo.processInfo.systemUptime
        let model = DayPlanModel(problem)
        let count = model.customers.count
        if count <= options.exactLimit, let route = ExactDayPlanner.solve(model, isCancelled: isCancelled) {
            return model.plan(route, isExact: true, stoppedEarly: false)
        }
        // Cancelled during the exact search, the heuristic still gives its first plan.
        let cancelled = count <= options.exactLimit && isCancelled()
        let budget = options.timeBudget ?? defaultBudget(stops: count)
        let (best, searchStopped) = ParallelDaySearch.solve(model, seed: options.seed, iterations: options.iterations,
                                                            started: started, deadline: started + budget,
                                                            isCancelled: isCancelled)
        return model.plan(best.route, isExact: false, stoppedEarly: searchStopped || cancelled)
    }
}
