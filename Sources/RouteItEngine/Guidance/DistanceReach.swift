import Foundation
import RouteItCore

/// Whether a point lies at least `metres` from an origin, exactly as `Coordinate.distance` (the
/// haversine) says, settled by a flat-earth estimate wherever that is clearly on one side:
/// guidance reads a heading over the first metres of every way at every junction of a route,
/// and each haversine costs four trigonometric calls.
struct DistanceReach {
    let origin: Coordinate
    let metres: Double
    private let metresPerDegree: Double
    private let metresPerDegreeEast: Double
    /// Near the poles, or over more than a kilometre, the flat estimate may drift by 1 % from the
    /// sphere (the east-west scale changes with latitude): the haversine decides.
    private let isFlatEnough: Bool

    init(from origin: Coordinate, metres: Double) {
        self.origin = origin
        self.metres = metres
        metresPerDegree = Geodesy.metresPerDegree
        metresPerDegreeEast = metresPerDegree * cos(origin.latitude * .pi / 180)
        isFlatEnough = abs(origin.latitude) < 80 && metres <= 1_000
    }

    func isReached(by p: Coordinate) -> Bool {
        let dLon = p.longitude - origin.longitude
        if isFlatEnough && abs(dLon) < 1 {
            let dy = (p.latitude - origin.latitude) * metresPerDegree, dx = dLon * metresPerDegreeEast
            let flat = (dx * dx + dy * dy).squareRoot()
            // Near `metres` (at most a kilometre) the estimate is off by under 0.1 %.
            if flat < metres * 0.99 { return false }
            if flat > metres * 1.01 { return true }
        }
        return origin.distance(to: p) >= metres
    }
}
