import Foundation
import RouteItCore
import RouteItEngine

/// `routeit-bench inprocess --map MAP [--count 200] [--seed 42] [--mode car|walk|bike] [--dump FILE]`:
/// only the embedded router on the same seeded pairs as `routes` (no server), for profiling
/// under callgrind or perf. `--dump` writes every route's steps and line, so two builds of a
/// speed-up can be shown to give the same answers.
enum InProcessRoutesCommand {
    static func run(_ arguments: [String]) {
        let args = BenchArguments(arguments, allowed: ["map", "count", "seed", "mode", "dump"])
        let mapPath = args.required("map")
        let count = args.int("count", default: 200)
        var rng = SeededRandom(seed: UInt64(args.int("seed", default: 42)))
        guard let mode = TransportType(rawValue: args.string("mode") ?? "car") else { fail("--mode must be car, walk or bike", status: 2) }
        let dumpPath = args.string("dump")
        let (box, directions) = BenchMap.open(mapPath)
        var dump = ""
        var routedMs: [Double] = [], failedMs: [Double] = []
        for _ in 0..<count {
            let a = RouteBenchmark.randomPoint(in: box, &rng), b = RouteBenchmark.randomPoint(in: box, &rng)
            let t = Stopwatch.now()
            let routes = (try? directions.routes(from: a, to: b, mode: mode, alternatives: true)) ?? []
            let ms = Stopwatch.milliseconds(since: t)
            if dumpPath != nil { dump += describe(routes, from: a, to: b) }
            if routes.isEmpty { failedMs.append(ms) } else { routedMs.append(ms) }
        }
        if let path = dumpPath, !FileManager.default.createFile(atPath: path, contents: Data(dump.utf8)) {
            fail("cannot write \(path)")
        }
        JSONValue.print(["routed_ms": LatencySummary(routedMs).json, "failed_ms": LatencySummary(failedMs).json])
    }

    private static func describe(_ routes: [Route], from a: Coordinate, to b: Coordinate) -> String {
        var text = "\(a) -> \(b): \(routes.count) routes\n"
        for route in routes {
            text += "  \(route.name) \(route.distance) m \(route.expectedTravelTime) s, \(route.polyline.count) points\n"
            for step in route.steps {
                text += "    \(step.instruction) | \(step.distance) | \(step.expectedTravelTime) | \(step.polyline.count) | \(step.streetName ?? "-")\n"
            }
        }
        return text
    }
}
