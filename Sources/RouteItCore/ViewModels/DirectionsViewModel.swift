import Foundation

/// The routed trip: one leg per consecutive pair of trip places, each the quickest alternative,
/// with the clock times of the day (when the trip leaves, arrives, stays) and what to watch
/// out for (stops left out, places closed when the trip gets there).
public final class DirectionsViewModel: Sendable {
    public let legs: [DirectionsLeg]
    public let transportType: TransportType
    /// Credit for the map data the routes came from (e.g. `© OpenStreetMap contributors`).
    public let attribution: String?
    /// The trip's places in order (the start at both ends), with their stays and names.
    public let places: [TripPlace]
    /// Clock times per leg; nil when the directions were made without a departure.
    public let schedule: TripSchedule?
    /// The calendar the times are shown in.
    public let calendar: LocalCalendar
    /// Said above the directions (stops left out).
    public let notices: [String]
    /// Per leg: warnings about its destination (closed on arrival, closing during the stay,
    /// visited outside its windows).
    public let warnings: [[String]]
    /// Said under the trip: an end after its end of day (`back by`), avoided kinds of road it
    /// uses all the same (`RoadAvoidance.notes`), and a turn round at the map's edge
    /// (`Route.turnsAtMapEdge`).
    public let tripNotes: [String]
    /// Places the routes start or end more than `MovedEnd.noticeMetres` from, to reach a road,
    /// in trip order, each once.
    public let movedEnds: [MovedEnd]

    /// Said when a route turns round where a road leaves the map.
    public static let mapEdgeNote = "This trip turns round where a road leaves the map: the road goes on, so turn round where you can."

    /// A place whose route starts or ends `metres` away from it, on the nearest road.
    public struct MovedEnd: Equatable, Sendable {
        /// Moved less than this is not said: a place off the road by a pavement's width.
        public static let noticeMetres = 50.0
        /// "the start", "Stop 2".
        public var label: String
        public var metres: Double

        /// `Note: the start was moved 130 m to the nearest road the route can use.`: the directions
        /// screen's line and the JSON answers' alert alike. "Can use": a nearer road may be one
        /// the mode may not take, or on a piece cut off from the rest (`TripEndSnapper`).
        public func note(unit: DistanceUnit) -> String {
            "Note: \(label) was moved \(unit.roughly(metres: metres)) to the nearest road the route can use."
        }
    }

    public init(legs: [DirectionsLeg], transportType: TransportType, attribution: String? = nil,
                places: [TripPlace]? = nil, departure: Date? = nil, calendar: LocalCalendar = .fromEnvironment(),
                notices: [String] = [], visitSpans: [[ClosedRange<Date>]?] = [], waits: Bool = false,
                endOfDay: Date? = nil, outUntil: Date? = nil) {
        self.legs = legs
        self.transportType = transportType
        self.attribution = attribution
        let places = places ?? Self.defaultPlaces(for: legs)
        self.places = places
        self.calendar = calendar
        self.notices = notices
        let schedule = departure.map {
            TripSchedule(departure: $0, travelTimes: legs.map(\.route.expectedTravelTime), stays: places.map(\.stay),
                         spans: visitSpans, waits: waits)
        }
        self.schedule = schedule
        var late: String?
        if let schedule, let endOfDay {
            late = VisitCheck.endOfDayWarning(end: Self.endTime(of: schedule, places: places), endOfDay: endOfDay,
                                                departure: schedule.departure, calendar: calendar)
        }
        tripNotes = (late.map { [$0] } ?? [])
            + RoadAvoidance.notes(
                unavoidable: legs.reduce(RoadAvoidance()) { $0.union($1.route.unavoidable) },
                unsupported: legs.reduce(RoadAvoidance()) { $0.union($1.route.unsupportedAvoidance) })
            + (legs.contains { $0.route.turnsAtMapEdge == true } ? [Self.mapEdgeNote] : [])
        movedEnds = Self.movedEnds(legs: legs, places: places)
        // A round trip's last leg only brings the trip home; a trip that ends elsewhere is
        // checked at its end too.
        let checkedLegs = Self.isRoundTrip(places) ? legs.count - 1 : legs.count
        warnings = legs.indices.map { index in
            guard let schedule, index < checkedLegs, index + 1 < places.count else { return [] }
            let place = places[index + 1], visitStart = schedule.legs[index].visitStart
            return [VisitCheck.warning(for: place, arrival: visitStart, calendar: calendar),
                    VisitCheck.windowWarning(for: place, visitStart: visitStart,
                                             on: WindowDay(departure: schedule.departure, outUntil: outUntil ?? endOfDay, calendar: calendar))]
                .compactMap { $0 }
        }
    }

    /// The trip comes back to where it started (else it ends at a stop, or wherever it is last):
    /// to the same place (`PlaceKey`), such as a round trip written out with the start's
    /// coordinates typed again, not only to the start's own item.
    public var isRoundTrip: Bool { Self.isRoundTrip(places) }

    private static func isRoundTrip(_ places: [TripPlace]) -> Bool { PlaceKey.returnsToStart(places.map(\.item.coordinate)) }

    /// When the trip is over: back at the start, or at its end (after the stay at its last
    /// stop when it ends wherever that is).
    public var endTime: Date? {
        schedule.map { Self.endTime(of: $0, places: places) }
    }

    private static func endTime(of schedule: TripSchedule, places: [TripPlace]) -> Date {
        guard let last = schedule.legs.last else { return schedule.back }
        return isRoundTrip(places) ? last.arrival : last.visitStart + (places.last?.stay ?? 0)
    }

    public var totalTravelTime: TimeInterval { legs.reduce(0) { $0 + $1.route.expectedTravelTime } }
    public var totalDistance: Double { legs.reduce(0) { $0 + $1.route.distance } }

    /// Routes every leg of `trip` (alternatives requested; the quickest kept). Legs run
    /// concurrently, the result keeps trip order. A leg without a route is the
    /// `Directions not available.` alert, naming the leg; cancellation propagates as
    /// `CancellationError`. `detail` without `.steps`: the legs may come without
    /// steps (`DirectionsRequest.detail`), for an answer that shows none. `continueStraight`:
    /// each leg after the first leaves its stop the way the leg before arrived (nil: the
    /// mode's rule, `StopTurnaround`).
    public static func calculate(trip: PlannedTrip, departure: Date?, calendar: LocalCalendar = .fromEnvironment(),
                                 transportType: TransportType, avoid: RoadAvoidance = [], using directions: Directions,
                                 attribution: String? = nil, detail: RouteDetail = .steps,
                                 continueStraight: Bool? = nil) async throws -> DirectionsViewModel {
        let places = trip.places
        guard places.count >= 2 else { throw Alert.invalidTrip }
        let pairs = Array(zip(places, places.dropFirst()))
        // Each leg leaves at its own time (first guessed from the stays alone: travel is not known yet).
        let guessed = departure.map { TripSchedule(departure: $0, travelTimes: pairs.map { _ in 0 }, stays: places.map(\.stay)) }
        let straight = pairs.count > 1 && (continueStraight ?? StopTurnaround.continuesStraight(transportType))
        // The side of the road each place is reached and left by (straight on: the one that
        // makes the trip quickest; nil: any, the place's own when it has one).
        var sides = places.map { $0.item.approach }
        func request(_ index: Int, leaving: Date?) -> DirectionsRequest {
            var source = pairs[index].0.item, destination = pairs[index].1.item
            source.approach = sides[index]
            destination.approach = sides[index + 1]
            return DirectionsRequest(source: source, destination: destination, transportType: transportType,
                                     requestsAlternateRoutes: true, avoid: avoid, wantsQuickestOnly: true, departureDate: leaving,
                                     detail: detail)
        }
        var routes: [Route]
        if straight, let found = try await directions.straightOnRoutes(pairs.indices.map { request($0, leaving: guessed?.legs[$0].departure) }),
           found.routes.count == pairs.count, found.sides.count == places.count {
            (routes, sides) = (found.routes.map(\.terminalSafe), found.sides)
        } else if pairs.count == 1 {
            routes = [try await onlyLegRoute(request(0, leaving: guessed?.legs[0].departure), from: pairs[0].0, to: pairs[0].1, using: directions)]
        } else {
            routes = try await everyLegRoute(pairs, request: { request($0, leaving: guessed?.legs[$0].departure) }, using: directions)
        }
        try Task.checkCancellation()
        // A leg whose route depends on the hour (turn restrictions with times) is asked again, in
        // trip order, at the departure the legs before it give.
        if let departure, routes.contains(where: { $0.dependsOnDeparture == true }) {
            for index in routes.indices where routes[index].dependsOnDeparture == true {
                let leaving = TripSchedule(departure: departure, travelTimes: routes.map(\.expectedTravelTime),
                                           stays: places.map(\.stay)).legs[index].departure
                guard abs(leaving.timeIntervalSince(guessed?.legs[index].departure ?? leaving)) >= 60 else { continue }
                do {
                    routes[index] = try await quickestRoute(for: request(index, leaving: leaving), using: directions)
                } catch let alert as Alert where alert == .directionsNotAvailable {
                    throw Alert.directionsNotAvailable(from: pairs[index].0, to: pairs[index].1)
                }
            }
        }
        // A leg that leaves its stop back the way the leg before arrived says so.
        routes = StopTurnaround.sayingTurnarounds(routes)
        let legs = zip(pairs, routes).map { DirectionsLeg(source: $0.0.0.item, destination: $0.0.1.item, route: $0.1) }
        func timedTrip(_ trip: PlannedTrip, outUntil: Date? = nil) -> DirectionsViewModel {
            DirectionsViewModel(legs: legs, transportType: transportType, attribution: attribution,
                                places: places, departure: departure, calendar: calendar, notices: trip.notices,
                                visitSpans: trip.visitSpans, waits: trip.waits, endOfDay: trip.endOfDay, outUntil: outUntil)
        }
        let timed = timedTrip(trip)
        // Without a back by, the trip is out past midnight as long as its times say: a window
        // over before it leaves is the night's when the trip (timed with every window the
        // departure day's) is still out when it opens, as the planner judges it.
        let visited = places.indices.filter { $0 < trip.visitSpans.count && trip.visitSpans[$0] != nil }
        guard let departure, trip.endOfDay == nil, let end = timed.endTime,
              let outUntil = WindowDay.outUntilWithoutBackBy(visited.map { places[$0] }, departure: departure,
                                                             end: end, calendar: calendar)
        else { return timed }
        let day = WindowDay(departure: departure, outUntil: outUntil, calendar: calendar)
        var night = trip
        night.visitSpans = places.indices.map { visited.contains($0) ? TripDay.visitSpans(for: places[$0], on: day) : nil }
        if let note = day.nextDayNote(for: visited.map { places[$0] }), !night.notices.contains(note) { night.notices.insert(note, at: 0) }
        return timedTrip(night, outUntil: outUntil)
    }

    /// The routes offered between two places (`routeit route --alternatives`), quickest first,
    /// each as one-leg directions with the same clock times and checks as a trip's.
    public static func alternatives(from source: TripPlace, to destination: TripPlace, departure: Date?,
                                    calendar: LocalCalendar = .fromEnvironment(), transportType: TransportType,
                                    avoid: RoadAvoidance = [], using directions: Directions,
                                    attribution: String? = nil, detail: RouteDetail = .steps) async throws -> [DirectionsViewModel] {
        let request = DirectionsRequest(source: source.item, destination: destination.item, transportType: transportType,
                                        requestsAlternateRoutes: true, avoid: avoid, departureDate: departure,
                                        detail: detail)
        let found: [Route]
        do {
            found = try await directions.calculate(request)
        } catch DirectionsError.noRoute {
            throw Alert.directionsNotAvailable(from: source, to: destination)
        }
        let routes = found.filter(request.accepts).map(\.terminalSafe)
            .enumerated().sorted { ($0.element.expectedTravelTime, $0.offset) < ($1.element.expectedTravelTime, $1.offset) }
            .map(\.element)
        guard !routes.isEmpty else { throw Alert.directionsNotAvailable(from: source, to: destination) }
        try Task.checkCancellation()
        return routes.map { route in
            DirectionsViewModel(legs: [DirectionsLeg(source: source.item, destination: destination.item, route: route)],
                                transportType: transportType, attribution: attribution, places: [source, destination],
                                departure: departure, calendar: calendar)
        }
    }

    /// The plain form: places without stays or names, no clock times.
    public static func calculate(trip: [MapItem], transportType: TransportType, avoid: RoadAvoidance = [],
                                 using directions: Directions, attribution: String? = nil) async throws -> DirectionsViewModel {
        let places = trip.enumerated().map { TripPlace(item: $0.element, label: $0.offset == 0 || $0.offset == trip.count - 1 ? "the start" : "Stop \($0.offset)") }
        return try await calculate(trip: PlannedTrip(places: places), departure: nil, transportType: transportType,
                                   avoid: avoid, using: directions, attribution: attribution)
    }

    /// One leg's route, "Directions not available" naming its two places. A one-leg trip asks
    /// it here: a task group and its child task cost more than a short route does in a cold
    /// `routeit route`.
    private static func onlyLegRoute(_ request: DirectionsRequest, from source: TripPlace, to destination: TripPlace,
                                     using directions: Directions) async throws -> Route {
        do {
            return try await quickestRoute(for: request, using: directions)
        } catch let alert as Alert where alert == .directionsNotAvailable {
            throw Alert.directionsNotAvailable(from: source, to: destination)
        }
    }

    /// Every leg's route, all asked at once; the first leg in trip order without a route is the
    /// one named.
    private static func everyLegRoute(_ pairs: [(TripPlace, TripPlace)], request: (Int) -> DirectionsRequest,
                                      using directions: Directions) async throws -> [Route] {
        let outcomes = await withTaskGroup(of: (Int, Result<Route, Error>).self) { group -> [Result<Route, Error>] in
            for (index, pair) in pairs.enumerated() {
                let request = request(index)
                // On the global executor even when the caller runs on one thread of its own
                // (`routeit route`'s `CallingThreadExecutor`): the legs are routed in parallel.
                group.addTask(executorPreference: globalConcurrentExecutor) {
                    do {
                        return (index, .success(try await onlyLegRoute(request, from: pair.0, to: pair.1, using: directions)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var found = [Result<Route, Error>?](repeating: nil, count: pairs.count)
            for await (index, outcome) in group { found[index] = outcome }
            return found.map { $0 ?? .failure(CancellationError()) }
        }
        if outcomes.contains(where: { if case .failure(let error) = $0 { return error is CancellationError }; return false }) {
            throw CancellationError()
        }
        return try outcomes.map { try $0.get() }
    }

    /// The alternative with the least expected travel time (its street names cleaned for the
    /// terminal); no route at all, or none the request can use (`accepts`), is the alert.
    static func quickestRoute(for request: DirectionsRequest, using directions: Directions) async throws -> Route {
        let routes: [Route]
        do {
            routes = try await directions.calculate(request)
        } catch DirectionsError.noRoute {
            throw Alert.directionsNotAvailable
        }
        guard let quickest = routes.filter(request.accepts).min(by: { $0.expectedTravelTime < $1.expectedTravelTime }) else {
            throw Alert.directionsNotAvailable
        }
        return quickest.terminalSafe
    }

    /// Each place (the source of leg i and the destination of leg i - 1 are place i) whose leg
    /// starts or ends on a road more than `MovedEnd.noticeMetres` away, the first time it is met.
    private static func movedEnds(legs: [DirectionsLeg], places: [TripPlace]) -> [MovedEnd] {
        var moved: [MovedEnd] = []
        var seen = Set<String>()
        for (index, leg) in legs.enumerated() {
            for (place, asked, reached) in [(index, leg.source.coordinate, leg.route.polyline.first),
                                            (index + 1, leg.destination.coordinate, leg.route.polyline.last)] {
                guard place < places.count, let reached, !seen.contains(places[place].label) else { continue }
                let metres = asked.distance(to: reached)
                guard metres > MovedEnd.noticeMetres else { continue }
                seen.insert(places[place].label)
                moved.append(MovedEnd(label: places[place].label, metres: metres))
            }
        }
        return moved
    }

    private static func defaultPlaces(for legs: [DirectionsLeg]) -> [TripPlace] {
        guard let first = legs.first else { return [] }
        return [TripPlace(item: first.source, label: "the start")]
            + legs.enumerated().map { TripPlace(item: $0.element.destination, label: $0.offset == legs.count - 1 ? "the start" : "Stop \($0.offset + 1)") }
    }
}

extension Alert {
    /// `Directions not available.`, naming the leg so the user knows which stop to change.
    public static func directionsNotAvailable(from source: TripPlace, to destination: TripPlace) -> Alert {
        Alert("\(directionsNotAvailable.message) No route from \(source.described) to \(destination.described).")
    }
}
