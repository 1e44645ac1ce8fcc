/// A travel table made of one route per pair, for a `Directions` that has no many-to-many
/// search of its own (test doubles, wrappers that add nothing to tables): at most
/// `maxConcurrentRequests` routes in flight; the same place at both ends is 0 (not asked); a pair with no
/// route is nil; any other error (a server down, a bad request) is rethrown, because a table
/// full of holes would give a wrong "optimal" order.
public enum OneToOneTable {
    public static func table(_ request: TravelTableRequest, using directions: any Directions,
                             maxConcurrentRequests: Int = 4) async throws -> TravelTable {
        let sources = request.sources, destinations = request.destinations
        var durations = [[Double?]](repeating: [Double?](repeating: nil, count: destinations.count), count: sources.count)
        var distances = durations
        let pairs = sources.indices.flatMap { i in destinations.indices.map { (i, $0) } }
        try await withThrowingTaskGroup(of: (Int, Int, Route?).self) { group in
            var pending = pairs[...]
            func launchNext() {
                guard let (i, j) = pending.popFirst() else { return }
                guard sources[i] != destinations[j] else {
                    durations[i][j] = 0
                    distances[i][j] = 0
                    return launchNext()
                }
                let leg = DirectionsRequest(source: sources[i], destination: destinations[j], transportType: request.transportType,
                                            requestsAlternateRoutes: false, avoid: request.avoid,
                                            departureDate: request.departureDate, detail: [])
                // On the global executor whatever the caller's: the routes run in parallel.
                group.addTask(executorPreference: globalConcurrentExecutor) {
                    try Task.checkCancellation()
                    return (i, j, try await quickest(leg, using: directions))
                }
            }
            for _ in 0..<max(1, maxConcurrentRequests) { launchNext() }
            while let (i, j, route) = try await group.next() {
                durations[i][j] = route?.expectedTravelTime
                distances[i][j] = route?.distance
                try Task.checkCancellation()
                launchNext()
            }
        }
        return TravelTable(durations: durations, distances: distances)
    }

    private static func quickest(_ request: DirectionsRequest, using directions: any Directions) async throws -> Route? {
        do {
            return try await directions.calculate(request)
                .filter { $0.expectedTravelTime.isFinite && $0.expectedTravelTime >= 0 }
                .min { $0.expectedTravelTime < $1.expectedTravelTime }
        } catch DirectionsError.noRoute {
            return nil
        }
    }
}
