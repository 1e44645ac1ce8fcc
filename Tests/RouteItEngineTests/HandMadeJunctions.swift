import Foundation
import RouteItCore
@testable import RouteItEngine

/// Guidance tests on hand-made junctions: points laid out by distance and angle, and a route's
/// steps read back as text and as the streets they name.
protocol HandMadeJunctions {}

extension HandMadeJunctions {
    func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    /// The streets the steps name, in order.
    func names(_ route: Route) -> [String] {
        route.steps.compactMap { step in
            let s = step.instruction
            guard let r = s.range(of: " onto ", options: .backwards) ?? s.range(of: " on ", options: .backwards) else { return nil }
            return String(s[r.upperBound...])
        }
    }

    /// The point `metres` from `origin` at `degrees` (x east, y north, in a fixture's metres).
    func point(_ metres: Double, _ degrees: Double, from origin: (Double, Double) = (0, 0)) -> (Double, Double) {
        (origin.0 + metres * cos(degrees * .pi / 180), origin.1 + metres * sin(degrees * .pi / 180))
    }
}
