import Foundation

/// What the fixes themselves say of the user's travel where the receiver does not: the heading,
/// and the distance travelled for the summary.
struct TravelledMotion: Sendable {
    /// Metres travelled.
    private(set) var distance = 0.0
    /// The last position the heading was taken from.
    private var headingFrom: Coordinate?
    /// The last position counted in `distance` off the route.
    private var countedFrom: Coordinate?

    /// A fix without a heading (a GPX track has none) takes the direction from the last position
    /// at least 5 m away, not from the last fix: a walker, or a car turning round, moves less than
    /// 5 m a fix, and with no heading at all the match took the way back of an out-and-back for
    /// the way out (a noise-free replay of RouteIt's own route went off it).
    mutating func withHeading(_ fix: GuidanceFix) -> GuidanceFix {
        guard fix.heading == nil else {
            headingFrom = fix.coordinate
            return fix
        }
        guard let from = headingFrom else {
            headingFrom = fix.coordinate
            return fix
        }
        guard from.distance(to: fix.coordinate) >= 5 else { return fix }
        var withHeading = fix
        withHeading.heading = Geodesy.bearing(from, fix.coordinate)
        headingFrom = fix.coordinate
        return withHeading
    }

    /// Counts the travel to `fix`: on the route its progress along it (`alongRoute`, metres),
    /// elsewhere the straight line from the last counted position once it is beyond the fixes'
    /// noise. Summing every noisy fix counted 3.9 km for a 1.7 km drive at σ 5 m.
    mutating func travel(to fix: GuidanceFix, alongRoute: Double?) {
        defer { if alongRoute != nil { countedFrom = fix.coordinate } }
        if let alongRoute {
            distance += max(0, alongRoute)
            return
        }
        guard let from = countedFrom else {
            countedFrom = fix.coordinate
            return
        }
        let step = from.distance(to: fix.coordinate)
        if step >= max(10, 2 * (fix.accuracy ?? 5)) {
            distance += step
            countedFrom = fix.coordinate
        }
    }

    /// A confirmed jump (a receiver starting afresh far away) is no distance travelled.
    mutating func restart(at fix: GuidanceFix) {
        countedFrom = fix.coordinate
        headingFrom = fix.coordinate
    }
}
