import Foundation

/// Ordering a round trip's stops: the one use case behind the shell's `optimize` and
/// `routeit route --optimize`. Times come from the active `Directions` backend; the order comes
/// from `DayPlanner` (exact up to its `exactLimit` stops, its heuristic beyond, up to
/// `DayPlanner.maxStops`).
public enum TripOrderPlanner {
    /// The quickest round-trip order for `places` (`places[0]` is the start and stays first;
    /// the rest are the stops, with their stays and labels) without changing anything.
    /// `stopOrder` holds 0-based indices into `places.dropFirst()`. With a `departure`, stops
    /// with known opening hours are visited while open (their stays included): the least
    /// travel among such orders, exactly; when there is none, the least-late order, and the
    /// plan says which stops it is late for. An order already as good is kept, so a trip is
    /// never shuffled for nothing. Throws `TripOrderError` (too many stops, no round trip),
    /// backend errors, or `CancellationError`.
    public static func order(_ places: [TripPlace], transportType: TransportType, avoid: RoadAvoidance = [],
                             using directions: any Directions,
                             departure: Date? = nil, calendar: LocalCalendar = .fromEnvironment()) async throws -> TripOrderPlan {
        guard places.count >= 2 else { throw Alert.invalidTrip }
        let stopCount = places.count - 1
        // Refused before any route is asked for.
        guard stopCount <= DayPlanner.maxStops else { throw TripOrderError.tooManyStops(stopCount) }
        let matrix = try await durationMatrix(for: places.map(\.item), transportType: transportType, avoid: avoid, using: directions)
        let hours = places.map(\.item.openingHours)
        let current = Array(1..<places.count)
        guard let departure, hours.dropFirst().contains(where: { $0?.isKnown == true }) else {
            let plan = try DayPlanner.plan(DayPlanProblem(matrix: matrix), isCancelled: { Task.isCancelled })
            try Task.checkCancellation()
            // Without hours only a missing route drops a stop.
            guard plan.dropped.isEmpty else { throw TripOrderError.noRoundTrip }
            let before = matrix.roundTripDuration(visiting: current)
            // Sums in a different order can differ in the last bits; treat those as equal, and
            // keep an order already as quick (the heuristic beyond a dozen stops may not beat it).
            let keep = before <= plan.travel * (1 + 1e-12)
            let improvement = TripOrderImprovement(order: keep ? TripOrder(stops: current, duration: before)
                                                              : TripOrder(stops: plan.order, duration: plan.travel),
                                                   before: before)
            return TripOrderPlan(improvement: improvement, stopOrder: improvement.order.stops.map { $0 - 1 })
        }

        // Open spans from a day before the departure to a week after (long enough for any
        // round trip the app plans); unknown hours leave a stop unconstrained.
        let from = departure.addingTimeInterval(-86_400), to = departure.addingTimeInterval(8 * 86_400)
        let windows: [[ClosedRange<Double>]?] = hours.enumerated().map { index, hours in
            guard index > 0, let hours, hours.isKnown else { return nil }
            return hours.openSpans(from: from, to: to, in: calendar)
        }
        let problem = TimeWindowProblem(matrix: matrix, departure: departure.timeIntervalSinceReferenceDate,
                                        stays: [0] + places.dropFirst().map(\.stay), windows: windows)
        let before = problem.evaluate(current)
        var found = try bestTimedOrder(problem)
        if before.lateness <= found.lateness + 1e-9, before.travel <= found.travel * (1 + 1e-12) {
            found = TimedTripOrder(stops: current, travel: before.travel, lateness: before.lateness, lateStops: before.late)
        }
        try Task.checkCancellation()
        let improvement = TripOrderImprovement(order: TripOrder(stops: found.stops, duration: found.travel),
                                               before: before.lateness > 0 ? .infinity : before.travel)
        var notes: [String] = []
        if !found.reachesEveryStopInTime {
            let names = found.lateStops.map { "\(places[$0].label) (\(places[$0].item.shortName))" }
            notes.append("No order reaches every stop while it is open: \(names.joined(separator: ", ")) cannot be reached in time; the least-late order is kept.")
        } else if before.lateness > 0 {
            // A stop without known hours may be closed: it is named, never counted as open.
            let unknown = places.indices.dropFirst().filter { hours[$0]?.isKnown != true }
                .map { "\(places[$0].label) (\(places[$0].item.shortName))" }
            notes.append(unknown.isEmpty ? "Every stop is now reached while it is open."
                         : "Every stop with known hours is now reached while it is open; hours unknown: \(unknown.joined(separator: ", ")).")
        }
        return TripOrderPlan(improvement: improvement, stopOrder: found.stops.map { $0 - 1 },
                             notes: notes, beforeLate: before.lateness > 0)
    }

    /// Travel times between the stops (`stops[0]` is the trip's start) from any `Directions`
    /// service (the embedded router, OSRM, a test double) with one travel-table question: the
    /// backend's own many-to-many search where it has one, else one route per ordered pair
    /// (`OneToOneTable`). Pairs with no route are `.infinity`; backend errors are rethrown;
    /// cancelling the calling task throws `CancellationError`.
    public static func durationMatrix(for stops: [MapItem], transportType: TransportType, avoid: RoadAvoidance = [],
                                      using directions: any Directions) async throws -> DurationMatrix {
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

    /// Least travel among the orders that visit every stop while it is open, from `DayPlanner`
    /// without waiting (the trip's clock does not wait for an opening: arriving early is
    /// arriving while closed). When some stop cannot be, the least-late order: exact
    /// (`TimeWindowOptimizer`) within the entry's limit; beyond it, the stops that fit in order,
    /// then the others where they add the least travel.
    static func bestTimedOrder(_ problem: TimeWindowProblem) throws -> TimedTripOrder {
        let day = DayPlanProblem(matrix: problem.matrix, departure: problem.departure, stays: problem.stays,
                                 windows: problem.windows.map { $0 ?? [] }, allowsWaiting: false)
        let plan = try DayPlanner.plan(day, isCancelled: { Task.isCancelled })
        if plan.dropped.isEmpty {
            return TimedTripOrder(stops: plan.order, travel: plan.travel, lateness: 0, lateStops: [])
        }
        guard !plan.dropped.contains(where: { $0.reason == .noRoute }) else { throw TripOrderError.noRoundTrip }
        if problem.matrix.size - 1 <= TripOrderOptimizer.maxStops { return try TimeWindowOptimizer.optimalOrder(problem) }
        var order = plan.order
        for late in plan.dropped.map(\.stop) {
            let best = (0...order.count).min { a, b in
                var x = order, y = order
                x.insert(late, at: a)
                y.insert(late, at: b)
                return problem.matrix.roundTripDuration(visiting: x) < problem.matrix.roundTripDuration(visiting: y)
            } ?? order.count
            order.insert(late, at: best)
        }
        let value = problem.evaluate(order)
        return TimedTripOrder(stops: order, travel: value.travel, lateness: value.lateness, lateStops: value.late)
    }

    /// `order` for the entry's trip: its stops with a place are ordered; stops without one keep
    /// their relative order after them. `stopOrder` then indexes the entry's stops.
    public static func plan(_ entry: EntryViewModel, transportType: TransportType, avoid: RoadAvoidance = [],
                            using directions: any Directions,
                            departure: Date? = nil,
                            calendar: LocalCalendar = .fromEnvironment()) async throws -> TripOrderPlan {
        guard entry.canRoute, let start = entry.start.mapItem else { throw Alert.invalidTrip }
        let routed = entry.stops.indices.filter { entry.stops[$0].isSelected }
        let unrouted = entry.stops.indices.filter { !entry.stops[$0].isSelected }
        let places = [TripPlace(item: start, label: "the start")] + routed.compactMap { index in
            entry.stops[index].mapItem.map { TripPlace(item: $0, stay: entry.stops[index].stay, label: EntryViewModel.label(forSlotAt: 1 + index)) }
        }
        let found = try await order(places, transportType: transportType, avoid: avoid, using: directions,
                                    departure: departure, calendar: calendar)
        var plan = found
        plan.stopOrder = found.stopOrder.map { routed[$0] } + unrouted
        return plan
    }

    /// `plan`, then reorder `entry`'s stops (no hours considered).
    @discardableResult
    public static func optimize(_ entry: EntryViewModel, transportType: TransportType,
                                using directions: any Directions) async throws -> TripOrderImprovement {
        let plan = try await plan(entry, transportType: transportType, using: directions)
        try entry.reorderStops(plan.stopOrder)
        return plan.improvement
    }
}

/// A new stop order for the entry and what it saves.
public struct TripOrderPlan: Equatable, Sendable {
    public let improvement: TripOrderImprovement
    /// For `EntryViewModel.reorderStops`: 0-based indices into the current stops, in new order.
    public var stopOrder: [Int]
    /// What opening hours did to the order (said after the saving).
    public var notes: [String] = []
    /// The old order visited a stop outside its hours.
    public var beforeLate = false

    public init(improvement: TripOrderImprovement, stopOrder: [Int], notes: [String] = [], beforeLate: Bool = false) {
        self.improvement = improvement
        self.stopOrder = stopOrder
        self.notes = notes
        self.beforeLate = beforeLate
    }

    /// What `optimize` prints.
    public var summary: String {
        let first: String
        if beforeLate {
            first = "Reordered for opening hours; the round trip takes \(TravelTimeFormatter.string(from: improvement.order.duration)) of travel."
        } else {
            first = improvement.summary
        }
        return ([first] + notes).joined(separator: "\n")
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
