import Foundation
import RouteItCore
import RouteItEngine

/// `routeit-bench inprocess --map MAP [--count 200] [--seed 42]`: only the embedded router on
/// the same seeded pairs as `routes` (no server), for profiling under callgrind or perf.
enum InProcessRoutesCommand {
    static func run(_ arguments: [String]) {
        let args = BenchArguments(arguments, allowed: ["map", "count", "seed"])
        let mapPath = args.required("map")
        let count = args.int("count", default: 200)
        var rng = SeededRandom(seed: UInt64(args.int("seed", default: 42)))
        let (box, directions) = BenchMap.open(mapPath)
        var routedMs: [Double] = [], failedMs: [Double] = []
        for _ in 0..<count {
            let a = RouteBenchmark.randomPoint(in: box, &rng), b = RouteBenchmark.randomPoint(in: box, &rng)
            let t = Stopwatch.now()
            let routes = (try? directions.routes(from: a, to: b, mode: .car, alternatives: true)) ?? []
            let ms = Stopwatch.milliseconds(since: t)
            if routes.isEmpty { failedMs.append(ms) } else { routedMs.append(ms) }
        }
        JSONValue.print(["routed_ms": LatencySummary(routedMs).json, "failed_ms": LatencySummary(failedMs).json])
    }
}
