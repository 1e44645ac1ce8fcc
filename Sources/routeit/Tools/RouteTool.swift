import Foundation
import RouteItCore

/// `routeit route PLACE PLACE... [--mode car|walk|bike] [--alternatives] [--optimize] [--json]`: a
/// route through two or more places (LAT,LON or an address: its first match), leg by leg, from
/// the router the shell would use (OSRM with `--directions`/ROUTEIT_DIRECTIONS, else the map).
enum RouteTool {
    static let tool = Tool(
        name: "route", synopsis: "route PLACE PLACE... [--mode car|walk|bike] [--avoid CLASS,...] [--alternatives] [--optimize] [--depart TIME] [--stay D] [--json] [OPTIONS]",
        summary: "Directions through two or more places",
        details: """
        Each PLACE is LAT,LON or an address (its geocoder's first match, e.g. "Annankatu 25"). \
        With more than two places the route has one leg per pair, in the order given; --optimize \
        keeps the first place first and visits the others in the quickest order (places with \
        opening hours while they are open, when any order does). With --depart or --stay (and in \
        --json) each leg shows when it departs and arrives: it leaves at --depart (local time, \
        default now) or after --stay at the place it leaves; a place reached while closed is said \
        on stderr. --alternatives \
        offers up to three routes between two places. --avoid toll,motorway,ferry,unpaved keeps \
        every route off those roads except the ones the places lie on; when no other way exists \
        the route uses them and a line under it says so. Routes come from OSRM with --directions or \
        ROUTEIT_DIRECTIONS, else the offline map. With --json it prints OSRM's v1 route response \
        (code, routes with legs, steps and maneuvers, GeoJSON geometry in lon/lat, waypoints), \
        RouteIt's additions (instructions, departure and arrival times, alerts) under "routeit" \
        keys; a failure prints {"code":..., "message":...} \
        and exits 1.
        """,
        run: run)

    /// A failure with OSRM's code for it.
    struct Failure: Error {
        var code: String
        var message: String
        var exitStatus: Int32 = 1
    }

    static func run(_ options: ShellOptions, _ arguments: [String]) -> Int32 {
        guard arguments.count >= 2 else {
            return report(Failure(code: "InvalidQuery", message: "route needs at least two places; usage: routeit \(tool.synopsis)",
                                  exitStatus: 2), options)
        }
        do {
            let services = try ToolServices.open(options)
            let mode = options.transportType ?? .car
            let avoid = options.avoid ?? []
            let stays = try RouteTimes.stays(options.stays, places: arguments.count)
            var waypoints = try arguments.map { try waypoint($0, geocoder: services.geocoder) }
            for i in waypoints.indices { waypoints[i].stay = stays[i] }
            // The clock (a calendar in TZ's zone costs a cold command more than its route) only
            // when asked for or needed: --depart/--stay, --json, or a place with opening hours.
            let clocked = options.json || options.departure != nil || !options.stays.isEmpty
                || waypoints.contains { $0.item.openingHours != nil }
            let calendar = clocked ? LocalCalendar.fromEnvironment() : nil
            let departure = (options.departure ?? .now).date(now: Date())
            if options.optimize && waypoints.count > 2 {
                waypoints = try optimized(waypoints, mode: mode, avoid: avoid, directions: services.directions,
                                          departure: departure, calendar: calendar)
            }
            let trips = try routes(through: waypoints, mode: mode, avoid: avoid, alternatives: options.alternatives,
                                   directions: services.directions)
            let times = calendar.map { calendar in
                trips.map { RouteTimes(legs: $0, waypoints: waypoints, departure: departure, calendar: calendar) }
            }
            if options.json, let times {
                print(NominatimJSON.text(OSRMRouteJSON.response(waypoints: waypoints, trips: trips, mode: mode, times: times)))
            } else {
                print(text(trips, times: times, waypoints: waypoints, unit: options.distanceUnit))
            }
            // Alerts go to stderr, as every alert does; the best route's are the ones that matter.
            times?.first?.alerts.forEach { printError("! \($0)") }
            return 0
        } catch let failure as Failure {
            return report(failure, options)
        } catch let error as DirectionsError {
            switch error {
            case .noRoute: return report(Failure(code: "NoRoute", message: Alert.directionsNotAvailable.message), options)
            case .invalidRequest(let message): return report(Failure(code: "InvalidQuery", message: message), options)
            case .unavailable(let message): return report(Failure(code: "Unavailable", message: message), options)
            }
        } catch let alert as Alert where alert.reason == .outsideMap {
            // OSRM's answer for a place it cannot put on its roads.
            return report(Failure(code: "NoSegment", message: alert.message), options)
        } catch {
            return report(Failure(code: "Unavailable", message: UserMessage.sentence(for: error)), options)
        }
    }

    /// The message on stderr, and with --json also OSRM's error object on stdout.
    private static func report(_ failure: Failure, _ options: ShellOptions) -> Int32 {
        if options.json { print(NominatimJSON.text(OSRMRouteJSON.failure(code: failure.code, message: failure.message))) }
        return tool.fail(failure.message, code: failure.exitStatus)
    }

    /// LAT,LON as given, or the geocoder's first match for the text.
    static func waypoint(_ text: String, geocoder: Geocoding) throws -> OSRMRouteJSON.Waypoint {
        if let c = coordinate(text) {
            return .init(query: text, item: MapItem(placemark: Placemark(coordinate: c)))
        }
        if looksLikeCoordinate(text) {
            throw Failure(code: "InvalidValue", message: "not a LAT,LON coordinate: \(text) (latitude -90...90, longitude -180...180)", exitStatus: 2)
        }
        let matches = try ToolServices.wait { try await geocoder.geocode(text) }
        guard let first = matches.first else {
            throw Failure(code: "NoMatch", message: "no address matches \"\(text)\"")
        }
        return .init(query: text, item: MapItem(placemark: first))
    }

    /// The first place stays first; the rest in the quickest order (the round-trip optimizer on
    /// times where going back to the start costs nothing, which is the quickest open path).
    /// Places with opening hours are reached while open (their stays included) when any order
    /// does so, as the shell's `optimize` does; else the least-late order, with a notice.
    static func optimized(_ waypoints: [OSRMRouteJSON.Waypoint], mode: TransportType, avoid: RoadAvoidance = [],
                          directions: Directions,
                          departure: Date, calendar: LocalCalendar?) throws -> [OSRMRouteJSON.Waypoint] {
        let items = waypoints.map(\.item)
        var matrix = try ToolServices.wait {
            try await DurationMatrixBuilder(directions: directions).matrix(for: items, transportType: mode, avoid: avoid)
        }
        for i in 1..<matrix.size { matrix[i, 0] = 0 }
        do {
            let hours = items.map(\.openingHours)
            guard hours.dropFirst().contains(where: { $0?.isKnown == true }), let calendar else {
                let order = try TripOrderOptimizer.optimalOrder(matrix)
                return [waypoints[0]] + order.stops.map { waypoints[$0] }
            }
            // Open spans from a day before the departure to a week after, as the shell plans.
            let from = departure.addingTimeInterval(-86_400), to = departure.addingTimeInterval(8 * 86_400)
            let windows: [[ClosedRange<Double>]?] = hours.enumerated().map { index, hours in
                guard index > 0, let hours, hours.isKnown else { return nil }
                return hours.openSpans(from: from, to: to, in: calendar)
            }
            let problem = TimeWindowProblem(matrix: matrix, departure: departure.timeIntervalSinceReferenceDate,
                                            stays: waypoints.map(\.stay), windows: windows)
            let order = try TimeWindowOptimizer.optimalOrder(problem)
            if !order.reachesEveryStopInTime {
                let late = order.lateStops.map { "place \($0 + 1) (\(waypoints[$0].item.shortName))" }
                printError("! No order reaches every place while it is open: \(late.joined(separator: ", ")) cannot be reached in time; the least-late order is used.")
            }
            return [waypoints[0]] + order.stops.map { waypoints[$0] }
        } catch let error as TripOrderError {
            throw Failure(code: error == .noRoundTrip ? "NoRoute" : "TooBig", message: error.description)
        }
    }

    /// One list of legs per route offered (alternatives only between two places).
    static func routes(through waypoints: [OSRMRouteJSON.Waypoint], mode: TransportType, avoid: RoadAvoidance = [],
                       alternatives: Bool, directions: Directions) throws -> [[Route]] {
        var legs: [[Route]] = []
        for i in 0..<(waypoints.count - 1) {
            let request = DirectionsRequest(source: waypoints[i].item, destination: waypoints[i + 1].item, transportType: mode,
                                            requestsAlternateRoutes: alternatives && waypoints.count == 2, avoid: avoid)
            // Street names are map data or a server's: cleaned for the terminal here.
            let found = try ToolServices.wait { try await directions.calculate(request) }.map(\.terminalSafe)
            guard !found.isEmpty else { throw DirectionsError.noRoute }
            legs.append(found)
        }
        if legs.count == 1 { return legs[0].map { [$0] } }
        return [legs.map { $0[0] }]
    }

    static func coordinate(_ text: String) -> Coordinate? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let lat = DecimalNumber.parse(parts[0].trimmingCharacters(in: .whitespaces)),
              let lon = DecimalNumber.parse(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
        let c = Coordinate(latitude: lat, longitude: lon)
        return c.isValid ? c : nil
    }

    /// Two numbers around a comma (any spelling: `0x10`, `inf`): meant as a coordinate, so an
    /// out-of-range or non-decimal one is an error, not an address to look up.
    private static func looksLikeCoordinate(_ text: String) -> Bool {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { Double($0.trimmingCharacters(in: .whitespaces)) != nil }
    }

    static func text(_ trips: [[Route]], times: [RouteTimes]?, waypoints: [OSRMRouteJSON.Waypoint], unit: DistanceUnit?) -> String {
        var lines: [String] = []
        for (t, legs) in trips.enumerated() {
            if legs.count > 1 {
                let total = legs.reduce(0) { $0 + $1.distance }, time = legs.reduce(0) { $0 + $1.expectedTravelTime }
                lines.append("Route: \(legs.count) legs, \(distanceText(total, unit)), \(durationText(time))")
            }
            for (l, route) in legs.enumerated() {
                let title = trips.count > 1 ? "Route \(t + 1)" : legs.count > 1 ? "Leg \(l + 1)" : "Route"
                let name = route.name.isEmpty ? "" : " via \(route.name)"
                let places = legs.count > 1 ? " (\(label(waypoints[l])) → \(label(waypoints[l + 1])))" : ""
                let clock = times.map { "; " + $0[t].text(leg: l) } ?? ""
                lines.append("\(title)\(places)\(name): \(distanceText(route.distance, unit)), \(durationText(route.expectedTravelTime))\(clock)")
                for (n, step) in route.steps.enumerated() {
                    let tail = step.distance > 0 ? " (\(distanceText(step.distance, unit)))" : ""
                    lines.append("  \(n + 1). \(step.instruction)\(tail)")
                }
                for note in RoadAvoidance.notes(unavoidable: route.unavoidable, unsupported: route.unsupportedAvoidance) {
                    lines.append("! \(note)")
                }
            }
        }
        lines.append(MapAttribution.text)
        return lines.joined(separator: "\n")
    }

    private static func label(_ waypoint: OSRMRouteJSON.Waypoint) -> String {
        coordinate(waypoint.query) != nil ? waypoint.query : waypoint.item.placemark.formattedAddress
    }

    static func distanceText(_ metres: Double, _ unit: DistanceUnit?) -> String {
        if let unit { return unit.format(metres: metres) }
        guard metres >= 1000 else { return "\(Int(metres.rounded())) m" }
        // Tenths by hand: Foundation's String(format:) costs a cold one-shot command ~1 ms at first use.
        let tenths = Int((metres / 100).rounded())
        return "\(tenths / 10).\(tenths % 10) km"
    }

    static func durationText(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        if minutes < 1 { return "\(Int(seconds.rounded())) s" }
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
    }
}
