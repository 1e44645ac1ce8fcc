import Foundation

/// A route's geometry prepared for matching positions to it: points in local metres (a flat
/// projection around the route, plenty for a leg's extent), and the distance along the route
/// at each point.
public struct RouteLine: Sendable {
    /// Where a position lies against the line.
    public struct Match: Equatable, Sendable {
        /// Metres from the start along the line to the closest point.
        public var along: Double
        /// Metres from the position to that point.
        public var offset: Double
        /// The line's direction there, degrees clockwise from north.
        public var bearing: Double
    }

    public let coordinates: [Coordinate]
    private let xs: [Double]
    private let ys: [Double]
    /// Distance along the line at each point; the last is its length.
    public let cumulative: [Double]
    private let metresPerDegreeLongitude: Double

    public init(_ polyline: [Coordinate]) {
        let points = polyline.filter(\.isValid)
        coordinates = points.isEmpty ? [] : points
        let latitude = points.first?.latitude ?? 0
        metresPerDegreeLongitude = Geodesy.metresPerDegree * cos(latitude * .pi / 180)
        xs = points.map { $0.longitude * Geodesy.metresPerDegree * cos(latitude * .pi / 180) }
        ys = points.map { $0.latitude * Geodesy.metresPerDegree }
        var total = 0.0
        var sums = [Double]()
        sums.reserveCapacity(points.count)
        for i in points.indices {
            if i > 0 { total += hypot(xs[i] - xs[i - 1], ys[i] - ys[i - 1]) }
            sums.append(total)
        }
        cumulative = sums
    }

    public var length: Double { cumulative.last ?? 0 }
    public var isEmpty: Bool { coordinates.isEmpty }

    /// The closest point of the line to `coordinate`, looking only at the part between `from`
    /// and `to` metres along (the whole line by default). Where the line passes the same place
    /// twice (a loop, there and back), a part going the way of `heading` wins, then the part
    /// nearest `expected` metres along. nil for an empty line.
    public func match(_ coordinate: Coordinate, heading: Double? = nil, expected: Double? = nil,
                      from: Double = -.infinity, to: Double = .infinity) -> Match? {
        guard !coordinates.isEmpty else { return nil }
        let px = coordinate.longitude * metresPerDegreeLongitude, py = coordinate.latitude * Geodesy.metresPerDegree
        if coordinates.count == 1 { return Match(along: 0, offset: hypot(px - xs[0], py - ys[0]), bearing: 0) }
        var best: (match: Match, score: Double)?
        for i in 1..<coordinates.count {
            guard cumulative[i] >= from, cumulative[i - 1] <= to else { continue }
            let dx = xs[i] - xs[i - 1], dy = ys[i] - ys[i - 1]
            let lengthSquared = dx * dx + dy * dy
            guard lengthSquared > 0 else { continue }
            let t = max(0, min(1, ((px - xs[i - 1]) * dx + (py - ys[i - 1]) * dy) / lengthSquared))
            let offset = hypot(px - (xs[i - 1] + t * dx), py - (ys[i - 1] + t * dy))
            let along = cumulative[i - 1] + t * sqrt(lengthSquared)
            let bearing = Self.compass(dx: dx, dy: dy)
            // Metres of offset a wrong way or a far place along are worth: enough to pick the
            // right one of two passes a few metres apart, never to leave a nearer road for a far one.
            var score = offset
            if let heading, Self.angle(heading, bearing) > 100 { score += 40 }
            if let expected { score += min(40, max(0, abs(along - expected) - 20) * 0.5) }
            if best == nil || score < best!.score {
                best = (Match(along: along, offset: offset, bearing: bearing), score)
            }
        }
        if best == nil, let only = coordinates.indices.first(where: { cumulative[$0] >= from && cumulative[$0] <= to }) {
            return Match(along: cumulative[only], offset: hypot(px - xs[only], py - ys[only]), bearing: 0)
        }
        return best?.match
    }

    /// The point `along` metres from the start (clamped to the line).
    public func coordinate(at along: Double) -> Coordinate? {
        guard let first = coordinates.first else { return nil }
        guard along > 0 else { return first }
        guard let i = cumulative.firstIndex(where: { $0 >= along }) else { return coordinates.last }
        let span = cumulative[i] - cumulative[i - 1]
        let t = span > 0 ? (along - cumulative[i - 1]) / span : 0
        let a = coordinates[i - 1], b = coordinates[i]
        return Coordinate(latitude: a.latitude + t * (b.latitude - a.latitude), longitude: a.longitude + t * (b.longitude - a.longitude))
    }

    /// Degrees clockwise from north of a step east `dx`, north `dy`.
    static func compass(dx: Double, dy: Double) -> Double {
        let degrees = atan2(dx, dy) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// The smaller angle between two bearings, 0...180.
    public static func angle(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return d > 180 ? 360 - d : d
    }
}
