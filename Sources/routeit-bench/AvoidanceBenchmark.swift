import Foundation
import RouteItCore
import RouteItEngine

/// `routeit-bench avoid --map MAP [--pairs 300] [--seed 42] [--avoid motorway,toll]`
///
/// The cost of avoiding roads: on the same seeded car trips (with alternatives, as the shell
/// asks), the embedded router plainly and with `--avoid`, one after the other per pair so load
/// changes hit both alike. Also how often avoiding changed the route (so the measure means
/// something) and how often a route had to use the avoided roads anyway.
enum AvoidanceBenchmark {
    static func run(_ arguments: [String]) {
        let args = BenchArguments(arguments, allowed: ["map", "pairs", "seed", "avoid"])
        let mapPath = args.required("map")
        let wanted = args.int("pairs", default: 300)
        let seed = UInt64(args.int("seed", default: 42))
        let avoid: RoadAvoidance
        do {
            avoid = try RoadAvoidance.parse([args.string("avoid") ?? "motorway,toll"])
        } catch {
            fail("--avoid: \(error)", status: 2)
        }
        let (box, directions) = BenchMap.open(mapPath)
        var warmup = SeededRandom(seed: seed ^ 0xA5A5)
        for _ in 0..<20 {
            let a = RouteBenchmark.randomPoint(in: box, &warmup), b = RouteBenchmark.randomPoint(in: box, &warmup)
            _ = try? directions.routes(from: a, to: b, mode: .car, alternatives: true)
            _ = try? directions.routes(from: a, to: b, mode: .car, alternatives: true, avoid: avoid)
        }
        var rng = SeededRandom(seed: seed)
        var plainMs: [Double] = [], avoidMs: [Double] = []
        var changed = 0, forced = 0, tried = 0
        while plainMs.count < wanted && tried < wanted * 8 {
            tried += 1
            let a = RouteBenchmark.randomPoint(in: box, &rng), b = RouteBenchmark.randomPoint(in: box, &rng)
            let t0 = Stopwatch.now()
            let plain = (try? directions.routes(from: a, to: b, mode: .car, alternatives: true)) ?? []
            let plainTime = Stopwatch.milliseconds(since: t0)
            let t1 = Stopwatch.now()
            let avoided = (try? directions.routes(from: a, to: b, mode: .car, alternatives: true, avoid: avoid)) ?? []
            let avoidTime = Stopwatch.milliseconds(since: t1)
            guard let p = plain.first, let v = avoided.first else { continue }
            plainMs.append(plainTime)
            avoidMs.append(avoidTime)
            if abs(p.expectedTravelTime - v.expectedTravelTime) > 1e-9 { changed += 1 }
            if !v.unavoidable.isEmpty { forced += 1 }
        }
        let plain = LatencySummary(plainMs), avoiding = LatencySummary(avoidMs)
        JSONValue.print([
            "avoid": avoid.classNames.joined(separator: ","),
            "pairs": plainMs.count,
            "plain_ms": plain.json,
            "avoid_ms": avoiding.json,
            "p50_ratio": JSONValue.number(avoiding.p50 / plain.p50),
            "changed_share": JSONValue.number(Double(changed) / Double(max(1, plainMs.count))),
            "forced_share": JSONValue.number(Double(forced) / Double(max(1, plainMs.count))),
        ])
    }
}
