import RouteItCore

/// A whole administrative outline of the map (`boundary=administrative`): a country
/// (`admin_level=2`, with its ISO code) or a town (`admin_level=8`), as closed rings. A point is
/// in it when a ray from it crosses its rings an odd number of times, so inner rings (an
/// enclave) are holes and several outer rings (islands) all count, without knowing which is which.
struct AdminOutline {
    enum Level: Int {
        case country = 2
        case town = 8
    }

    var level: Level
    var name: String
    /// Upper-case ISO 3166-1 alpha-2: a country's own; a town's when its addresses agree on one.
    var countryCode: String?
    var rings: [[Coordinate]]

    func contains(_ p: Coordinate) -> Bool {
        rings.reduce(0) { $0 + Self.crossings(of: $1, eastOf: p) } % 2 == 1
    }

    /// How many edges of `ring` a ray going east from `p` crosses.
    static func crossings(of ring: [Coordinate], eastOf p: Coordinate) -> Int {
        var count = 0
        for (a, b) in zip(ring, ring.dropFirst()) where (a.latitude > p.latitude) != (b.latitude > p.latitude) {
            let t = (p.latitude - a.latitude) / (b.latitude - a.latitude)
            if a.longitude + t * (b.longitude - a.longitude) > p.longitude { count += 1 }
        }
        return count
    }

    /// The ring with points closer than `metres` to the line kept dropped (Douglas-Peucker), its
    /// ends kept: an outline's every survey point is not needed to tell a street's town.
    static func simplified(_ ring: [Coordinate], metres: Double) -> [Coordinate] {
        guard ring.count > 4 else { return ring }
        var keep = [Bool](repeating: false, count: ring.count)
        keep[0] = true
        keep[ring.count - 1] = true
        // A closed ring's first and last points are one: split it at its farthest point first.
        let far = ring.indices.max { ring[0].distance(to: ring[$0]) < ring[0].distance(to: ring[$1]) }!
        keep[far] = true
        var spans = [(0, far), (far, ring.count - 1)]
        while let (from, to) = spans.popLast() {
            guard to > from + 1 else { continue }
            var worst = from, worstDistance = 0.0
            for i in (from + 1)..<to {
                let distance = Geometry.closestPoint(to: ring[i], onSegment: ring[from], ring[to]).1
                if distance > worstDistance { (worst, worstDistance) = (i, distance) }
            }
            if worstDistance > metres {
                keep[worst] = true
                spans += [(from, worst), (worst, to)]
            }
        }
        let kept = ring.indices.filter { keep[$0] }.map { ring[$0] }
        return kept.count >= 4 ? kept : ring
    }
}
