import Foundation
import RouteItCore
import RouteItEngine
import RouteItRemote

/// `routeit-bench routes --map MAP --osrm-port PORT [--pairs 1000] [--seed 42] [--max-candidates N]`
///
/// Random car trips inside the map's bounding box (seeded). Each candidate goes to osrm-routed
/// over a raw keep-alive loopback connection and to the embedded router in process, both with
/// steps, alternatives and full geometry; a pair counts once both route it. The kept pairs then
/// go through RouteIt's own OSRM backend (`OSRMDirections`) so the HTTP + decoding share shows.
/// Client-side JSON parsing of the raw answers is outside the timed span. `--pairs-out FILE`
/// writes the kept pairs with RouteIt's first route (duration s, distance m) for another peer.
enum RouteBenchmark {
    static func run(_ arguments: [String]) async {
        let args = BenchArguments(arguments, allowed: ["map", "osrm-port", "pairs", "seed", "max-candidates", "pairs-out"])
        let mapPath = args.required("map")
        guard let port = UInt16(args.required("osrm-port")) else { fail("--osrm-port must be a port number", status: 2) }
        let wanted = args.int("pairs", default: 1000)
        let seed = UInt64(args.int("seed", default: 42))
        let maxCandidates = args.int("max-candidates", default: wanted * 8)

        let loadStart = Stopwatch.now()
        let (box, directions) = BenchMap.open(mapPath)
        let loadMs = Stopwatch.milliseconds(since: loadStart)
        let raw = LoopbackHTTPClient(port: port)

        // Warm both sides (caches, lazily built structures, the TCP connection) with other pairs.
        var warmup = SeededRandom(seed: seed ^ 0xDEAD_BEEF)
        for _ in 0..<20 {
            let (a, b) = (randomPoint(in: box, &warmup), randomPoint(in: box, &warmup))
            _ = try? raw.get(osrmPath(a, b))
            _ = try? directions.routes(from: a, to: b, mode: .car, alternatives: true)
        }

        var rng = SeededRandom(seed: seed)
        var kept: [(Coordinate, Coordinate)] = []
        var inProcessMs: [Double] = [], osrmMs: [Double] = []
        var durationDiff: [Double] = [], distanceDiff: [Double] = []
        var durationRatio: [Double] = [], distanceRatio: [Double] = []   // signed: RouteIt / OSRM
        var ourRouteCounts = 0, osrmRouteCounts = 0
        var onlyOurs = 0, onlyOSRM = 0, neither = 0, tried = 0
        var inProcessNoRouteMs: [Double] = []
        var examples: [[String: String]] = []     // pairs only one engine routes, for whoever looks into them
        var keptRoutes: [[String: Any]] = []      // --pairs-out
        while kept.count < wanted && tried < maxCandidates {
            tried += 1
            let a = randomPoint(in: box, &rng), b = randomPoint(in: box, &rng)

            let t0 = Stopwatch.now()
            let answer = try? raw.get(osrmPath(a, b))
            let osrmTime = Stopwatch.milliseconds(since: t0)
            let osrmRoutes = answer.flatMap { parseOSRM($0.body) } ?? []

            let t1 = Stopwatch.now()
            var ours: [Route] = []
            var ourError = "no routes"
            do { ours = try directions.routes(from: a, to: b, mode: .car, alternatives: true) } catch { ourError = "\(error)" }
            let ourTime = Stopwatch.milliseconds(since: t1)

            switch (ours.isEmpty, osrmRoutes.isEmpty) {
            case (false, false):
                kept.append((a, b))
                inProcessMs.append(ourTime)
                osrmMs.append(osrmTime)
                ourRouteCounts += ours.count
                osrmRouteCounts += osrmRoutes.count
                let best = ours[0], reference = osrmRoutes[0]
                keptRoutes.append(["from": [a.latitude, a.longitude], "to": [b.latitude, b.longitude],
                                   "duration": JSONValue.number(best.expectedTravelTime), "distance": JSONValue.number(best.distance)])
                if reference.duration > 0 {
                    durationDiff.append(abs(best.expectedTravelTime - reference.duration) / reference.duration)
                    durationRatio.append(best.expectedTravelTime / reference.duration)
                }
                if reference.distance > 0 {
                    distanceDiff.append(abs(best.distance - reference.distance) / reference.distance)
                    distanceRatio.append(best.distance / reference.distance)
                }
            case (false, true):
                onlyOurs += 1
                if examples.count < 8 { examples.append(["only": "routeit", "from": "\(a)", "to": "\(b)", "osrm": osrmCode(answer)]) }
            case (true, false):
                onlyOSRM += 1
                inProcessNoRouteMs.append(ourTime)
                if examples.count < 8 { examples.append(["only": "osrm", "from": "\(a)", "to": "\(b)", "routeit": ourError]) }
            case (true, true): neither += 1; inProcessNoRouteMs.append(ourTime)
            }
        }
        raw.close()
        if let path = args.string("pairs-out") {
            guard let data = try? JSONSerialization.data(withJSONObject: keptRoutes),
                  FileManager.default.createFile(atPath: path, contents: data) else { fail("cannot write \(path)") }
        }

        // RouteIt through its own OSRM backend, same server, same pairs.
        let backend = OSRMDirections(baseURL: URL(string: "http://127.0.0.1:\(port)")!,
                                     configuration: RemoteConfiguration(timeout: 10, maxAttempts: 1))
        var backendMs: [Double] = []
        var backendFailures = 0
        for (a, b) in kept.prefix(min(kept.count, 5)) {   // warm the URLSession connection
            _ = try? await backend.calculate(request(a, b))
        }
        for (a, b) in kept {
            let t = Stopwatch.now()
            do {
                let routes = try await backend.calculate(request(a, b))
                backendMs.append(Stopwatch.milliseconds(since: t))
                if routes.isEmpty { backendFailures += 1 }
            } catch {
                backendFailures += 1
            }
        }

        let duration = LatencySummary(durationDiff), distance = LatencySummary(distanceDiff)
        JSONValue.print([
            "pairs": kept.count, "candidates": tried,
            "only_routeit": onlyOurs, "only_osrm": onlyOSRM, "neither": neither, "one_sided_examples": examples,
            "load_ms": JSONValue.number(loadMs),
            "inprocess_ms": LatencySummary(inProcessMs).json,
            "inprocess_noroute_ms": LatencySummary(inProcessNoRouteMs).json,
            "osrm_http_ms": LatencySummary(osrmMs).json,
            "osrm_backend_ms": LatencySummary(backendMs).json,
            "osrm_backend_failures": backendFailures,
            "routes_per_query_routeit": JSONValue.number(kept.isEmpty ? .nan : Double(ourRouteCounts) / Double(kept.count)),
            "routes_per_query_osrm": JSONValue.number(kept.isEmpty ? .nan : Double(osrmRouteCounts) / Double(kept.count)),
            "duration_rel_diff": ["median": JSONValue.number(duration.p50), "p95": JSONValue.number(duration.p95)],
            "distance_rel_diff": ["median": JSONValue.number(distance.p50), "p95": JSONValue.number(distance.p95)],
            "duration_ratio_median": JSONValue.number(LatencySummary(durationRatio).p50),
            "distance_ratio_median": JSONValue.number(LatencySummary(distanceRatio).p50),
        ])
    }

    /// A uniform point in the box shrunk by 5% on each side (extract edges are clipped roads).
    static func randomPoint(in box: BoundingBox, _ rng: inout SeededRandom) -> Coordinate {
        let dLat = (box.maxLatitude - box.minLatitude) * 0.05, dLon = (box.maxLongitude - box.minLongitude) * 0.05
        return Coordinate(latitude: Double.random(in: (box.minLatitude + dLat)...(box.maxLatitude - dLat), using: &rng),
                          longitude: Double.random(in: (box.minLongitude + dLon)...(box.maxLongitude - dLon), using: &rng))
    }

    /// The same query `OSRMDirections` sends.
    static func osrmPath(_ a: Coordinate, _ b: Coordinate) -> String {
        String(format: "/route/v1/driving/%.6f,%.6f;%.6f,%.6f?alternatives=true&steps=true&overview=full&geometries=geojson",
               a.longitude, a.latitude, b.longitude, b.latitude)
    }

    static func request(_ a: Coordinate, _ b: Coordinate) -> DirectionsRequest {
        DirectionsRequest(source: MapItem(placemark: Placemark(coordinate: a)),
                          destination: MapItem(placemark: Placemark(coordinate: b)),
                          transportType: .car, requestsAlternateRoutes: true)
    }

    /// OSRM's `code` (and message) of an answer, for the examples.
    static func osrmCode(_ answer: (status: Int, body: [UInt8])?) -> String {
        guard let answer else { return "no answer" }
        let object = (try? JSONSerialization.jsonObject(with: Data(answer.body))) as? [String: Any]
        return "HTTP \(answer.status) \(object?["code"] as? String ?? "?"): \(object?["message"] as? String ?? "")"
    }

    /// (duration s, distance m) of each route of an `Ok` answer; [] for NoRoute and errors.
    static func parseOSRM(_ body: [UInt8]) -> [(duration: Double, distance: Double)]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
              object["code"] as? String == "Ok", let routes = object["routes"] as? [[String: Any]] else { return nil }
        return routes.compactMap { r in
            guard let d = (r["duration"] as? NSNumber)?.doubleValue, let m = (r["distance"] as? NSNumber)?.doubleValue else { return nil }
            return (d, m)
        }
    }
}
