import Foundation

/// Ordering a trip's stops for the day: the one use case behind the shell's `optimize` and
/// `routeit route --optimize`. Times come from the active `Directions` backend; the order comes
/// from `DayPlanner` (exact up to its `exactLimit` stops, its heuristic beyond, up to
/// `DayPlanner.maxStops`), with each stop's windows and opening hours, stays and priorities,
/// waiting (unless forbidden), the end of day and the trip's end.
public enum TripOrderPlanner {
    /// The order for `places` (`places[0]` is the start and stays first; the rest are the stops)
    /// without changing anything. `stopOrder` holds 0-based indices into `places.dropFirst()`:
    /// the stops visited, then the trip's end (when it ends at a stop), then the stops left out
    /// (`leftOut`), each said in `notes` with why. With a `departure`, stops are visited inside
    /// their windows and opening hours, waiting for an opening when `day.waits`. An order
    /// already as good is kept, so a trip is never shuffled for nothing. Cancelled while the
    /// planner searches (Ctrl-C), the best plan so far is returned, `stoppedEarly`. Throws
    /// `TripOrderError` (too many stops, no route), `InputError` (an end that is not a place),
    /// backend errors, or `CancellationError`.
    /// Messages name a place as `naming` says, in the front end's `wording`.
    public static func order(_ places: [TripPlace], transportType: TransportType, avoid: RoadAvoidance = [],
                             using directions: any Directions, departure: Date? = nil,
                             calendar: LocalCalendar = .fromEnvironment(), day: DayOptions = DayOptions(),
                             search: DayPlanOptions = DayPlanOptions(),
                             naming: StopNaming = .labels, wording: PlannerWording = .shell,
                             continuesStraight: Bool? = nil,
                             isCancelled: @escaping () -> Bool = { Task.isCancelled }) async throws -> TripOrderPlan {
        guard places.count >= 2 else { throw Alert.invalidTrip }
        let stopCount = places.count - 1
        // Refused before any route is asked for.
        guard stopCount <= DayPlanner.maxStops else { throw TripOrderError.tooManyStops(stopCount) }
        var end = TripEnd.start
        switch day.end {
        case .start: break
        case .anywhere: end = .anywhere
        case .place(let k):
            guard (1..<places.count).contains(k) else {
                throw InputError("The trip cannot end at place \(k + 1); it has places 1-\(places.count).")
            }
            end = .stop(k)
        }
        if day.days > 1, case .place = day.end {
            throw InputError("A trip over several days comes back to the start each day, or ends anywhere: end start, or end anywhere.")
        }
        var matrix = try await durationMatrix(for: places.map(\.item), transportType: transportType, avoid: avoid,
                                              departure: departure, using: directions)
        if day.days > 1, let departure {
            return try planDays(places, matrix: matrix, departure: departure, calendar: calendar, day: day, end: end,
                                search: search, naming: naming, wording: wording, isCancelled: isCancelled)
        }
        var (problem, spans) = try dayProblem(places, matrix: matrix, departure: departure, calendar: calendar, day: day, end: end)
        var plan = try DayPlanner.plan(problem, options: search, isCancelled: isCancelled)
        // Without a back by, a plan out past midnight is planned again with the windows it is
        // still out for as the next day's (`WindowDay`); not after Ctrl-C, which keeps this plan.
        let outUntil = isCancelled() ? nil
            : departure.flatMap { outPastMidnight(plan, places: places, departure: $0, calendar: calendar, day: day) }
        if let outUntil {
            (problem, spans) = try dayProblem(places, matrix: matrix, departure: departure, calendar: calendar, day: day,
                                              end: end, outUntil: outUntil)
            plan = try DayPlanner.plan(problem, options: search, isCancelled: isCancelled)
        }
        // The table lets a car turn round at its stops, which the trip then does not: a plan whose
        // windows or end of day hold only on those times is planned again on times that reach
        // and leave each stop by one side (never shorter than the route), so what it keeps holds.
        // An untimed trip keeps the table's order, which drives less.
        if continuesStraight ?? StopTurnaround.continuesStraight(transportType), !isCancelled(), problem.isTimed {
            let sided = try await sidedMatrix(for: places.map(\.item), free: matrix, transportType: transportType,
                                              avoid: avoid, departure: departure, using: directions)
            let (sidedProblem, sidedSpans) = try dayProblem(places, matrix: sided, departure: departure, calendar: calendar,
                                                            day: day, end: end, outUntil: outUntil)
            if DayPlanModel(sidedProblem).feasibleTravel(plan.order) == nil {
                (matrix, problem, spans) = (sided, sidedProblem, sidedSpans)
                plan = try DayPlanner.plan(problem, options: search, isCancelled: isCancelled)
            }
        }
        let stoppedEarly = isCancelled()
        if !stoppedEarly { try Task.checkCancellation() }
        guard !plan.dropped.contains(where: { $0.reason == .noRoute }) else { throw TripOrderError.noRoundTrip }

        // The order given, when it keeps every window and is as quick, stays.
        let given = problem.visitableStops
        let before = DayPlanModel(problem).feasibleTravel(given)
        var visits = plan.order, travel = plan.travel
        if plan.dropped.isEmpty, let before, before <= plan.travel * (1 + 1e-12) { (visits, travel) = (given, before) }
        let endStop: [Int] = if case .stop(let k) = end { [k] } else { [] }
        let newOrder = visits + endStop + plan.dropped.map(\.stop)
        let label = naming.labels(places, newOrder: newOrder)
        func named(_ index: Int) -> String { "\(label[index]) (\(places[index].item.shortName))" }

        var notes = plan.dropped.map { dropped in
            let place = places[dropped.stop]
            let why = DropReasonText.text(dropped.reason, place: place, departure: departure,
                                          arrival: departure.map { $0 + matrix[0, dropped.stop] }, calendar: calendar,
                                          options: day, wording: wording, outUntil: outUntil)
            return "\(place.item.shortName) (\(label[dropped.stop])) is left out: \(why)."
        }
        if visits.isEmpty && endStop.isEmpty { throw TripOrderError.nothingFits([wording.nothingFits] + notes) }
        // Said only when some stop has hours or windows: a plan never claims a place is open
        // when its hours are not known.
        let constrained = given.filter { spans[$0] != nil }
        // Of the stops visited: one left out is not "planned as if open".
        let left = Set(plan.dropped.map(\.stop))
        let unknown = given.filter { spans[$0] == nil && !left.contains($0) }
        if !constrained.isEmpty && !unknown.isEmpty {
            let shown = naming == .newSlots ? newOrder : Array(places.indices)
            notes.append("Hours unknown: \(unknown.sorted { shown.firstIndex(of: $0)! < shown.firstIndex(of: $1)! }.map(named).joined(separator: ", ")); planned as if open.")
        }
        let improvement = TripOrderImprovement(order: TripOrder(stops: visits, duration: travel), before: before ?? .infinity)
        let leftOut = Array((visits.count + endStop.count)..<newOrder.count)
        var summaryNotes: [String] = []
        if before == nil && plan.dropped.isEmpty && unknown.isEmpty && !constrained.isEmpty {
            summaryNotes.append("Every stop is now reached while it is open.")
        }
        if stoppedEarly { summaryNotes.append("Stopped early: best plan so far.") }
        return TripOrderPlan(improvement: improvement, stopOrder: newOrder.map { $0 - 1 }, notes: notes,
                             beforeLate: before == nil && travel.isFinite, leftOut: leftOut,
                             summaryNotes: summaryNotes, stoppedEarly: stoppedEarly)
    }

    /// Travel times with each stop reached and left by the same side (`StopTurnaround.planningPlaces`),
    /// as a car drives the trip; a pair with no route so (a side no road reaches) keeps `free`'s
    /// time, so a trip the car can drive is never refused for its sides.
    static func sidedMatrix(for stops: [MapItem], free: DurationMatrix, transportType: TransportType, avoid: RoadAvoidance,
                            departure: Date?, using directions: any Directions) async throws -> DurationMatrix {
        var matrix = try await durationMatrix(for: StopTurnaround.planningPlaces(stops, continuesStraight: true),
                                              transportType: transportType, avoid: avoid, departure: departure, using: directions)
        for i in stops.indices { for j in stops.indices where i != j && !matrix[i, j].isFinite { matrix[i, j] = free[i, j] } }
        return matrix
    }

    /// Travel times between the stops (`stops[0]` is the trip's start) from any `Directions`
    /// service (the embedded router, OSRM, a test double) with one travel-table question: the
    /// backend's own many-to-many search where it has one, else one route per ordered pair
    /// (`OneToOneTable`). Pairs with no route are `.infinity`; backend errors are rethrown;
    /// cancelling the calling task throws `CancellationError`. With a `departure`, turn
    /// restrictions with times hold as for a trip leaving then.
    public static func durationMatrix(for stops: [MapItem], transportType: TransportType, avoid: RoadAvoidance = [],
                                      departure: Date? = nil, using directions: any Directions) async throws -> DurationMatrix {
        let table = try await directions.table(TravelTableRequest(sources: stops, destinations: stops, transportType: transportType,
                                                                  avoid: avoid, departureDate: departure))
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

    /// The planner's problem for one day leaving at `departure`: each place's windows and hours
    /// that day (`spans`, per place; nil = any time), stays, priorities, the end of day and end.
    /// Windows past midnight are the next day's as `WindowDay` says: up to the end of day, or
    /// without a back by up to `outUntil` (when a plan found the trip out then).
    /// `nextDeparture`: over `days N`, when the next day leaves; the day must be over by then
    /// (a long stay cannot run into the next day's trip), whatever its back by.
    static func dayProblem(_ places: [TripPlace], matrix: DurationMatrix, departure: Date?, calendar: LocalCalendar,
                           day: DayOptions, end: TripEnd, outUntil: Date? = nil,
                           nextDeparture: Date? = nil) throws -> (DayPlanProblem, [[ClosedRange<Date>]?]) {
        let endOfDay = departure.flatMap { day.endOfDay(departure: $0, calendar: calendar) }
        let start = departure?.timeIntervalSinceReferenceDate ?? 0
        let windowDay = departure.map { WindowDay(departure: $0, outUntil: endOfDay ?? outUntil, calendar: calendar) }
        let spans: [[ClosedRange<Date>]?] = places.indices.map { index in
            guard let windowDay, index > 0, end != .stop(index) else { return nil }
            return TripDay.visitSpans(for: places[index], on: windowDay)
        }
        // The problem's empty list means "any time"; a place never open gets a span that no
        // visit can start in (it ends before the trip leaves).
        let windows = spans.map { spans -> [ClosedRange<Double>] in
            guard let spans else { return [] }
            if spans.isEmpty { return [(start - 1)...(start - 1)] }
            return spans.map { $0.lowerBound.timeIntervalSinceReferenceDate...$0.upperBound.timeIntervalSinceReferenceDate }
        }
        let problem = DayPlanProblem(matrix: matrix, departure: start, stays: [0] + places.dropFirst().map(\.stay),
                                     windows: windows, priorities: places.map(\.priority),
                                     backBy: latestEnd(endOfDay: endOfDay, nextDeparture: nextDeparture),
                                     end: end, allowsWaiting: day.waits)
        return (problem, spans)
    }

    /// The problem's back by: the end of day (its last minute in it, as `route` judges), but
    /// never past the next day's departure.
    private static func latestEnd(endOfDay: Date?, nextDeparture: Date?) -> Double? {
        let backBy = endOfDay.map { $0.timeIntervalSinceReferenceDate + VisitCheck.lastMinute }
        guard let next = nextDeparture?.timeIntervalSinceReferenceDate else { return backBy }
        return min(backBy ?? next, next)
    }

    /// Over `days N`, when the day after day `index` leaves; nil for the last day.
    private static func nextDeparture(after index: Int, from departure: Date, calendar: LocalCalendar, day: DayOptions) -> Date? {
        index + 1 < day.days ? DayOptions.departure(ofDay: index + 1, from: departure, calendar: calendar) : nil
    }

    /// Without a back by: when `plan` (every window the departure day's) is still out after some
    /// stop's window comes round again the next day, its end; nil when the plan is not, or the
    /// day has a back by (which bounds it instead).
    static func outPastMidnight(_ plan: DayPlan, places: [TripPlace], departure: Date, calendar: LocalCalendar,
                                day: DayOptions) -> Date? {
        guard day.backBy == nil else { return nil }
        let end = Date(timeIntervalSinceReferenceDate: plan.endTime)
        return WindowDay.outUntilWithoutBackBy(Array(places.dropFirst()), departure: departure, end: end, calendar: calendar)
    }

    /// `days N`: day after day, each plans the stops not visited yet with that day's hours,
    /// leaving at the departure's time of day; then across the days (`CrossDayMoves`): stops
    /// left out go into a day they fit, stops move to the day where they cost least. What no
    /// day fits is left out, said with the last day's reason. `dayLengths` says how many stops
    /// each day visits.
    static func planDays(_ places: [TripPlace], matrix: DurationMatrix, departure: Date, calendar: LocalCalendar,
                         day: DayOptions, end: TripEnd, search: DayPlanOptions = DayPlanOptions(),
                         naming: StopNaming = .labels, wording: PlannerWording = .shell,
                         isCancelled: @escaping () -> Bool) throws -> TripOrderPlan {
        // A day leaves out what later days take: the late search's seconds would go to stops the
        // days' search together places anyway, day after day up to its time cap.
        var search = search
        search.triesLate = false
        var remaining = Array(1..<places.count), days: [[Int]] = [], travel = 0.0
        var dropped: [DroppedStop] = [], lastDeparture = departure, stoppedEarly = false
        // Per day: how far a day without a back by is out past midnight (`outPastMidnight`).
        var outUntils: [Date?] = []
        for index in 0..<day.days where !remaining.isEmpty {
            lastDeparture = DayOptions.departure(ofDay: index, from: departure, calendar: calendar)
            let subset = [0] + remaining
            var sub = DurationMatrix(size: subset.count)
            for (a, i) in subset.enumerated() { for (b, j) in subset.enumerated() where a != b { sub[a, b] = matrix[i, j] } }
            let nextLeaves = nextDeparture(after: index, from: departure, calendar: calendar, day: day)
            let (problem, _) = try dayProblem(subset.map { places[$0] }, matrix: sub, departure: lastDeparture,
                                              calendar: calendar, day: day, end: end, nextDeparture: nextLeaves)
            var plan = try DayPlanner.plan(problem, options: search, isCancelled: isCancelled)
            let outUntil = isCancelled() ? nil : outPastMidnight(plan, places: subset.map { places[$0] }, departure: lastDeparture,
                                                                 calendar: calendar, day: day)
            if let outUntil {
                let night = try dayProblem(subset.map { places[$0] }, matrix: sub, departure: lastDeparture,
                                           calendar: calendar, day: day, end: end, outUntil: outUntil, nextDeparture: nextLeaves).0
                plan = try DayPlanner.plan(night, options: search, isCancelled: isCancelled)
            }
            outUntils.append(outUntil)
            stoppedEarly = stoppedEarly || isCancelled()
            guard !plan.dropped.contains(where: { $0.reason == .noRoute }) else { throw TripOrderError.noRoundTrip }
            days.append(plan.order.map { subset[$0] })
            travel += plan.travel
            dropped = plan.dropped.map { DroppedStop(stop: subset[$0.stop], reason: $0.reason) }
            remaining = dropped.map(\.stop)
        }
        if !stoppedEarly { try Task.checkCancellation() }
        if days.count > 1 {
            let models = try days.indices.map { index in
                let leaving = DayOptions.departure(ofDay: index, from: departure, calendar: calendar)
                return DayPlanModel(try dayProblem(places, matrix: matrix, departure: leaving, calendar: calendar, day: day,
                                                   end: end, outUntil: outUntils[index],
                                                   nextDeparture: nextDeparture(after: index, from: departure, calendar: calendar, day: day)).0)
            }
            (days, remaining) = CrossDayMoves(models: models).improve(days, unserved: remaining, isCancelled: isCancelled)
            let best = MultiDaySearch.improve(days, unserved: remaining, models: models, options: search, isCancelled: isCancelled)
            (days, remaining) = (best.days, best.unserved)
            // A Ctrl-C during the search keeps its best plan so far, said as such.
            stoppedEarly = stoppedEarly || isCancelled()
            // A stop the search traded for another (as important, less travel) is said with the last day's reason.
            let said = Set(dropped.map(\.stop))
            dropped = dropped.filter { remaining.contains($0.stop) }
                + remaining.filter { !said.contains($0) }.map { DroppedStop(stop: $0, reason: models[models.count - 1].reason(for: $0, besides: days[days.count - 1])) }
            travel = days.indices.reduce(0) { $0 + (models[$1].feasibleTravel(days[$1]) ?? 0) }
        }
        let visits = days.flatMap { $0 }
        let newOrder = visits + remaining
        let label = naming.labels(places, newOrder: newOrder)
        let notes = dropped.map { dropped in
            let place = places[dropped.stop]
            let why = DropReasonText.text(dropped.reason, place: place, departure: lastDeparture,
                                          arrival: lastDeparture + matrix[0, dropped.stop], calendar: calendar,
                                          options: day, wording: wording, outUntil: outUntils.last ?? nil)
            return "\(place.item.shortName) (\(label[dropped.stop])) is left out\(days.count > 1 ? " on every day" : ""): \(why)."
        }
        if visits.isEmpty { throw TripOrderError.nothingFits([wording.nothingFits] + notes) }
        let first = "Planned over \(days.count) day\(days.count == 1 ? "" : "s"): " + days.enumerated()
            .map { "day \($0 + 1) \($1.count) stop\($1.count == 1 ? "" : "s")" }.joined(separator: ", ") + "."
        return TripOrderPlan(improvement: TripOrderImprovement(order: TripOrder(stops: visits, duration: travel), before: .infinity),
                             stopOrder: newOrder.map { $0 - 1 }, notes: notes,
                             leftOut: Array(visits.count..<newOrder.count),
                             summaryNotes: stoppedEarly ? ["Stopped early: best plan so far."] : [],
                             stoppedEarly: stoppedEarly, dayLengths: days.map(\.count), daysSummary: first)
    }

    /// `order` for the entry's trip: its stops with a place are ordered; stops without one keep
    /// their relative order after them. `stopOrder` then indexes the entry's stops; the entry's
    /// end (`end SLOT`) must be a stop with a place.
    public static func plan(_ entry: EntryViewModel, transportType: TransportType, avoid: RoadAvoidance = [],
                            using directions: any Directions, departure: Date? = nil,
                            calendar: LocalCalendar = .fromEnvironment(), search: DayPlanOptions = DayPlanOptions(),
                            isCancelled: @escaping () -> Bool = { Task.isCancelled }) async throws -> TripOrderPlan {
        guard entry.canRoute, let start = entry.start.mapItem else { throw entry.invalidTripAlert }
        let routed = entry.stops.indices.filter { entry.stops[$0].isSelected }
        let unrouted = entry.stops.indices.filter { !entry.stops[$0].isSelected }
        let places = [TripPlace(item: start, label: "the start")] + routed.map { index in
            let slot = entry.stops[index]
            return TripPlace(item: slot.mapItem!, stay: slot.stay, label: EntryViewModel.label(forSlotAt: 1 + index),
                             windows: slot.windows, priority: slot.priority)
        }
        var day = entry.day
        if case .place(let slot) = day.end {
            guard let k = routed.firstIndex(of: slot - 1) else { throw entry.endWithoutPlace(slot) }
            day.end = .place(k + 1)
        }
        // The shell shows its slots in the new order: a stop is named by the slot it moves to.
        let found = try await order(places, transportType: transportType, avoid: avoid, using: directions,
                                    departure: departure, calendar: calendar, day: day, search: search,
                                    naming: .newSlots, isCancelled: isCancelled)
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
    /// Said above the directions: the stops left out and why, hours not known.
    public var notes: [String] = []
    /// The old order broke a window, an opening hour or the end of day.
    public var beforeLate = false
    /// 0-based positions in the new stop order of the stops left out (they come last).
    public var leftOut: [Int] = []
    /// Said after the saving only (not with the directions).
    public var summaryNotes: [String] = []
    /// Ctrl-C stopped the search: this is the best plan found by then.
    public var stoppedEarly = false
    /// `days N`: how many of the stops (in the new order) each day visits; empty for one day.
    public var dayLengths: [Int] = []
    /// `days N`: what the plan says first instead of the saving.
    public var daysSummary: String?

    /// What `optimize` prints before the directions (which say `notes`).
    public var summary: String {
        let first: String
        if let daysSummary {
            first = daysSummary
        } else if beforeLate {
            first = "Reordered for opening hours, windows and the end of day; the trip takes \(TravelTimeFormatter.string(from: improvement.order.duration)) of travel."
        } else {
            first = improvement.summary
        }
        return ([first] + summaryNotes).joined(separator: "\n")
    }
}

extension TripOrderImprovement {
    /// What `optimize` prints: `Saved 6m 12s`, or why nothing was saved.
    public var summary: String {
        if !before.isFinite { return "Saved: the old order had a leg without a route; the new one takes \(TravelTimeFormatter.string(from: order.duration))." }
        if saved <= 0.5 { return "Saved 0s: the stops are already in the order with the least travel." }
        return "Saved \(TravelTimeFormatter.string(from: saved))"
    }
}
