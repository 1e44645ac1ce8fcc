import Foundation
import RouteItCore

/// Small planar geometry on lat/lon, good at city scale (equirectangular around the point).
enum Geometry {
    static func mean(of points: [Coordinate]) -> Coordinate? {
        guard !points.isEmpty else { return nil }
        let lat = points.reduce(0) { $0 + $1.latitude } / Double(points.count)
        let lon = points.reduce(0) { $0 + $1.longitude } / Double(points.count)
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// Area centroid of a closed ring (building outline); the mean for lines or degenerate rings.
    static func centroid(of points: [Coordinate]) -> Coordinate? {
        guard points.count >= 4, points.first == points.last else { return mean(of: points) }
        let origin = points[0]
        var area = 0.0, cx = 0.0, cy = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            let ax = a.longitude - origin.longitude, ay = a.latitude - origin.latitude
            let bx = b.longitude - origin.longitude, by = b.latitude - origin.latitude
            let cross = ax * by - bx * ay
            area += cross
            cx += (ax + bx) * cross
            cy += (ay + by) * cross
        }
        guard abs(area) > 1e-14 else { return mean(of: points) }
        return Coordinate(latitude: origin.latitude + cy / (3 * area), longitude: origin.longitude + cx / (3 * area))
    }

    /// Metres east/north of `origin` (equirectangular).
    static func project(_ p: Coordinate, origin: Coordinate) -> (x: Double, y: Double) {
        let x = (p.longitude - origin.longitude) * Geodesy.roundMetresPerDegree * cos(origin.latitude * .pi / 180)
        let y = (p.latitude - origin.latitude) * Geodesy.roundMetresPerDegree
        return (x, y)
    }

    /// The closest point to `p` on segment a–b, and its distance in metres.
    static func closestPoint(to p: Coordinate, onSegment a: Coordinate, _ b: Coordinate) -> (Coordinate, Double) {
        let pa = project(a, origin: p), pb = project(b, origin: p)
        let dx = pb.x - pa.x, dy = pb.y - pa.y
        let lengthSquared = dx * dx + dy * dy
        var t = lengthSquared > 0 ? -(pa.x * dx + pa.y * dy) / lengthSquared : 0
        t = min(1, max(0, t))
        let point = Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * t,
                               longitude: a.longitude + (b.longitude - a.longitude) * t)
        let x = pa.x + dx * t, y = pa.y + dy * t
        return (point, (x * x + y * y).squareRoot())
    }

    /// Degrees of latitude and longitude spanning `metres` around `p` (for R*Tree boxes).
    static func degrees(metres: Double, at p: Coordinate) -> (lat: Double, lon: Double) {
        let lat = metres / Geodesy.roundMetresPerDegree
        let lon = metres / (Geodesy.roundMetresPerDegree * max(0.01, cos(p.latitude * .pi / 180)))
        return (lat, lon)
    }

    /// The point halfway along a polyline, by length.
    static func midpoint(of line: [Coordinate]) -> Coordinate? {
        guard let first = line.first else { return nil }
        let lengths = zip(line, line.dropFirst()).map { $0.distance(to: $1) }
        var remaining = lengths.reduce(0, +) / 2
        for (i, length) in lengths.enumerated() {
            if remaining <= length, length > 0 {
                let t = remaining / length
                let a = line[i], b = line[i + 1]
                return Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * t,
                                  longitude: a.longitude + (b.longitude - a.longitude) * t)
            }
            remaining -= length
        }
        return line.last ?? first
    }
}
