import Foundation

/// Plans a day of visits (`DayPlanProblem` → `DayPlan`): exact up to `exactLimit` stops,
/// a seeded anytime metaheuristic beyond, up to `maxStops`. Objective: serve the most
/// important stops (a dropped high-priority stop outweighs every lower one; among equals, fewer
/// dropped is better), then least travel. Stops that cannot be served are dropped with a reason.
public enum DayPlanner {
    /// The most stops (besides the start) a day may have.
    public static let maxStops = 200
    /// Stops planned exactly by default (a few milliseconds; 4,096 subsets × 12²).
    public static let exactLimit = 12

    /// Rounds by default: 0.4-0.8 s for 200 stops on this 2-core machine, less for fewer, as good
    /// as a second's timed search on the benchmark's days. Counted, not timed, so the same trip
    /// gets the same plan on every run (as VROOM's exploration levels do without a timeout).
    public static func defaultRounds(stops: Int) -> Int { 30 * stops }

    /// The default rounds' time cap, 3 s at 200 stops: the rounds take a quarter of it here, and
    /// on a full day the late search for the stops left out (`DaySqueeze`) much of the rest.
    /// Past half of it the search cools by the clock too (`HeuristicDayPlanner.solve`), so a
    /// day whose rounds are slow (no waiting, with windows and many stops left out) or a slow
    /// machine still gets a finished search by then; its plan then depends on the machine.
    public static func defaultCap(stops: Int) -> Double { max(0.5, Double(stops) * 3 / 200) }

    /// What ends the heuristic's search: counted rounds (nil: the time alone, annealed over) and
    /// the seconds it may take at most.
    static func searchLimits(_ options: DayPlanOptions, stops: Int) -> (rounds: Int?, seconds: Double) {
        let rounds = options.iterations ?? (options.timeBudget == nil ? defaultRounds(stops: stops) : nil)
        return (rounds, options.timeBudget ?? defaultCap(stops: stops))
    }

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
        let (rounds, seconds) = searchLimits(options, stops: count)
        let (best, searchStopped) = ParallelDaySearch.solve(model, seed: options.seed, iterations: rounds, triesLate: options.triesLate,
                                                            started: started, deadline: started + seconds,
                                                            isCancelled: isCancelled)
        return model.plan(best.route, isExact: false, stoppedEarly: searchStopped || cancelled)
    }
}
