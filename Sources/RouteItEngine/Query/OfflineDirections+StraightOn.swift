import Foundation
import RouteItCore
import Synchronization

/// A trip that leaves each stop the way it arrived, routed on the map (`StopTurnaround`): every
/// leg timed, without its steps, with each side of the road at its stops (up to four routes a
/// leg, on every core at once), the sides that make the trip quickest chosen, and only those
/// legs built with their steps, as one `calculate` each.
extension OfflineDirections {
    public func straightOnRoutes(_ legs: [DirectionsRequest]) async throws -> StraightOnLegs? {
        guard let sides = try straightOnSides(legs) else { return nil }
        var routes: [Route] = []
        for (i, leg) in legs.enumerated() {
            try Task.checkCancellation()
            var asked = leg
            asked.source.approach = sides[i]
            asked.destination.approach = sides[i + 1]
            // A leg that fails now (a place off the map, the map gone, cancelled): the legs one
            // by one, which say which and why, as for any trip.
            guard let found = try? await calculate(asked),
                  let quickest = found.filter(asked.accepts).min(by: { $0.expectedTravelTime < $1.expectedTravelTime }) else {
                return nil
            }
            routes.append(quickest)
        }
        return StraightOnLegs(routes: routes, sides: sides)
    }

    /// The side of the road per place that makes the straight-on trip quickest (nil: no choice
    /// has a route for every leg).
    func straightOnSides(_ legs: [DirectionsRequest]) throws -> [RoadSideApproach?]? {
        guard let first = legs.first else { return nil }
        let sides = StopTurnaround.sides([first.source] + legs.map(\.destination))
        let choices = StopTurnaround.choices(sides)
        let times = Mutex([StopTurnaround.LegChoice: Double]())
        let failure = Mutex<Error?>(nil)
        DispatchQueue.concurrentPerform(iterations: choices.count) { i in
            let choice = choices[i], leg = legs[choice.leg]
            do {
                let found = try routes(from: leg.source.coordinate, to: leg.destination.coordinate, mode: leg.transportType,
                                       alternatives: leg.requestsAlternateRoutes, quickestOnly: true, avoid: leg.avoid,
                                       departure: leg.departureDate, sourceApproach: choice.from ?? .unrestricted,
                                       targetApproach: choice.to ?? .unrestricted, steps: false)
                if let time = found.filter({ !$0.polyline.isEmpty }).map(\.expectedTravelTime).min() {
                    times.withLock { $0[choice] = time }
                }
            } catch is DirectionsError {
                // No route leaves or reaches the stop by that side.
            } catch {
                failure.withLock { $0 = error }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        let found = times.withLock { $0 }
        return StopTurnaround.cheapest(sides) { choice in
            found[choice].map { Route(distance: 0, expectedTravelTime: $0, transportType: first.transportType, polyline: [], steps: []) }
        }?.sides
    }
}
