import Foundation
import RouteItCore
import RouteItEngine

/// `routeit-bench geocode --map MAP [--count 500] [--seed 7]`
///
/// Forward queries "Street Number" for addresses taken from the map itself (a seeded sample),
/// and reverse queries a few metres off each of those addresses; latency in process.
/// `--answers-out FILE` writes each forward query with its address point and RouteIt's top answer,
/// and each reverse query with its point, the address's street and RouteIt's street.
enum GeocodeBenchmark {
    static func run(_ arguments: [String]) {
        let args = BenchArguments(arguments, allowed: ["map", "count", "seed", "answers-out"])
        let mapPath = args.required("map")
        let count = args.int("count", default: 500)
        var rng = SeededRandom(seed: UInt64(args.int("seed", default: 7)))

        let openStart = Stopwatch.now()
        let geocoder: OfflineGeocoder
        var addresses: [(text: String, street: String, number: String, at: Coordinate)] = []
        do {
            let map = try RouteItMap(path: mapPath)
            geocoder = try OfflineGeocoder(map: map)
            let rows = try map.database.prepare("""
                SELECT street, housenumber, lat, lon FROM place
                WHERE kind = 0 AND street IS NOT NULL AND housenumber IS NOT NULL ORDER BY id
                """)
            while try rows.step() {
                guard let street = rows.string(0), let number = rows.string(1) else { continue }
                addresses.append(("\(street) \(number)", street, number, Coordinate(latitude: rows.double(2), longitude: rows.double(3))))
            }
        } catch {
            fail("\(mapPath): \(error)")
        }
        let openMs = Stopwatch.milliseconds(since: openStart)
        guard !addresses.isEmpty else { fail("\(mapPath) has no addresses") }
        let available = addresses.count
        addresses.shuffle(using: &rng)
        let sample = Array(addresses.prefix(count))

        for a in sample.prefix(20) {   // warm caches and prepared statements
            _ = try? geocoder.search(a.text)
            _ = try? geocoder.reverse(a.at)
        }

        var forwardMs: [Double] = [], found = 0
        var answers: [[String: Any]] = [], reverseAnswers: [[String: Any]] = []     // --answers-out
        for a in sample {
            let t = Stopwatch.now()
            let results = (try? geocoder.search(a.text)) ?? []
            let ms = Stopwatch.milliseconds(since: t)
            forwardMs.append(ms)
            if let top = results.first, top.coordinate.distance(to: a.at) < 100 { found += 1 }
            var answer: [String: Any] = ["query": a.text, "at": [a.at.latitude, a.at.longitude], "ms": JSONValue.number(ms)]
            if let top = results.first { answer["top"] = [top.coordinate.latitude, top.coordinate.longitude] }
            answers.append(answer)
        }
        var reverseMs: [Double] = [], reverseFound = 0
        for a in sample {
            // Up to ~10 m off the address point, as a tapped position would be.
            let at = Coordinate(latitude: a.at.latitude + Double.random(in: -0.00009...0.00009, using: &rng),
                                longitude: a.at.longitude + Double.random(in: -0.00018...0.00018, using: &rng))
            let t = Stopwatch.now()
            let result = try? geocoder.reverse(at)
            let ms = Stopwatch.milliseconds(since: t)
            reverseMs.append(ms)
            if result?.street == a.street { reverseFound += 1 }
            reverseAnswers.append(["at": [at.latitude, at.longitude], "street": a.street, "ms": JSONValue.number(ms),
                                   "answer": (result?.street).map { $0 as Any } ?? NSNull()])
        }
        if let path = args.string("answers-out") {
            guard let data = try? JSONSerialization.data(withJSONObject: ["forward": answers, "reverse": reverseAnswers]),
                  FileManager.default.createFile(atPath: path, contents: data) else { fail("cannot write \(path)") }
        }
        JSONValue.print([
            "addresses_in_map": available, "queries": sample.count, "open_ms": JSONValue.number(openMs),
            "forward_ms": LatencySummary(forwardMs).json,
            "forward_top_within_100m": JSONValue.number(Double(found) / Double(sample.count)),
            "reverse_ms": LatencySummary(reverseMs).json,
            "reverse_same_street": JSONValue.number(Double(reverseFound) / Double(sample.count)),
        ])
    }
}
