import Foundation

/// `optimize`: puts the entry's stops in the quickest round-trip order (the start stays first).
/// Times come from the active `Directions` backend; the order is exact (`TripOrderOptimizer`).
public enum TripOrderPlanner {
    /// Reorders `entry`'s stops and returns what changed. Stops without a place keep their
    /// relative order after the routed ones. Nothing changes when the trip is invalid, no round
    /// trip exists, or the task is cancelled (the matrix is built before anything is touched).
    @discardableResult
    public static func optimize(_ entry: EntryViewModel, transportType: TransportType, using directions: any Directions,
                                maxConcurrentRequests: Int = 4) async throws -> TripOrderImprovement {
        guard entry.canRoute, let start = entry.start.mapItem else { throw Alert.invalidTrip }
        let routed = entry.stops.indices.filter { entry.stops[$0].isSelected }
        let unrouted = entry.stops.indices.filter { !entry.stops[$0].isSelected }
        let places = [start] + routed.map { entry.stops[$0].mapItem! }

        let builder = DurationMatrixBuilder(directions: directions, maxConcurrentRequests: maxConcurrentRequests)
        let matrix = try await builder.matrix(for: places, transportType: transportType)
        let improvement = try TripOrderOptimizer.improve(Array(1..<places.count), in: matrix)
        try Task.checkCancellation()

        try entry.reorderStops(improvement.order.stops.map { routed[$0 - 1] } + unrouted)
        return improvement
    }
}

extension TripOrderImprovement {
    /// What `optimize` prints: `Saved 6m 12s`, or why nothing was saved.
    public var summary: String {
        if !before.isFinite { return "Saved: the old order had a leg without a route; the new one takes \(TravelTimeFormatter.string(from: order.duration))." }
        if saved <= 0.5 { return "Saved 0s: the stops are already in the quickest order." }
        return "Saved \(TravelTimeFormatter.string(from: saved))"
    }
}
