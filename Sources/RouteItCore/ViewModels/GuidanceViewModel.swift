import Foundation

/// `go`: follows a routed trip from fixes (the `RouteFollower`), finds a new route when the user
/// leaves the planned one or skips a stop (through the `Directions` service, within the same
/// fix), and holds what the live screen shows. Knows nothing of terminals or gpsd: the caller
/// hands it fixes and writes its events.
public final class GuidanceViewModel {
    public private(set) var follower: RouteFollower
    public let directions: Directions
    public let avoid: RoadAvoidance
    /// The trip as routed: what the planned route of `export track` is.
    public let planned: [Route]
    /// The place each leg leads to, as the trip chose it (the new routes go to the same place).
    private let destinations: [MapItem]
    /// The newest fix's time: when a `skip` or a stop happens between fixes.
    public private(set) var lastFixTime: Date?
    /// The stop whose failed re-route was said: off the map or cut off, every try (one each 10 s)
    /// failed alike, and a line each time buried the guidance.
    private var routeFailureSaid: Int?

    /// `stay`: seconds at each stop, instead of the trip's own stays.
    /// `unit`: the one the user reads distances in, for the notices.
    public init(trip: DirectionsViewModel, directions: Directions, avoid: RoadAvoidance = [], stay: TimeInterval? = nil,
                unit: DistanceUnit = .kilometres) {
        let places = trip.places
        let legs = trip.legs.enumerated().map { index, leg -> FollowedLeg in
            let place = places.indices.contains(index + 1) ? places[index + 1] : nil
            let isLast = index == trip.legs.count - 1
            return FollowedLeg(route: leg.route, stop: index + 1,
                               name: leg.destination.terminalSafe.shortName,
                               stay: isLast ? 0 : stay ?? place?.stay ?? 0)
        }
        follower = RouteFollower(legs: legs, transportType: trip.transportType, unit: unit)
        self.directions = directions
        self.avoid = avoid
        planned = trip.legs.map(\.route)
        destinations = trip.legs.map(\.destination)
    }

    public var isFinished: Bool { follower.phase == .finished }

    /// One fix: its events, with a new route found at once when it left the route.
    public func handle(_ fix: GuidanceFix) async -> RouteFollower.Outcome {
        await settle(follower.receive(fix))
    }

    /// The source has no more fixes: a fix still held after a gap is followed (`RouteFollower.fixesEnded`).
    public func fixesEnded() async -> RouteFollower.Outcome {
        await settle(follower.fixesEnded())
    }

    private func settle(_ followed: RouteFollower.Outcome) async -> RouteFollower.Outcome {
        var outcome = followed
        // The newest fix followed: an ignored one (a time far off) must not move the clock.
        lastFixTime = follower.lastFix?.time ?? lastFixTime
        if let need = outcome.routeNeeded { await route(need, into: &outcome, at: need.from.time) }
        return outcome
    }

    /// No fix until `time` (the fix is lost after a few seconds).
    public func elapse(to time: Date) -> RouteFollower.Outcome { follower.elapse(to: time) }

    /// `skip` at `time` (the last fix's time when none is given).
    public func skip(at time: Date? = nil) async -> RouteFollower.Outcome {
        let when = time ?? lastFixTime ?? Date()
        var outcome = follower.skip(at: when)
        if let need = outcome.routeNeeded { await route(need, into: &outcome, at: when) }
        return outcome
    }

    /// Stops following: the `finish` summary (nil when already finished, or nothing followed yet).
    public func stop(at time: Date? = nil) -> FollowEvent? { follower.finish(at: time ?? lastFixTime ?? Date()) }

    /// The way a re-route should leave: the fix's heading while it moves (a car or bike turning
    /// round costs a U-turn, so the new route goes on the way the user goes). A walker turns on
    /// the spot, and a receiver's course at a walk or standing still says little: none then.
    static func startBearing(_ fix: GuidanceFix, _ mode: TransportType) -> StartBearing? {
        guard mode != .walk, let heading = fix.heading, (fix.speed ?? 2) >= 2 else { return nil }
        return StartBearing(value: heading, range: StartBearing.rerouteRange)
    }

    /// The quickest route from the fix to the leg's place; none found keeps the old route and
    /// says why.
    private func route(_ need: RouteFollower.RouteNeed, into outcome: inout RouteFollower.Outcome, at time: Date) async {
        outcome.routeNeeded = nil
        let index = need.stop - 1
        let destination = destinations.indices.contains(index) ? destinations[index] : MapItem(placemark: Placemark(coordinate: need.destination))
        let request = DirectionsRequest(source: MapItem(placemark: Placemark(coordinate: need.from.coordinate)), destination: destination,
                                        transportType: follower.transportType, requestsAlternateRoutes: false, avoid: avoid,
                                        wantsQuickestOnly: true, departureDate: time, startBearing: Self.startBearing(need.from, follower.transportType))
        do {
            let routes = try await directions.calculate(request).filter { !$0.steps.isEmpty && !$0.polyline.isEmpty }
            guard let quickest = routes.min(by: { $0.expectedTravelTime < $1.expectedTravelTime }) else {
                throw DirectionsError.noRoute
            }
            outcome.events += follower.rerouted(quickest.terminalSafe, at: time)
            routeFailureSaid = nil
        } catch {
            outcome.events += follower.routeFailed(at: time)
            if routeFailureSaid != need.stop {
                // The reason is a sentence of its own (it may end in a bracket and a full stop).
                var why = TerminalSafeText.clean(String(describing: error))
                while why.hasSuffix(".") { why.removeLast() }
                outcome.notices.append("No new route to stop \(need.stop) from here: \(why). " + (follower.offRouteWithoutRoute
                    ? "No directions until you are back on the planned route."
                    : "Following the planned one."))
            }
            routeFailureSaid = need.stop
        }
    }
}
