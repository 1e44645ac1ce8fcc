import Foundation

/// Fills a `DurationMatrix` for a trip's stops from any `Directions` service (the embedded
/// router, OSRM, a test double) with one travel-table question: the backend's own many-to-many
/// search where it has one, else one route per ordered pair (`OneToOneTable`). Pairs with no
/// route are `.infinity`; backend errors are
/// rethrown; cancelling the calling task throws `CancellationError`.
public struct DurationMatrixBuilder: Sendable {
    public let directions: any Directions

    public init(directions: any Directions) {
        self.directions = directions
    }

    /// `stops[0]` is the trip's start.
    public func matrix(for stops: [MapItem], transportType: TransportType, avoid: RoadAvoidance = []) async throws -> DurationMatrix {
        let table = try await directions.table(TravelTableRequest(sources: stops, destinations: stops,
                                                                  transportType: transportType, avoid: avoid))
        try Task.checkCancellation()
        var matrix = DurationMatrix(size: stops.count)
        for i in stops.indices {
            for j in stops.indices where i != j {
                let seconds = i < table.durations.count && j < table.durations[i].count ? table.durations[i][j] : nil
                if let seconds, seconds.isFinite, seconds >= 0 { matrix[i, j] = seconds }
            }
        }
        return matrix
    }
}
