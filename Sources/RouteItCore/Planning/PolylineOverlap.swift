import Foundation

/// How much of one polyline runs along another, in flat-earth metres (a few kilometres at most).
public enum PolylineOverlap {
    /// Samples along `line` at most: one every 4 m up to 200 km, sparser beyond, so a line of
    /// any length (a damaged map's can span the earth) costs a bounded time.
    static let maxSamples = 50_000

    /// The share of `line`'s length lying within `tolerance` metres of `other`.
    public static func share(of line: [Coordinate], alongside other: [Coordinate], tolerance: Double = 8) -> Double {
        share(of: line, alongsideAny: [other], tolerance: tolerance)
    }

    /// The share of `line`'s length lying within `tolerance` metres of any of `others`.
    public static func share(of line: [Coordinate], alongsideAny others: [[Coordinate]], tolerance: Double = 8) -> Double {
        guard line.count >= 2 else { return 0 }
        let lat0 = line[0].latitude, lon0 = line[0].longitude
        let ky = 6_371_008.8 * Double.pi / 180, kx = ky * cos(lat0 * .pi / 180)
        func xy(_ c: Coordinate) -> (Double, Double) { ((c.longitude - lon0) * kx, (c.latitude - lat0) * ky) }
        let a = line.map(xy)
        // Bounding boxes of runs of 16 segments of each other line prune the search.
        let chunk = 16
        var lines: [[(Double, Double)]] = []
        var boxes: [(minX: Double, minY: Double, maxX: Double, maxY: Double, line: Int, start: Int)] = []
        for other in others where other.count >= 2 {
            let b = other.map(xy)
            var s = 0
            while s < b.count - 1 {
                let e = min(b.count - 1, s + chunk)
                var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
                for p in b[s...e] { minX = min(minX, p.0); maxX = max(maxX, p.0); minY = min(minY, p.1); maxY = max(maxY, p.1) }
                boxes.append((minX - tolerance, minY - tolerance, maxX + tolerance, maxY + tolerance, lines.count, s))
                s = e
            }
            lines.append(b)
        }
        func near(_ p: (Double, Double)) -> Bool {
            for box in boxes where p.0 >= box.minX && p.0 <= box.maxX && p.1 >= box.minY && p.1 <= box.maxY {
                let b = lines[box.line]
                for i in box.start..<min(b.count - 1, box.start + chunk) {
                    let (x0, y0) = b[i], (x1, y1) = b[i + 1]
                    let dx = x1 - x0, dy = y1 - y0
                    let len2 = dx * dx + dy * dy
                    let t = len2 > 0 ? min(1, max(0, ((p.0 - x0) * dx + (p.1 - y0) * dy) / len2)) : 0
                    let ex = x0 + t * dx - p.0, ey = y0 + t * dy - p.1
                    if ex * ex + ey * ey <= tolerance * tolerance { return true }
                }
            }
            return false
        }
        let lengths = (0..<(a.count - 1)).map { hypot(a[$0 + 1].0 - a[$0].0, a[$0 + 1].1 - a[$0].1) }
        let spacing = max(4, lengths.filter(\.isFinite).reduce(0, +) / Double(maxSamples))
        var total = 0.0, shared = 0.0
        for i in 0..<(a.count - 1) {
            let (x0, y0) = a[i], (x1, y1) = a[i + 1]
            let length = lengths[i]
            guard length > 0, length.isFinite else { continue }
            let samples = max(1, Int((length / spacing).rounded(.up)))
            for k in 0..<samples {
                let t = (Double(k) + 0.5) / Double(samples)
                if near((x0 + t * (x1 - x0), y0 + t * (y1 - y0))) { shared += length / Double(samples) }
            }
            total += length
        }
        return total > 0 ? shared / total : 0
    }
}
