import Foundation

/// `optimize`: puts the entry's stops in the quickest round-trip order (the start stays first).
/// Times come from the active `Directions` backend; the order is exact (`TripOrderOptimizer`).
public enum TripOrderPlanner {
    /// Works out the quickest order for `entry`'s stops without changing anything, so the
    /// caller can apply it as an ordinary trip edit. Stops without a place keep their relative
    /// order after the routed ones. Throws the invalid-trip alert, `TripOrderError.noRoundTrip`
    /// when no order can be driven, backend errors, or `CancellationError`.
    public static func plan(_ entry: EntryViewModel, transportType: TransportType, using directions: any Directions,
                            maxConcurrentRequests: Int = 4) async throws -> TripOrderPlan {
        guard entry.canRoute, let start = entry.start.mapItem else { throw Alert.invalidTrip }
        let routed = entry.stops.indices.filter { entry.stops[$0].isSelected }
        let unrouted = entry.stops.indices.filter { !entry.stops[$0].isSelected }
        let places = [start] + routed.compactMap { entry.stops[$0].mapItem }

        let builder = DurationMatrixBuilder(directions: directions, maxConcurrentRequests: maxConcurrentRequests)
        let matrix = try await builder.matrix(for: places, transportType: transportType)
        let improvement = try TripOrderOptimizer.improve(Array(1..<places.count), in: matrix)
        try Task.checkCancellation()
        return TripOrderPlan(improvement: improvement, stopOrder: improvement.order.stops.map { routed[$0 - 1] } + unrouted)
    }

    /// `plan`, then reorder `entry`'s stops.
    @discardableResult
    public static func optimize(_ entry: EntryViewModel, transportType: TransportType, using directions: any Directions,
                                maxConcurrentRequests: Int = 4) async throws -> TripOrderImprovement {
        let plan = try await plan(entry, transportType: transportType, using: directions, maxConcurrentRequests: maxConcurrentRequests)
        try entry.reorderStops(plan.stopOrder)
        return plan.improvement
    }
}

/// A new stop order for the entry and what it saves.
public struct TripOrderPlan: Equatable, Sendable {
    public let improvement: TripOrderImprovement
    /// For `EntryViewModel.reorderStops`: 0-based indices into the current stops, in new order.
    public let stopOrder: [Int]
}

extension TripOrderImprovement {
    /// What `optimize` prints: `Saved 6m 12s`, or why nothing was saved.
    public var summary: String {
        if !before.isFinite { return "Saved: the old order had a leg without a route; the new one takes \(TravelTimeFormatter.string(from: order.duration))." }
        if saved <= 0.5 { return "Saved 0s: the stops are already in the quickest order." }
        return "Saved \(TravelTimeFormatter.string(from: saved))"
    }
}
