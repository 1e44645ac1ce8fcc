import Foundation

/// Fills a `DurationMatrix` for a trip's stops from any `Directions` service (the embedded
/// router, OSRM, a test double): one request per ordered pair, without alternatives (only the
/// quickest time matters), at most `maxConcurrentRequests` in flight. Cancelling the calling
/// task stops issuing requests and throws `CancellationError`.
public struct DurationMatrixBuilder: Sendable {
    public let directions: any Directions
    public let maxConcurrentRequests: Int

    public init(directions: any Directions, maxConcurrentRequests: Int = 4) {
        self.directions = directions
        self.maxConcurrentRequests = max(1, maxConcurrentRequests)
    }

    /// `stops[0]` is the trip's start. Pairs with no route (`DirectionsError.noRoute` or no
    /// routes returned) become `.infinity`; any other error (backend down, bad request) is
    /// rethrown, because a matrix full of holes would give a wrong "optimal" order.
    public func matrix(for stops: [MapItem], transportType: TransportType, avoid: RoadAvoidance = []) async throws -> DurationMatrix {
        var matrix = DurationMatrix(size: stops.count)
        let pairs = stops.indices.flatMap { i in stops.indices.compactMap { j in i == j ? nil : (i, j) } }
        let directions = self.directions
        try await withThrowingTaskGroup(of: (Int, Int, Double).self) { group in
            var pending = pairs[...]
            func launchNext() {
                guard let (i, j) = pending.popFirst() else { return }
                let request = DirectionsRequest(source: stops[i], destination: stops[j],
                                                transportType: transportType, requestsAlternateRoutes: false, avoid: avoid)
                group.addTask {
                    try Task.checkCancellation()
                    return (i, j, try await Self.quickestTime(for: request, using: directions))
                }
            }
            for _ in 0..<maxConcurrentRequests { launchNext() }
            while let (i, j, seconds) = try await group.next() {
                matrix[i, j] = seconds
                try Task.checkCancellation()
                launchNext()
            }
        }
        return matrix
    }

    private static func quickestTime(for request: DirectionsRequest, using directions: any Directions) async throws -> Double {
        do {
            let routes = try await directions.calculate(request)
            let times = routes.map(\.expectedTravelTime).filter { $0.isFinite && $0 >= 0 }
            return times.min() ?? .infinity
        } catch DirectionsError.noRoute {
            return .infinity
        }
    }
}
