import Foundation

/// How much of one polyline runs along another, in flat-earth metres (a few kilometres at most).
public enum PolylineOverlap {
    /// The share of `line`'s length lying within `tolerance` metres of `other`.
    public static func share(of line: [Coordinate], alongside other: [Coordinate], tolerance: Double = 8) -> Double {
        share(of: line, alongsideAny: [other], tolerance: tolerance)
    }

    /// The share of `line`'s length lying within `tolerance` metres of any of `others`: `line`
    /// sampled every 4 m or less, each sample on the shared part when some segment of the others
    /// lies within `tolerance` of it.
    public static func share(of line: [Coordinate], alongsideAny others: [[Coordinate]], tolerance: Double = 8) -> Double {
        guard line.count >= 2 else { return 0 }
        let lat0 = line[0].latitude, lon0 = line[0].longitude
        let ky = 6_371_008.8 * Double.pi / 180, kx = ky * cos(lat0 * .pi / 180)
        func xy(_ c: Coordinate) -> (Double, Double) { ((c.longitude - lon0) * kx, (c.latitude - lat0) * ky) }
        let a = line.map(xy)
        var segments = SegmentGrid(others.map { $0.map(xy) }, reach: tolerance)
        var total = 0.0, shared = 0.0
        for i in 0..<(a.count - 1) {
            let (x0, y0) = a[i], (x1, y1) = a[i + 1]
            let length = hypot(x1 - x0, y1 - y0)
            guard length > 0 else { continue }
            let samples = max(1, Int((length / 4).rounded(.up)))
            for k in 0..<samples {
                let t = (Double(k) + 0.5) / Double(samples)
                if segments.anyWithin(tolerance, of: (x0 + t * (x1 - x0), y0 + t * (y1 - y0))) { shared += length / Double(samples) }
            }
            total += length
        }
        return total > 0 ? shared / total : 0
    }
}

/// The segments of some polylines (flat metres) filed by the square cells they pass within
/// `reach` of, so that a point finds the few segments near it in its own cell: the cost of a
/// question does not grow with the lines' length (routes across a region run for thousands of
/// segments, and alternatives compare every sample of one with all of another). The filing is
/// two flat arrays sorted by cell, searched by bisection; the last cell asked is remembered, as
/// a line's consecutive samples mostly share one.
struct SegmentGrid {
    private static let cellSize = 64.0
    /// (cell, segment) pairs sorted by cell, each pair once.
    private var cellKeys: [UInt64] = []
    private var cellSegments: [Int32] = []
    private var ends: [(Double, Double, Double, Double)] = []
    private var lastKey: UInt64?
    private var lastRange: Range<Int> = 0..<0

    init(_ lines: [[(Double, Double)]], reach: Double) {
        let step = Self.cellSize
        var pairs: [(key: UInt64, segment: Int32)] = []
        for line in lines where line.count >= 2 {
            for i in 0..<(line.count - 1) {
                let (x0, y0) = line[i], (x1, y1) = line[i + 1]
                let id = Int32(ends.count)
                ends.append((x0, y0, x1, y1))
                // Points every `step` along the segment: any point within `reach` of it lies within
                // reach + step / 2 of one of them, so the cells around them hold every such point.
                let length = hypot(x1 - x0, y1 - y0)
                let points = max(1, Int((length / step).rounded(.up)))
                let margin = reach + step / 2
                for k in 0...points {
                    let t = Double(k) / Double(points)
                    let px = x0 + t * (x1 - x0), py = y0 + t * (y1 - y0)
                    for cx in Self.cell(px - margin)...Self.cell(px + margin) {
                        for cy in Self.cell(py - margin)...Self.cell(py + margin) {
                            pairs.append((Self.key(cx, cy), id))
                        }
                    }
                }
            }
        }
        pairs.sort { ($0.key, $0.segment) < ($1.key, $1.segment) }
        for pair in pairs where cellKeys.last != pair.key || cellSegments.last != pair.segment {
            cellKeys.append(pair.key)
            cellSegments.append(pair.segment)
        }
    }

    private static func cell(_ v: Double) -> Int32 {
        Int32(clamping: Int((v / cellSize).rounded(.down)))
    }

    private static func key(_ cx: Int32, _ cy: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: cx)) << 32 | UInt64(UInt32(bitPattern: cy))
    }

    /// The positions in the sorted arrays of `key`'s segments.
    private func range(of key: UInt64) -> Range<Int> {
        var lo = 0, hi = cellKeys.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if cellKeys[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        var end = lo
        while end < cellKeys.count && cellKeys[end] == key { end += 1 }
        return lo..<end
    }

    /// Whether a segment lies within `tolerance` (at most the `reach` filed by) of `p`.
    mutating func anyWithin(_ tolerance: Double, of p: (Double, Double)) -> Bool {
        let key = Self.key(Self.cell(p.0), Self.cell(p.1))
        if key != lastKey {
            lastKey = key
            lastRange = range(of: key)
        }
        for i in lastRange {
            let (x0, y0, x1, y1) = ends[Int(cellSegments[i])]
            let dx = x1 - x0, dy = y1 - y0
            let len2 = dx * dx + dy * dy
            let t = len2 > 0 ? min(1, max(0, ((p.0 - x0) * dx + (p.1 - y0) * dy) / len2)) : 0
            let ex = x0 + t * dx - p.0, ey = y0 + t * dy - p.1
            if ex * ex + ey * ey <= tolerance * tolerance { return true }
        }
        return false
    }
}
