import RouteItCore

/// The routes chosen so far for one trip (the best first), kept ready for comparing alternative
/// candidates with: the stretches of road they drive, by edge, and their geometry, each filed
/// once however many candidates are compared.
struct ChosenRoutes {
    private(set) var routes: [[RouteLeg]] = []
    private var driven: [Int: [(lo: Double, hi: Double)]] = [:]
    private var overlap: PolylineOverlap

    init(best: [RouteLeg], polyline: [Coordinate], tolerance: Double) {
        overlap = PolylineOverlap(origin: polyline.first ?? Coordinate(latitude: 0, longitude: 0), tolerance: tolerance)
        append(best, polyline: polyline)
    }

    init(_ routes: [[RouteLeg]]) {
        overlap = PolylineOverlap(origin: Coordinate(latitude: 0, longitude: 0))
        for route in routes { append(route, polyline: []) }
    }

    mutating func append(_ legs: [RouteLeg], polyline: [Coordinate]) {
        routes.append(legs)
        for leg in legs { driven[leg.edge, default: []].append((min(leg.from, leg.to), max(leg.from, leg.to))) }
        overlap.add(polyline)
    }

    /// The share of the legs' length on the very stretches of road a chosen route drives. Every
    /// point of such a stretch lies on that route's polyline, so the geometric share is at
    /// least this (less `RoutingEngine.sharedRoadMargin`).
    func sharedRoadShare(_ legs: [RouteLeg]) -> Double {
        var total = 0.0, shared = 0.0
        for leg in legs {
            total += leg.distance
            let span = abs(leg.to - leg.from)
            guard span > 0, let stretches = driven[leg.edge] else { continue }
            let lo = min(leg.from, leg.to), hi = max(leg.from, leg.to)
            var covered = 0.0
            for s in stretches { covered = max(covered, min(hi, s.hi) - max(lo, s.lo)) }
            shared += leg.distance * max(0, covered) / span
        }
        return total > 0 ? shared / total : 0
    }

    /// Whether a chosen route drives the whole of the leg's stretch (so the leg's geometry lies
    /// on that route's).
    func drives(_ leg: RouteLeg) -> Bool {
        let lo = min(leg.from, leg.to), hi = max(leg.from, leg.to)
        return driven[leg.edge]?.contains { $0.lo <= lo && $0.hi >= hi } ?? false
    }

    /// The share of `polyline` within the tolerance of the chosen routes' geometry; `known[i]`:
    /// its segment from point i is on a stretch a chosen route drives.
    func geometricShare(_ polyline: [Coordinate], known: [Bool]) -> Double {
        overlap.share(of: polyline, known: known)
    }
}
