import Foundation
import XCTest
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

    /// The junctions of the best route between two fixture points, as the handlers see them.
    func junctions(_ d: OfflineDirections, _ a: (Double, Double), _ b: (Double, Double),
                           _ mode: TransportType = .car) throws -> (ManeuverBuilder, [RouteJunction]) {
        let engine = try d.loadedEngine()
        let legs = try XCTUnwrap(engine.routeLegs(from: RoadFixture.coordinate(a.0, a.1), to: RoadFixture.coordinate(b.0, b.1),
                                                  mode: mode, alternatives: false).first)
        let guide = ManeuverBuilder(net: engine.net, adjacency: engine.adjacency, mode: mode)
        let route = guide.guided(legs)
        var out: [RouteJunction] = []
        var last: Int?
        for i in legs.indices where route.isMeaningful[i] {
            if let last { out.append(RouteJunction(route, at: i, after: last, guide: guide)) }
            last = i
        }
        return (guide, out)
    }

    /// The junction where the route leaves the street `from`.
    func junction(leaving from: String, _ all: [RouteJunction]) throws -> RouteJunction {
        try XCTUnwrap(all.first { $0.arrivingLabel.shown == from && $0.label.shown != from })
    }
}
