import RouteItCore

/// Where along a leg's drawn path each step's instruction belongs, for exports that put
/// instructions on points (GPX route points).
enum TripExportSteps {
    /// Path index → the instructions of the steps starting there. Steps are placed in order: each
    /// at the nearest path point at or after the previous step's, so a path that passes the same
    /// spot twice still gets them in driving order.
    static func instructionsByPoint(_ leg: Route, path: [Coordinate]) -> [Int: [String]] {
        guard !path.isEmpty else { return [:] }
        var placed: [Int: [String]] = [:]
        var from = 0
        for (n, step) in leg.steps.enumerated() {
            let isLast = n == leg.steps.count - 1
            guard let start = isLast && step.polyline.count <= 1 ? (step.polyline.first ?? path.last) : step.polyline.first else { continue }
            var best = from
            var bestDistance = Double.infinity
            for i in from..<path.count {
                let d = path[i].distance(to: start)
                if d < bestDistance { best = i; bestDistance = d }
                if d == 0 { break }
            }
            placed[best, default: []].append(step.instruction)
            from = best
        }
        return placed
    }
}
