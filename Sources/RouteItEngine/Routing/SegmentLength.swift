import Foundation
import RouteItCore

/// The length of a road segment on the WGS84 ellipsoid, by the FCC's flat-earth formula
/// (47 CFR 73.208, as Mapbox's cheap-ruler has it): within 0.1 % of the geodesic for segments
/// under a few hundred kilometres, and what OSRM measures segments with. A sphere is 0.2–0.4 %
/// short at 60° north, and short by different amounts east–west and north–south.
enum SegmentLength {
    private static let flattening = 1 / 298.257223563
    private static let eccentricitySquared = flattening * (2 - flattening)
    private static let metresPerDegree = 6_378_137.0 * .pi / 180

    static func metres(_ a: Coordinate, _ b: Coordinate) -> Double {
        metres(dLat: b.latitude - a.latitude, dLon: b.longitude - a.longitude, at: (a.latitude + b.latitude) / 2)
    }

    /// A walking segment's time as OSRM has it: whole deciseconds (at least one) of its length
    /// on OSRM's 1e-6° grid, measured with the ruler of the 0.05° band of latitude it lies in.
    /// Walks are ties between parallel sidewalks and crossings to a tenth of a second; timed
    /// like this the router settles them as OSRM does, and names the streets OSRM names
    /// (Helsinki, 300 walks: 143 to 152 of 189 same-path walks name the same streets).
    static func deciseconds(_ a: GeoPoint, _ b: GeoPoint, kmh: Double) -> Double {
        guard kmh > 0 else { return 0 }
        func micro(_ v: Int32) -> Int { Int((Double(v) / 10).rounded()) }
        let lat1 = micro(a.lat), lat2 = micro(b.lat)
        let band = (abs((lat1 + lat2) / 2) - 1) / 50_000
        let metres = metres(dLat: Double(lat2 - lat1) / 1e6, dLon: Double(micro(b.lon) - micro(a.lon)) / 1e6,
                            at: Double(50_000 * band + 25_000) / 1e6)
        return max(1, (metres / (kmh / 3.6) * 10).rounded())
    }

    private static func metres(dLat: Double, dLon: Double, at latitude: Double) -> Double {
        let cosLat = cos(latitude * .pi / 180)
        let w2 = 1 / (1 - eccentricitySquared * (1 - cosLat * cosLat))
        let w = w2.squareRoot()
        let kx = metresPerDegree * w * cosLat                          // per degree of longitude
        let ky = metresPerDegree * w * w2 * (1 - eccentricitySquared)  // per degree of latitude
        let wrapped = dLon > 180 ? dLon - 360 : dLon < -180 ? dLon + 360 : dLon
        let dx = wrapped * kx, dy = dLat * ky
        return (dx * dx + dy * dy).squareRoot()
    }
}
