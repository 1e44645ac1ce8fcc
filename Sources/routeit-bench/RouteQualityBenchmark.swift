import Foundation
import RouteItCore
import RouteItEngine
import RouteItRemote

/// `routeit-bench quality --map MAP --osrm-port PORT --mode car|walk|bike [--pairs 300] [--seed 42]`
///
/// Seeded random trips inside the map's box, each asked of the embedded router and of
/// osrm-routed (serving the matching profile) through RouteIt's OSRM backend, both with
/// alternatives; both answers are read back from their sentences (`RouteQualityTally`).
enum RouteQualityBenchmark {
    static func run(_ arguments: [String]) async {
        let args = BenchArguments(arguments, allowed: ["map", "osrm-port", "mode", "pairs", "seed", "dump"])
        let mapPath = args.required("map")
        guard let port = UInt16(args.required("osrm-port")) else { fail("--osrm-port must be a port number", status: 2) }
        guard let mode = TransportType(rawValue: args.string("mode") ?? "car") else { fail("--mode must be car, walk or bike", status: 2) }
        let wanted = args.int("pairs", default: 300)
        let seed = UInt64(args.int("seed", default: 42))

        let (box, ours) = BenchMap.open(mapPath, preload: false)
        let url = URL(string: "http://127.0.0.1:\(port)")!
        let reference = OSRMDirections(baseURL: url, walkingBaseURL: url, cyclingBaseURL: url,
                                       configuration: RemoteConfiguration(timeout: 10, maxAttempts: 1))
        // Walks stay within a walkable distance: two random points across a city are an hour apart.
        let modeSalt: UInt64 = [.walk: 0x57A1, .bike: 0xB1CE][mode] ?? 0
        var rng = SeededRandom(seed: seed ^ modeSalt)
        var tally = RouteQualityTally()
        var referenceErrors = 0
        // --dump FILE: every trip both engines route, both step lists side by side (for tuning the guidance).
        var dump: [String] = []
        for _ in 0..<wanted {
            let a = RouteBenchmark.randomPoint(in: box, &rng)
            var b = RouteBenchmark.randomPoint(in: box, &rng)
            if mode == .walk { b = within(2_500, of: a, towards: b) }
            let mine = (try? ours.routes(from: a, to: b, mode: mode, alternatives: true)) ?? []
            var theirs: [Route] = []
            do {
                theirs = try await reference.calculate(DirectionsRequest(
                    source: MapItem(placemark: Placemark(coordinate: a)), destination: MapItem(placemark: Placemark(coordinate: b)),
                    transportType: mode, requestsAlternateRoutes: true))
            } catch DirectionsError.noRoute {
            } catch DirectionsError.invalidRequest {      // NoSegment: no road within 5 km
            } catch {
                referenceErrors += 1
            }
            tally.add(from: a, to: b, ours: mine, reference: theirs)
            if args.string("dump") != nil, let m = mine.first, let t = theirs.first {
                let same = RouteQualityTally.samePath(m, t)
                let verdict = !same ? "OTHER-PATH" : m.streetSequence == t.streetSequence ? "NAMES-AGREE" : "NAMES-DIFFER"
                func lines(_ r: Route) -> String {
                    r.steps.map { "    \($0.instruction) (\(Int($0.distance)) m)" }.joined(separator: "\n")
                }
                // How much of each route lies within 3 m of the other: below 1, the engines took
                // different ways somewhere (a sidewalk instead of its street, say).
                let close = min(PolylineOverlap.share(of: m.drawingPath, alongside: t.drawingPath, tolerance: 3),
                                PolylineOverlap.share(of: t.drawingPath, alongside: m.drawingPath, tolerance: 3))
                let times = String(format: "ours %.1f s %.1f m, osrm %.1f s %.1f m, within 3 m %.3f", m.expectedTravelTime, m.distance,
                                   t.expectedTravelTime, t.distance, close)
                dump.append("\(a.latitude),\(a.longitude) -> \(b.latitude),\(b.longitude) \(verdict) \(times)\n  ours:  \(m.streetSequence.joined(separator: " | "))\n  osrm:  \(t.streetSequence.joined(separator: " | "))\n  ours steps:\n\(lines(m))\n  osrm steps:\n\(lines(t))\n")
            }
        }
        if let path = args.string("dump") {
            try? dump.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        JSONValue.print(json(tally, mode: mode, referenceErrors: referenceErrors))
    }

    /// `b` moved towards `a` until it is at most `metres` away.
    static func within(_ metres: Double, of a: Coordinate, towards b: Coordinate) -> Coordinate {
        let d = a.distance(to: b)
        guard d > metres else { return b }
        let t = metres / d
        return Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * t,
                          longitude: a.longitude + (b.longitude - a.longitude) * t)
    }

    static func json(_ t: RouteQualityTally, mode: TransportType, referenceErrors: Int) -> [String: Any] {
        func counts(_ c: RouteQualityTally.StepCounts) -> [String: Any] {
            ["routes": c.routes, "u_turns": c.uTurns, "forks": c.forks, "roundabouts": c.roundabouts,
             "turns": c.turns, "unnamed_turn_share": JSONValue.number(c.unnamedTurnShare)]
        }
        func alternatives(_ a: RouteQualityTally.AlternativeStats) -> [String: Any] {
            ["per_query": JSONValue.number(a.perQuery), "alternatives": a.alternatives,
             "median_slowdown": a.medianSlowdown.map(JSONValue.number) ?? NSNull(),
             "median_overlap": a.medianOverlap.map(JSONValue.number) ?? NSNull()]
        }
        func point(_ c: Coordinate) -> String { String(format: "%.6f,%.6f", c.latitude, c.longitude) }
        return [
            "mode": mode.rawValue, "pairs": t.pairs, "both": t.both, "only_routeit": t.onlyOurs, "only_osrm": t.onlyReference,
            "neither": t.neither, "osrm_errors": referenceErrors,
            "same_path": t.samePath, "names_agree": t.namesAgree,
            "median_duration_difference": t.medianDurationDifference.map(JSONValue.number) ?? NSNull(),
            "osrm_forks_on_same_path": t.referenceForks, "forks_matched": t.forksMatched,
            "forks_matched_same_side": t.forksMatchedOnTheSameSide,
            "fork_recall": t.forkRecall.map(JSONValue.number) ?? NSNull(),
            "name_agreement": t.nameAgreement.map(JSONValue.number) ?? NSNull(),
            "routeit_steps": counts(t.ourCounts), "osrm_steps": counts(t.referenceCounts),
            "routeit_alternatives": alternatives(t.ourAlternatives), "osrm_alternatives": alternatives(t.referenceAlternatives),
            "name_examples": t.nameExamples.map { ["trip": "\(point($0.from)) → \(point($0.to))",
                                                   "routeit": $0.ours.joined(separator: " | "), "osrm": $0.reference.joined(separator: " | ")] },
            "step_examples": t.stepExamples.mapValues { $0.map { "\(point($0.0)) → \(point($0.1))" } },
            "only_osrm_examples": t.onlyReferenceExamples.map { "\(point($0.0)) → \(point($0.1))" },
        ]
    }
}
