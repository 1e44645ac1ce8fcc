import Foundation

/// The routed trip: one leg per consecutive pair of trip places, each the quickest alternative.
public final class DirectionsViewModel {
    public let legs: [DirectionsLeg]
    public let transportType: TransportType
    /// Credit for the map data the routes came from (e.g. `© OpenStreetMap contributors`).
    public let attribution: String?

    public init(legs: [DirectionsLeg], transportType: TransportType, attribution: String? = nil) {
        self.legs = legs
        self.transportType = transportType
        self.attribution = attribution
    }

    public var totalTravelTime: TimeInterval { legs.reduce(0) { $0 + $1.route.expectedTravelTime } }
    public var totalDistance: Double { legs.reduce(0) { $0 + $1.route.distance } }

    /// Routes every leg of `trip` (alternatives requested; the quickest kept). Legs run
    /// concurrently, the result keeps trip order. A leg without a route is the
    /// `Directions not available.` alert; cancellation propagates as `CancellationError`.
    public static func calculate(trip: [MapItem], transportType: TransportType, using directions: Directions,
                                 attribution: String? = nil) async throws -> DirectionsViewModel {
        guard trip.count >= 2 else { throw Alert.invalidTrip }
        let pairs = Array(zip(trip, trip.dropFirst()))
        let routes = try await withThrowingTaskGroup(of: (Int, Route).self) { group -> [Route] in
            for (index, pair) in pairs.enumerated() {
                let request = DirectionsRequest(source: pair.0, destination: pair.1,
                                                transportType: transportType, requestsAlternateRoutes: true)
                group.addTask { (index, try await quickestRoute(for: request, using: directions)) }
            }
            var found = [Route?](repeating: nil, count: pairs.count)
            for try await (index, route) in group { found[index] = route }
            return found.map { $0! }
        }
        try Task.checkCancellation()
        let legs = zip(pairs, routes).map { DirectionsLeg(source: $0.0.0, destination: $0.0.1, route: $0.1) }
        return DirectionsViewModel(legs: legs, transportType: transportType, attribution: attribution)
    }

    /// The alternative with the least expected travel time (its street names cleaned for the
    /// terminal); no route at all, or one without a single step, is the alert.
    static func quickestRoute(for request: DirectionsRequest, using directions: Directions) async throws -> Route {
        let routes: [Route]
        do {
            routes = try await directions.calculate(request)
        } catch DirectionsError.noRoute {
            throw Alert.directionsNotAvailable
        }
        guard let quickest = routes.filter({ !$0.steps.isEmpty }).min(by: { $0.expectedTravelTime < $1.expectedTravelTime }) else {
            throw Alert.directionsNotAvailable
        }
        return quickest.terminalSafe
    }
}
