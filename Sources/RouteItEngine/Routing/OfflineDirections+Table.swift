import RouteItCore

extension OfflineDirections {
    /// The travel table, one route per pair for now.
    public func table(_ request: TravelTableRequest) async throws -> TravelTable {
        try await OneToOneTable.table(request, using: self)
    }
}
