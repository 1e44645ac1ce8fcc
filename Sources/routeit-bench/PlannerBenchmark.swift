import Foundation
import RouteItCore

/// `routeit-bench plan PROBLEM.json [--seed N] [--budget SECONDS] [--iterations N] [--exact-limit N]`: solves one
/// day problem with `DayPlanner` and prints the plan with its solve time, for Scripts/bench-planner.
/// The problem: {"matrix": [[seconds or null]], "stays": [s], "windows": [[[from, to], …]],
/// "priorities": ["low"|"normal"|"high"], "departure": s, "backBy": s, "end": "start"|"anywhere"|index,
/// "allowsWaiting": bool}; all but the matrix optional.
enum PlannerBenchmark {
    private struct Problem: Decodable {
        var matrix: [[Double?]]
        var stays: [Double]?
        var windows: [[[Double]]]?
        var priorities: [String]?
        var departure: Double?
        var backBy: Double?
        var end: End?
        var allowsWaiting: Bool?
    }

    private enum End: Decodable {
        case named(String), index(Int)
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let i = try? c.decode(Int.self) { self = .index(i) } else { self = .named(try c.decode(String.self)) }
        }
    }

    static func run(_ arguments: [String]) {
        let args = BenchArguments(arguments, allowed: ["seed", "budget", "iterations", "exact-limit"])
        guard let path = args.positional.first else { fail("plan needs a problem file", status: 2) }
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
        let input: Problem
        do { input = try JSONDecoder().decode(Problem.self, from: data) } catch { fail("bad problem: \(error)") }
        guard let matrix = DurationMatrix(rows: input.matrix.map { $0.map { $0 ?? .infinity } }) else { fail("the matrix is not square") }
        let end: TripEnd
        switch input.end {
        case nil, .named("start"): end = .start
        case .named("anywhere"): end = .anywhere
        case .index(let k): end = .stop(k)
        case .named(let other): fail("unknown end \(other)")
        }
        let problem = DayPlanProblem(
            matrix: matrix, departure: input.departure ?? 0, stays: input.stays,
            windows: input.windows?.map { $0.compactMap { $0.count == 2 && $0[0] <= $0[1] ? $0[0]...$0[1] : nil } },
            priorities: input.priorities?.map { ["low": .low, "high": .high][$0] ?? .normal },
            backBy: input.backBy, end: end, allowsWaiting: input.allowsWaiting ?? true)
        var options = DayPlanOptions(seed: UInt64(args.int("seed", default: 1)))
        if let budget = args.string("budget") { options.timeBudget = Double(budget) }
        if let iterations = args.string("iterations") { options.iterations = Int(iterations) }
        if let limit = args.string("exact-limit") { options.exactLimit = args.int("exact-limit", default: Int(limit) ?? 12) }
        let start = Stopwatch.now()
        let plan: DayPlan
        do { plan = try DayPlanner.plan(problem, options: options) } catch { fail("\(error)") }
        let milliseconds = Stopwatch.milliseconds(since: start)
        JSONValue.print([
            "order": plan.order,
            "travel": JSONValue.number(plan.travel),
            "waiting": JSONValue.number(plan.waiting),
            "endTime": JSONValue.number(plan.endTime),
            "served": plan.visits.count,
            "dropped": plan.dropped.map { ["stop": $0.stop, "reason": $0.reason.rawValue] as [String: Any] },
            "exact": plan.isExact,
            "stoppedEarly": plan.stoppedEarly,
            "solveMs": JSONValue.number(milliseconds),
        ])
    }
}
