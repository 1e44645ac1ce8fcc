import Foundation
import RouteItCore
import RouteItScreens

/// `routeit route PLACE PLACE... [--mode car|walk|bike] [--alternatives] [--optimize] [--json]`:
/// parse the places and options into a trip, hand it to the same core the shell's `route` and
/// `optimize` use (`TripOrderPlanner`, `DirectionsViewModel.calculate`), and render the answer
/// with the shell's own directions screen or as OSRM's JSON.
enum RouteTool {
    static let tool = Tool(
        name: "route", synopsis: "route PLACE PLACE... [--mode car|walk|bike] [--avoid CLASS,...] [--alternatives] [--optimize] [--end start|anywhere|N] [--approaches A;B;...] [--back-by HH:MM] [--no-wait] [--days N] [--budget SECONDS] [--seed N] [--depart TIME] [--stay D] [--stops FILE] [--units mi|km] [--json [--overview simplified|full|false] [--geometries polyline|polyline6|geojson] [--steps]] [OPTIONS]",
        summary: "Directions through two or more places",
        details: """
        Each PLACE is LAT,LON or an address (its geocoder's first match, e.g. "Annankatu 25"). \
        With more than two places the route has one leg per pair, in the order given; --optimize \
        plans the day as the shell's optimize does: the first place is the start, the others \
        are visited in the order with the least travel inside their opening hours and a stop list's windows \
        (waiting for an opening when that lets the trip travel less, unless --no-wait; waits are not \
        counted, so --back-by is what bounds the day), high priority first, \
        ending by --back-by (a time at or before --depart's time of day is the next day's: \
        01:00 after a 20:00 departure, said once above the directions; a list's window over before \
        --depart's time of day is that night's while the trip is out then: 00:30-01:00 (+1 day)); stops that cannot fit \
        are left out and said with why; Ctrl-C while it orders them routes the best order found so far (a second Ctrl-C quits). The trip comes \
        back to the start, or ends at --end N (a place's number as given) or anywhere (no \
        return leg); --days N spreads the stops over N days, one route a day with that day's \
        hours, each leaving at --depart's time, and says first how many stops each day visits, \
        as the shell's optimize does. The text is the shell's directions \
        screen, in the same units (--units, else the locale) and wording; each leg departs at \
        --depart (local time, default now) or after --stay at the place it leaves; a place \
        reached while closed or outside its window is said under its leg, and a trip over after \
        --back-by under the trip. --alternatives offers up to three routes \
        between two places. --stops FILE adds the places of a stop list after the ones given \
        (one address or LAT,LON a line, or CSV with name, address, lat and lon, window, stay and priority \
        columns), up to 200 stops; a line that cannot be found is named and nothing is routed. \
        In the order given a place may come again (a depot between rounds), but not right \
        after itself; --optimize visits each place once (the same place to 1e-6 degrees, a \
        list's lines too): one line naming both, nothing routed. The last place the first \
        again is a round trip written out, unless --optimize or --end start bring the trip \
        back by themselves. \
        --avoid toll,motorway,ferry,unpaved keeps every route off those \
        roads except the ones the places lie on; when no other way exists the route uses them \
        and a line under it says so. Routes come from OSRM with --directions or \
        ROUTEIT_DIRECTIONS, else the offline map. With --json it prints OSRM's v1 route response \
        (code, routes with legs, waypoints) with OSRM's defaults: the simplified overview as an \
        encoded polyline, no steps; --overview, --geometries and --steps as OSRM's options \
        (steps with maneuvers and intersections); with --optimize OSRM's trip response (trips, \
        and each place's trips_index and waypoint_index; over --days a trip a day, in day \
        order, each leaving from the first place, its waypoint_index 0 on day 1), \
        RouteIt's additions (instructions, departure and arrival times, alerts) under "routeit" \
        keys, and the alerts also on stderr; a failure prints {"code":..., "message":...} and \
        exits 1 (2 for bad arguments, whose usage line goes to stderr only).
        """,
        run: run)

    /// A failure with OSRM's code for it.
    struct Failure: Error {
        var code: String
        var message: String
        var exitStatus: Int32 = 1
    }

    /// An alert on stderr as `! ...`, a note as the text mode writes it (`Note: ...`, not `! Note: ...`);
    /// over days each says its day.
    static func alertLine(_ text: String, day: Int? = nil) -> String {
        let dayText = day.map { "Day \($0): " } ?? ""
        return text.hasPrefix("Note: ") ? "Note: " + dayText + text.dropFirst(6) : "! " + dayText + text
    }

    static func run(_ options: ShellOptions, _ arguments: [String]) -> Int32 {
        let listed: [StopListLine], listNotes: [String]
        do {
            let list = try options.stopsFile.map { try StopListFile.read($0) }
            (listed, listNotes) = (list?.lines ?? [], list?.notes ?? [])
        } catch {
            return report(Failure(code: "InvalidValue", message: UserMessage.sentence(for: error), exitStatus: 2), options)
        }
        guard arguments.count + listed.count >= 2 else {
            return report(Failure(code: "InvalidQuery", message: "route needs at least two places; usage: routeit \(tool.synopsis)",
                                  exitStatus: 2), options)
        }
        // Checked before anything is looked up or routed.
        guard arguments.count + listed.count <= 1 + EntryViewModel.maximumStopCount else {
            return report(Failure(code: "TooBig", message: "\(arguments.count + listed.count) places; a trip has a start and at most \(EntryViewModel.maximumStopCount) stops",
                                  exitStatus: 2), options)
        }
        // Without --optimize the places keep their order on one day: --days would be a silent no-op.
        if options.days > 1 && !options.optimize {
            return report(Failure(code: "InvalidOptions", message: "--days \(options.days) spreads the stops over days as it orders them: add --optimize",
                                  exitStatus: 2), options)
        }
        // Named as given: `--budget 5` alone is not told about --seed.
        let searchOptions = ["--seed", "--budget"].filter(options.searchOptionsGiven.contains)
        if !searchOptions.isEmpty && !options.optimize {
            let named = searchOptions.joined(separator: " and ") + (searchOptions.count == 1 ? " is" : " are")
            return report(Failure(code: "InvalidOptions", message: "\(named) for ordering the stops: add --optimize",
                                  exitStatus: 2), options)
        }
        if !options.approaches.isEmpty && options.approaches.count != arguments.count + listed.count {
            return report(Failure(code: "InvalidOptions", message: "--approaches gives \(options.approaches.count) sides for \(arguments.count + listed.count) places: give one per place, separated by ';'",
                                  exitStatus: 2), options)
        }
        // Ctrl-C while the stops are ordered: the best order so far is routed; a second quits.
        let stop = options.optimize ? StopSignals.install([SIGINT], secondQuits: true) : nil
        do {
            // --stay counts every place after the first, the list's too; a list's own stay wins.
            let stays = try self.stays(options.stays, places: arguments.count + listed.count)
            let services = try ToolServices.open(options)
            let calendar = LocalCalendar.forMap(services.area)
            let (departure, departureNotice) = try options.departure(on: calendar)
            var waypoints = try arguments.map { try waypoint($0, geocoder: services.geocoder, near: options.near) }
            // Repeats are checked below, with the places given: one rule, one way of naming them.
            let found = try ToolServices.waitOnThisThread { try await StopListPlaces.found(listed, using: services.geocoder, near: options.near) }
            let stops = found.slots
            waypoints += zip(listed, stops).map { .init(query: OSRMRouteJSON.Waypoint.query($0.query), item: $1.mapItem!, stay: $1.stay) }
            for i in waypoints.indices where waypoints[i].stay == 0 { waypoints[i].stay = stays[i] }
            for i in waypoints.indices where i < options.approaches.count { waypoints[i].item.approach = options.approaches[i] }
            // A stop list's windows and priorities; places given as arguments have none.
            let plans = Array(repeating: EntrySlot(), count: arguments.count) + stops
            if case .place(let k) = options.end, k >= waypoints.count {
                throw Failure(code: "InvalidValue", message: "--end \(k + 1): the trip has places 1-\(waypoints.count)", exitStatus: 2)
            }
            let day = DayOptions(waits: !options.noWait, backBy: options.backBy,
                                 end: options.end ?? (options.optimize ? .start : .anywhere), days: options.days)
            let names = arguments.enumerated().map { "place \($0 + 1) (\(QuotedInput.text($1)))" }
                + listed.map { "line \($0.line) of \(options.stopsFile ?? "the list") (\(QuotedInput.text($0.query)))" }
            try TripPlacesInTurn.check(waypoints.map(\.item.coordinate), names: names, end: day.end, ordered: options.optimize)
            var request = TripPlanRequest(
                // Named as the shell names them, so both say the same of a place ("Stop 2 was moved …").
                places: waypoints.enumerated().map {
                    TripPlace(item: $1.item, stay: $1.stay, label: TripPlace.label(forPlaceAt: $0),
                              windows: plans[$0].windows, priority: plans[$0].priority)
                },
                departure: departure.date(now: Date()), calendar: calendar,
                transportType: options.transportType ?? .car, avoid: options.avoid ?? [],
                alternatives: options.alternatives, optimize: options.optimize, day: day, attribution: MapAttribution.text,
                // The text shows the steps; OSRM's JSON only when its options ask for them.
                detail: options.json ? options.routeJSON.detail : .steps)
            request.search = options.search
            request.wording = Self.plannerWording
            if let stop { request.isOrderingCancelled = { stop.isCancelled } }
            let answer = try ToolServices.waitOnThisThread { [request] in try await request.answer(using: services.directions) }
            // On stderr, as alerts are, so --json stays one object.
            departureNotice.map { printError("Note: \($0)") }
            for notice in listNotes + found.notices { printError("Note: \(notice)") }
            if options.json {
                // OSRM's trip answer for an optimized order (each place's `waypoint_index`; over
                // days a trip a day, each place's `trips_index` its day), else its route answer.
                let response = answer.isDays
                    ? OSRMRouteJSON.tripResponse(inputs: waypoints, trips: answer.days, routes: answer.routes, options: options.routeJSON)
                    : options.optimize
                    ? OSRMRouteJSON.tripResponse(inputs: waypoints, order: answer.order, routes: answer.routes, options: options.routeJSON)
                    : OSRMRouteJSON.response(waypoints: answer.order.map { waypoints[$0] }, routes: answer.routes, options: options.routeJSON)
                CStandardOutput.writeLine(response)
                // Alerts go to stderr as every alert does: the best route's are the ones that
                // matter; over days every day's, each named by its day.
                if answer.isDays {
                    for (index, route) in answer.routes.enumerated() {
                        OSRMRouteJSON.alerts(route).forEach { printError(alertLine($0, day: index + 1)) }
                    }
                } else {
                    answer.routes.first.map(OSRMRouteJSON.alerts)?.forEach { printError(alertLine($0)) }
                }
            } else {
                let unit = MapToolSupport.unit(options)
                let screen = answer.isDays ? DirectionsScreen.render(days: answer.routes, unit: unit) : text(answer.routes, unit: unit)
                // Over days, first the shell's line after `optimize` (how many stops each day visits).
                // Names from a stop list or the map are cleaned for the terminal, as the shell's are.
                print(TerminalSafeText.cleanKeepingLayout(([answer.daysSummary].compactMap { $0 } + [screen]).joined(separator: "\n\n")))
            }
            // The answer is out: the process ends here, with the map, the routes and the answer
            // still held (Swift would free each after its last use). Freeing them is work no one reads.
            withExtendedLifetime((services, answer, waypoints)) { StandardStreams.exit(0) }
        } catch {
            return report(failure(for: error), options)
        }
    }

    /// The planner's sentences in this tool's words: waiting is its default, turned off by `--no-wait`.
    static let plannerWording = PlannerWording(waitSwitch: "leave out --no-wait", nothingFits: "No stop fits the day.")

    /// OSRM's code for what went wrong (the one mapping `route --json` and `serve` share).
    static func failure(for error: Error) -> Failure {
        switch error {
        case let failure as Failure:
            return failure
        case let repeated as TripPlacesInTurn:
            return Failure(code: "InvalidValue", message: repeated.description, exitStatus: 2)
        case let error as TripOrderError:
            let code = switch error { case .noRoundTrip: "NoRoute"; case .tooManyStops: "TooBig"; case .nothingFits: "NoTrips" }
            return Failure(code: code, message: error.description)
        case let error as DirectionsError:
            switch error {
            case .noRoute: return Failure(code: "NoRoute", message: Alert.directionsNotAvailable.message)
            case .invalidRequest(let message): return Failure(code: "InvalidQuery", message: message)
            case .unavailable(let message): return Failure(code: "Unavailable", message: message)
            }
        case let alert as Alert where alert.reason == .outsideMap:
            // OSRM's answer for a place it cannot put on its roads.
            return Failure(code: "NoSegment", message: alert.message)
        case let alert as Alert:
            return Failure(code: "NoRoute", message: alert.message)
        default:
            return Failure(code: "Unavailable", message: UserMessage.sentence(for: error))
        }
    }

    /// The message on stderr, and with --json also OSRM's error object on stdout.
    private static func report(_ failure: Failure, _ options: ShellOptions) -> Int32 {
        if options.json { print(OSRMRouteJSON.failure(code: failure.code, message: failure.message)) }
        return tool.fail(failure.message, code: failure.exitStatus)
    }

    /// LAT,LON as given, or the geocoder's first match for the text.
    static func waypoint(_ text: String, geocoder: Geocoding, near: Coordinate? = nil) throws -> OSRMRouteJSON.Waypoint {
        if let c = Coordinate(text: text) {
            return .init(query: c.description, item: MapItem(placemark: Placemark(coordinate: c)))
        }
        if looksLikeCoordinate(text) {
            throw Failure(code: "InvalidValue", message: "not a LAT,LON coordinate: \(text) (latitude -90...90, longitude -180...180)", exitStatus: 2)
        }
        let matches = try ToolServices.waitOnThisThread { try await geocoder.geocode(text, near: near) }
        guard let first = matches.first else {
            throw Failure(code: "NoMatch", message: "no address matches \(QuotedInput.text(text))")
        }
        // A number the street has not (a typo, 777 for 77) is said, as `geocode` says it: the
        // answer is then some point of the street, and the text alone hides that.
        if let number = first.missingHouseNumber, let street = first.street {
            printError("Note: no number \(TerminalSafeText.clean(number)) on \(TerminalSafeText.clean(street)); \(QuotedInput.text(text)) is taken as the street.")
        }
        if let note = first.otherPostcodeNote { printError("Note: \(TerminalSafeText.clean(note)) (\(QuotedInput.text(text))).") }
        return .init(query: text, item: MapItem(placemark: first))
    }

    /// What `--stay` gave, one per place after the first: none (0), one for all, or one each.
    static func stays(_ given: [TimeInterval], places: Int) throws -> [TimeInterval] {
        let after = max(0, places - 1)
        switch given.count {
        case 0: return Array(repeating: 0, count: places)
        case 1: return [0] + Array(repeating: given[0], count: after)
        case after: return [0] + given
        default:
            throw Failure(code: "InvalidValue",
                          message: "--stay has \(given.count) durations for \(after) place\(after == 1 ? "" : "s") after the first; give one for all, or one per place",
                          exitStatus: 2)
        }
    }

    /// Two numbers around a comma (any spelling: `0x10`, `inf`): meant as a coordinate, so an
    /// out-of-range or non-decimal one is an error, not an address to look up.
    private static func looksLikeCoordinate(_ text: String) -> Bool {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { Double($0.trimmingCharacters(in: .whitespaces)) != nil }
    }

    /// The shell's directions screen for each route offered (alternatives numbered), each with
    /// the map data's credit.
    static func text(_ routes: [DirectionsViewModel], unit: DistanceUnit) -> String {
        let screens = routes.enumerated().map { index, directions in
            let screen = DirectionsScreen.render(directions, unit: unit)
            return routes.count > 1 ? "ROUTE \(index + 1) OF \(routes.count)\n" + screen : screen
        }
        return screens.joined(separator: "\n\n")
    }
}
