import Foundation

/// A road segment's length and time as OSRM has them: the length every route reports, and the
/// time of driving and walking segments (bicycles are timed on it in ms). OSRM measures a
/// segment on the WGS84 ellipsoid by the FCC's flat-earth formula (Mapbox's cheap-ruler), with
/// coordinates on its 1e-6° grid and the ruler of the 0.05° band of latitude the segment lies
/// in, and times it in whole deciseconds, at least one. Walks are full of near-ties (a sidewalk
/// or the crossing beside it, two sides of a square) that differ by a tenth of a second; timed
/// the same way, the router settles them as OSRM does and its steps name the streets OSRM's
/// name (Helsinki, 300 walks: 143 to 152 of 189 same-path walks). A sphere is 0.2–0.4 % short
/// at 60° north, and by different amounts east–west and north–south, which decides such ties
/// differently.
enum SegmentLength {
    private static let flattening = 1 / 298.257223563
    private static let eccentricitySquared = flattening * (2 - flattening)
    /// OSRM's WGS84 semi-major axis, not `Geodesy`'s mean sphere: this file reproduces OSRM's
    /// segment lengths to the decisecond, and the sphere would settle walking ties otherwise.
    private static let metresPerDegree = 6_378_137.0 * .pi / 180

    /// The segment's length as OSRM measures it, metres.
    static func osrmMetres(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        func micro(_ v: Int32) -> Int { Int((Double(v) / 10).rounded()) }
        let lat1 = micro(a.lat), lat2 = micro(b.lat)
        let band = (abs((lat1 + lat2) / 2) - 1) / 50_000
        let cosLat = cos(Double(50_000 * band + 25_000) / 1e6 * .pi / 180)
        let w2 = 1 / (1 - eccentricitySquared * (1 - cosLat * cosLat))
        let w = w2.squareRoot()
        let kx = metresPerDegree * w * cosLat                          // per degree of longitude
        let ky = metresPerDegree * w * w2 * (1 - eccentricitySquared)  // per degree of latitude
        var dLon = Double(micro(b.lon) - micro(a.lon)) / 1e6
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        let dx = dLon * kx, dy = Double(lat2 - lat1) / 1e6 * ky
        return (dx * dx + dy * dy).squareRoot()
    }

    /// OSRM's time for a segment of `osrmMetres` at `kmh`: whole deciseconds, at least one.
    static func deciseconds(osrmMetres: Double, kmh: Double) -> Double {
        guard kmh > 0 else { return 0 }
        return max(1, (osrmMetres / (kmh / 3.6) * 10).rounded())
    }
}
