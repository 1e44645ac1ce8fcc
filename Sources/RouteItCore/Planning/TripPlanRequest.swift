import Foundation

/// A whole trip asked for at once, as the one-shot tools ask: places in the order given, the
/// departure, how to travel, and whether to order the stops or offer alternatives. Answered by
/// the same use cases the shell's `optimize` and `route` call, so both front ends give the same
/// order, clock times and warnings for the same trip.
public struct TripPlanRequest: Sendable {
    public var places: [TripPlace]
    public var departure: Date
    public var calendar: LocalCalendar
    public var transportType: TransportType
    public var avoid: RoadAvoidance
    /// Up to three routes between two places (more places: the quickest per leg, as always).
    public var alternatives: Bool
    /// A round trip from the first place through the others in the order with the least travel (the shell's
    /// `optimize`); otherwise the places are visited in the order given.
    public var optimize: Bool
    /// Waiting for windows, the end of day and where the trip ends (`.place(k)`: `places[k]`;
    /// the tools' places in the order given end `.anywhere`, at the last one).
    public var day: DayOptions
    /// How the stops are ordered beyond the exact planner's reach (`--seed`, `--budget`).
    public var search = DayPlanOptions()
    /// The front end's words in the planner's messages (its switch for waiting, ...).
    public var wording = PlannerWording.shell
    public var attribution: String?
    /// What of the routes is wanted: without `.steps` (an answer that shows none, such as OSRM's
    /// `steps=false`) the routes may come without them.
    public var detail: RouteDetail
    /// Whether each leg leaves its stop the way the leg before arrived (OSRM's
    /// `continue_straight`); nil: the mode's rule (`StopTurnaround`).
    public var continueStraight: Bool?
    /// Asked while the stops are ordered: true stops the search, and the trip is routed in the
    /// best order found so far (nil: the task's cancellation, which stops everything).
    public var isOrderingCancelled: (@Sendable () -> Bool)?

    public init(places: [TripPlace], departure: Date, calendar: LocalCalendar, transportType: TransportType,
                avoid: RoadAvoidance = [], alternatives: Bool = false, optimize: Bool = false, day: DayOptions = DayOptions(),
                attribution: String? = nil, detail: RouteDetail = .steps) {
        self.places = places
        self.departure = departure
        self.calendar = calendar
        self.transportType = transportType
        self.avoid = avoid
        self.alternatives = alternatives
        self.optimize = optimize
        self.day = day
        self.attribution = attribution
        self.detail = detail
    }

    /// The answer: `order` indexes `places` in visiting order (an optimized round trip ends at
    /// index 0 again); `routes` has one directions per route offered.
    public struct Answer: Sendable {
        public var order: [Int]
        public var routes: [DirectionsViewModel]
        /// The routes are days (`days N`), not alternatives.
        public var isDays = false
        /// `isDays`: each day's route as `order` is the one day's, one per route: the start
        /// (each day leaves from it), that day's stops, and the start again when the trip
        /// comes back to it (a written-out round trip: its last place, on the last day).
        public var days: [[Int]] = []
        /// Ordered over several days: `Planned over 2 days: day 1 1 stop, day 2 2 stops.`, the
        /// line the shell's `optimize` says first (`TripOrderPlan.daysSummary`).
        public var daysSummary: String?
    }

    public func answer(using directions: any Directions) async throws -> Answer {
        // Whichever front end asks, before anything is routed (it may have checked already,
        // naming the places its own way).
        try TripPlacesInTurn.check(places.map(\.item.coordinate), names: places.map(\.described),
                                   end: day.end, ordered: optimize)
        // Given order: the places as listed, to the trip's end.
        var kept = Array(places.indices), notices: [String] = [], day = self.day, daysSummary: String?
        if optimize && places.count >= 2 {
            // A round trip written out (`A B C A`, ending after its last place): the stops
            // between are ordered as a round trip's, and the start's place again stays last
            // (not a stop of its own, visited first: a leg that goes nowhere).
            let writtenOutReturn = day.end == .anywhere && PlaceKey.returnsToStart(places.map(\.item.coordinate))
            if writtenOutReturn { day.end = .start }
            let plan = try await TripOrderPlanner.order(writtenOutReturn ? Array(places.dropLast()) : places,
                                                        transportType: transportType, avoid: avoid, using: directions,
                                                        departure: departure, calendar: calendar, day: day, search: search,
                                                        wording: wording, continuesStraight: continueStraight,
                                                        isCancelled: isOrderingCancelled ?? { Task.isCancelled })
            let leftOut = Set(plan.leftOut)
            let stops = plan.stopOrder.enumerated().filter { !leftOut.contains($0.offset) }.map { $0.element + 1 }
            kept = [0] + stops
            if case .place(let k) = day.end, let position = kept.firstIndex(of: k) { day.end = .place(position) }
            notices = plan.notes + (plan.stoppedEarly ? plan.summaryNotes : [])
            daysSummary = plan.daysSummary
            if plan.dayLengths.count > 1 {
                let routes = try await TripDay.routeDays(
                    places: kept.map { places[$0] }, dayLengths: plan.dayLengths, notices: notices, options: day,
                    departure: departure, calendar: calendar, transportType: transportType, avoid: avoid,
                    using: directions, attribution: attribution, detail: detail)
                var days = try Self.days(kept, dayLengths: plan.dayLengths, end: day.end)
                if writtenOutReturn, let last = days.indices.last { days[last][days[last].count - 1] = places.count - 1 }
                return Answer(order: kept, routes: routes, isDays: true, days: days, daysSummary: daysSummary)
            }
            if writtenOutReturn { (kept, day.end) = (kept + [places.count - 1], .anywhere) }
        }
        let order = try TripDay.arranged(kept, end: day.end)
        if alternatives && order.count == 2 {
            let visited = order.map { places[$0] }
            let routes = try await DirectionsViewModel.alternatives(
                from: visited[0], to: visited[1], departure: departure, calendar: calendar, transportType: transportType,
                avoid: avoid, using: directions, attribution: attribution, detail: detail)
            return Answer(order: order, routes: routes, daysSummary: daysSummary)
        }
        let trip = try TripDay.plannedTrip(places: kept.map { places[$0] }, notices: notices, options: day,
                                           departure: departure, calendar: calendar)
        let routed = try await DirectionsViewModel.calculate(
            trip: trip, departure: departure, calendar: calendar,
            transportType: transportType, avoid: avoid, using: directions, attribution: attribution, detail: detail,
            continueStraight: continueStraight)
        return Answer(order: order, routes: [routed], daysSummary: daysSummary)
    }

    /// `kept` (the start, then the stops in visiting order) split as `TripDay.routeDays` routes
    /// it: `dayLengths` stops a day (a day without stops has no route), each from the start to
    /// the trip's `end`.
    static func days(_ kept: [Int], dayLengths: [Int], end: TripEndChoice) throws -> [[Int]] {
        guard let start = kept.first else { return [] }
        var stops = kept.dropFirst()[...], days: [[Int]] = []
        for length in dayLengths where length > 0 {
            days.append(try TripDay.arranged([start] + stops.prefix(length), end: end))
            stops = stops.dropFirst(length)
        }
        return days
    }
}
