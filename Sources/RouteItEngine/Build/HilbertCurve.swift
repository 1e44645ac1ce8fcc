/// Positions along a Hilbert curve over a bounding box: points near each other on the ground get
/// nearby positions, so arrays sorted by them keep a neighbourhood on few memory pages.
struct HilbertCurve {
    private let minLat: Int64, minLon: Int64
    private let spanLat: Int64, spanLon: Int64
    /// Cells per side: 2^16.
    static let side: UInt32 = 1 << 16

    init<S: Sequence>(covering points: S) where S.Element == GeoPoint {
        var minLat = Int64.max, maxLat = Int64.min, minLon = Int64.max, maxLon = Int64.min
        for p in points {
            minLat = min(minLat, Int64(p.lat)); maxLat = max(maxLat, Int64(p.lat))
            minLon = min(minLon, Int64(p.lon)); maxLon = max(maxLon, Int64(p.lon))
        }
        if minLat > maxLat { minLat = 0; maxLat = 0; minLon = 0; maxLon = 0 }
        self.minLat = minLat
        self.minLon = minLon
        spanLat = maxLat - minLat + 1
        spanLon = maxLon - minLon + 1
    }

    /// The point's position on the curve (points outside the box are clamped to its edge).
    func position(of p: GeoPoint) -> UInt64 {
        let side = Int64(HilbertCurve.side)
        let y = UInt32(min(side - 1, max(0, (Int64(p.lat) - minLat) * side / spanLat)))
        let x = UInt32(min(side - 1, max(0, (Int64(p.lon) - minLon) * side / spanLon)))
        return HilbertCurve.index(x: x, y: y)
    }

    /// The classic iterative mapping of a cell (x, y) to its distance along the curve.
    static func index(x: UInt32, y: UInt32) -> UInt64 {
        var x = x, y = y
        var d: UInt64 = 0
        var s = side / 2
        while s > 0 {
            let rx: UInt32 = x & s != 0 ? 1 : 0
            let ry: UInt32 = y & s != 0 ? 1 : 0
            d += UInt64(s) * UInt64(s) * UInt64((3 * rx) ^ ry)
            if ry == 0 {
                if rx == 1 {
                    x = side - 1 - x
                    y = side - 1 - y
                }
                swap(&x, &y)
            }
            s /= 2
        }
        return d
    }
}
