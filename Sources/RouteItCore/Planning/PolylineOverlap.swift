import Foundation

/// How much of one polyline runs along others, in flat-earth metres (a few kilometres at most):
/// the share of its length, sampled every 4 m at most, lying within `tolerance` of them. The
/// others are filed once (boxes round runs of 16 segments) and any number of lines compared.
public struct PolylineOverlap {
    private let lat0: Double, lon0: Double, kx: Double, ky: Double
    private let tolerance: Double
    private var points: [(x: Double, y: Double)] = []
    /// Expanded by the tolerance; segments `start..<end` of `points` (each to the next point).
    private var boxes: [(minX: Double, minY: Double, maxX: Double, maxY: Double, start: Int, end: Int)] = []
    static let chunk = 16
    /// Samples along a line at most: one every 4 m up to 200 km, sparser beyond, so a line of
    /// any length (a damaged map's can span the earth) costs a bounded time.
    static let maxSamples = 50_000
    /// Metres a skip keeps clear of the tolerance's edge, against rounding.
    static let margin = 1e-6

    /// Compares lines against the ones `add`ed, projected flat around `origin`.
    public init(origin: Coordinate, tolerance: Double = 8) {
        lat0 = origin.latitude
        lon0 = origin.longitude
        ky = Geodesy.metresPerDegree
        kx = ky * cos(lat0 * .pi / 180)
        self.tolerance = tolerance
    }

    private func xy(_ c: Coordinate) -> (x: Double, y: Double) { ((c.longitude - lon0) * kx, (c.latitude - lat0) * ky) }

    /// One more line the compared ones may run along.
    public mutating func add(_ other: [Coordinate]) {
        guard other.count >= 2 else { return }
        let base = points.count
        points += other.map(xy)
        var s = base
        while s < points.count - 1 {
            let e = min(points.count - 1, s + PolylineOverlap.chunk)
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            for p in points[s...e] { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
            boxes.append((minX - tolerance, minY - tolerance, maxX + tolerance, maxY + tolerance, s, e))
            s = e
        }
    }

    /// How far `p` is from being within the tolerance of a line (no point nearer to `p` than
    /// that is), or, when ≤ 0, how far inside it is (every point that near to `p` is within).
    private func clearance(_ p: (x: Double, y: Double)) -> Double {
        var clear2 = Double.infinity      // squared distance to the nearest box `p` lies outside
        var clear = Double.infinity       // distance less the tolerance, to segments of boxes `p` lies in
        for box in boxes {
            let dx = max(box.minX - p.x, 0, p.x - box.maxX), dy = max(box.minY - p.y, 0, p.y - box.maxY)
            if dx > 0 || dy > 0 {
                clear2 = min(clear2, dx * dx + dy * dy)
                continue
            }
            for i in box.start..<box.end {
                let (x0, y0) = points[i], (x1, y1) = points[i + 1]
                let sx = x1 - x0, sy = y1 - y0
                let len2 = sx * sx + sy * sy
                let t = len2 > 0 ? min(1, max(0, ((p.x - x0) * sx + (p.y - y0) * sy) / len2)) : 0
                let ex = x0 + t * sx - p.x, ey = y0 + t * sy - p.y
                let d2 = ex * ex + ey * ey
                if d2 <= tolerance * tolerance { return d2.squareRoot() - tolerance }
                clear = min(clear, d2.squareRoot() - tolerance)
            }
        }
        return min(clear, clear2.squareRoot())
    }

    /// The share of `line`'s length within the tolerance of the added lines. `known[i]`: the
    /// segment from `line[i]` lies on one of them (counted whole, not sampled).
    public func share(of line: [Coordinate], known: [Bool] = []) -> Double {
        guard line.count >= 2 else { return 0 }
        let a = line.map(xy)
        let lengths = (0..<(a.count - 1)).map { hypot(a[$0 + 1].x - a[$0].x, a[$0 + 1].y - a[$0].y) }
        let spacing = max(4, lengths.filter(\.isFinite).reduce(0, +) / Double(PolylineOverlap.maxSamples))
        var total = 0.0, shared = 0.0
        // The last clearance vouches for the samples up to its distance along the line from
        // where it was taken (the line is no shorter than the straight way): `vouched` metres
        // are left of it, for samples `near` or not.
        var vouched = -1.0, near = false
        var sinceLast = 0.0       // metres along the line from the last sample to a segment's start
        for i in 0..<(a.count - 1) {
            let (x0, y0) = a[i], (x1, y1) = a[i + 1]
            let length = lengths[i]
            guard length > 0, length.isFinite else { continue }
            total += length
            if i < known.count && known[i] { shared += length; sinceLast += length; continue }
            let samples = max(1, Int((length / spacing).rounded(.up)))
            let step = length / Double(samples)
            for k in 0..<samples {
                vouched -= k == 0 ? sinceLast + step / 2 : step
                if vouched < 0 {
                    let t = (Double(k) + 0.5) / Double(samples)
                    let c = clearance((x0 + t * (x1 - x0), y0 + t * (y1 - y0)))
                    near = c <= 0
                    vouched = abs(c) - PolylineOverlap.margin
                }
                if near { shared += step }
            }
            sinceLast = step / 2
        }
        return total > 0 ? shared / total : 0
    }

    /// The share of `line`'s length lying within `tolerance` metres of `other`.
    public static func share(of line: [Coordinate], alongside other: [Coordinate], tolerance: Double = 8) -> Double {
        share(of: line, alongsideAny: [other], tolerance: tolerance)
    }

    /// The share of `line`'s length lying within `tolerance` metres of any of `others`.
    public static func share(of line: [Coordinate], alongsideAny others: [[Coordinate]], tolerance: Double = 8) -> Double {
        guard line.count >= 2 else { return 0 }
        var overlap = PolylineOverlap(origin: line[0], tolerance: tolerance)
        for other in others { overlap.add(other) }
        return overlap.share(of: line)
    }
}
