import Foundation

/// The Earth as RouteIt measures it, in one place: the sphere every distance (but a route's own
/// length, which is OSRM's: `SegmentLength`), grid and drawing uses, and the two rounder figures
/// some callers were tuned on. Each value is kept exactly as
/// its callers had it, so distances (and therefore routes and steps) stay as they were.
///
/// Deliberately not here: OSRM's own figures, kept beside the OSRM code they reproduce so the
/// parity is visible where it matters (`SegmentLength`: OSRM's WGS84 flat-earth segment
/// lengths; `PerceivedBearing`: OSRM's `EARTH_RADIUS` projection).
public enum Geodesy {
    /// Mean Earth radius (IUGG R₁), metres: the sphere of `distance` and of every
    /// equirectangular projection (snapping, grids, map drawing).
    public static let meanRadius = 6_371_008.8

    /// Metres per degree of latitude on that sphere (≈ 111,195 m).
    public static let metresPerDegree = meanRadius * Double.pi / 180

    /// A rounder figure (≈ the equator's 111,319.5 m per degree) that the import's planar
    /// geometry, its point grids and the map-area margin were written with. Kept apart from
    /// `metresPerDegree`: switching would move address clusters, street groups and R*Tree boxes.
    public static let roundMetresPerDegree = 111_320.0

    /// A little under `metresPerDegree`: a latitude difference times this is never more than
    /// the true distance, so a search may skip what lies farther (`PointGrid`).
    public static let metresPerDegreeAtMost = 111_000.0

    /// Great-circle distance in metres (haversine on `meanRadius`; plenty for city-scale trips).
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let dLat = (b.latitude - a.latitude) * .pi / 180
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2)
            + cos(a.latitude * .pi / 180) * cos(b.latitude * .pi / 180) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * meanRadius * asin(min(1, sqrt(h)))
    }

    /// Initial great-circle bearing from `a` to `b` in degrees, 0 = north, clockwise, in [0, 360).
    public static func bearing(_ a: Coordinate, _ b: Coordinate) -> Double {
        let φ1 = a.latitude * .pi / 180, φ2 = b.latitude * .pi / 180
        let Δλ = (b.longitude - a.longitude) * .pi / 180
        let y = sin(Δλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        let θ = atan2(y, x) * 180 / .pi
        return θ < 0 ? θ + 360 : θ
    }
}
