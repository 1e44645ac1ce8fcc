import RouteItCore

extension OfflineDirections {
    /// Travel times by the map's many-to-many search; distances, when asked, from each pair's
    /// route (the search keeps costs, not lengths).
    public func table(_ request: TravelTableRequest) async throws -> TravelTable {
        let engine = try loadedEngine()
        let durations: [[Double?]]
        do {
            durations = try MapDamage.checking {
                try engine.durationTable(from: request.sources.map(\.coordinate), to: request.destinations.map(\.coordinate),
                                         mode: request.transportType, avoid: request.avoid)
            }
        } catch {
            throw OfflineDirections.userError(error)
        }
        guard request.wantsDistances else { return TravelTable(durations: durations, distances: nil) }
        let byRoute = try await OneToOneTable.table(request, using: self)
        return TravelTable(durations: durations, distances: byRoute.distances)
    }
}
