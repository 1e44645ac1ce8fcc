import Foundation
import RouteItCore

/// A routed trip as OSRM's `/route/v1` response, as its options ask (`OSRMRouteOptions`: overview,
/// geometries, steps, annotations; the same for `routeit serve` and `routeit route --json`), so a script written for osrm-routed reads `routeit route --json` unchanged: `code`,
/// `routes[]` (distance, duration, geometry, legs with steps and maneuvers),
/// `waypoints[]`. RouteIt's own additions (the instruction text, the attribution, what each
/// waypoint was asked as) are under `routeit` keys, which OSRM clients ignore.
/// Written straight into the answer's bytes (`JSONStream`), members in sorted key order as
/// RouteIt's other JSON: building a `[String: Any]` tree first and freeing it cost more than
/// the writing (a cold `route --json` on the 1M grid, callgrind).
enum OSRMRouteJSON {
    struct Waypoint {
        /// What was asked: `Annankatu 25`, or a coordinate as `Coordinate.description` writes it
        /// (`60.100000,24.900000`) whichever front end was given it.
        var query: String
        var item: MapItem
        /// How long the route stays here before its next leg (`--stay`).
        var stay: TimeInterval = 0
        /// The coordinate as given, when the place routed is a hint's road point instead.
        var asked: Coordinate?

        /// Where the client said the place is.
        var given: Coordinate { asked ?? item.coordinate }

        /// `query` for a place given as `text`: the text, or the coordinate it is written as
        /// `serve` writes one, so that both front ends answer the same for the same place.
        static func query(_ text: String) -> String { Coordinate(text: text)?.description ?? text }
    }

    /// The waypoint's `hint` for its point on the road (empty when no map is named).
    static func hint(_ waypoint: Waypoint, snapped: Coordinate, map: UInt32?) -> String {
        map.map { OSRMHint(map: $0, asked: waypoint.given, snapped: snapped).text } ?? ""
    }

    /// `routes`: one directions per route offered (alternatives), each with a leg between
    /// consecutive waypoints.
    static func response(waypoints: [Waypoint], routes: [DirectionsViewModel], options: OSRMRouteOptions) -> [UInt8] {
        var json = JSONStream(capacity: capacity(routes, options))
        let ends = Ends(waypoints: waypoints, routes: routes)
        head(&json, routes, waypoints.map(\.given), options, routesKey: "routes")
        if !options.skipWaypoints {
            json.key("waypoints")
            json.openArray()
            for i in waypoints.indices { waypoint(&json, waypoints[i], ends, i, options, trip: nil) }
            json.closeArray()
        }
        json.closeObject()
        return json.bytes
    }

    /// OSRM's `/trip` answer for places visited in `order` (indices into `inputs`; a round trip
    /// ends where it began): `trips` (the routes) and `waypoints`, one per place as given, with
    /// its position in the trip (`waypoint_index`) and its trip (`trips_index`). A place the trip
    /// leaves out (it could not fit) has neither, and `routeit.left_out`.
    static func tripResponse(inputs: [Waypoint], order: [Int], routes: [DirectionsViewModel], options: OSRMRouteOptions) -> [UInt8] {
        tripResponse(inputs: inputs, trips: [order], routes: routes, options: options)
    }

    /// The same over several trips (`days N`: one a day): `trips[t]` is the order `routes[t]`
    /// visits `inputs` in. Each place is in the first trip that visits it (the start, which
    /// leads every day's trip, is day 1's `waypoint_index` 0), so each day's stops count from 1.
    static func tripResponse(inputs: [Waypoint], trips: [[Int]], routes: [DirectionsViewModel], options: OSRMRouteOptions) -> [UInt8] {
        var json = JSONStream(capacity: capacity(routes, options))
        let visited = trips.map { $0.map { inputs[$0] } }
        let ends = visited.indices.map { Ends(waypoints: visited[$0], routes: $0 < routes.count ? [routes[$0]] : []) }
        head(&json, routes, visited.first.map { $0.map(\.given) } ?? [], options, routesKey: "trips",
             placesOfRoute: { t in t < visited.count ? visited[t].map(\.given) : [] })
        if !options.skipWaypoints {
            json.key("waypoints")
            json.openArray()
            for i in inputs.indices {
                if let trip = trips.firstIndex(where: { $0.contains(i) }), let position = trips[trip].firstIndex(of: i) {
                    waypoint(&json, visited[trip][position], ends[trip], position, options, trip: (index: trip, position: position))
                } else {
                    leftOut(&json, inputs[i], options)
                }
            }
            json.closeArray()
        }
        json.closeObject()
        return json.bytes
    }

    /// `{"code":"NoRoute","message":"..."}`: what osrm-routed answers when it cannot route.
    static func failure(code: String, message: String) -> String {
        var json = JSONStream(capacity: 128)
        json.openObject()
        json.key("code")
        json.string(code)
        json.key("message")
        json.string(message)
        json.closeObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// Room for the answer at once: a line's points are most of a long answer.
    private static func capacity(_ routes: [DirectionsViewModel], _ options: OSRMRouteOptions) -> Int {
        guard options.overview == .full || options.steps else { return 4_096 }
        let points = routes.reduce(0) { $0 + $1.legs.reduce(0) { $0 + $1.route.polyline.count } }
        return 4_096 + points * (options.geometries == .geojson ? (options.steps ? 60 : 30) : 12)
    }

    /// The answer's members before `waypoints`: `code`, RouteIt's own, and the routes.
    /// `places` are where the client put the first route's places (every route's, unless
    /// `placesOfRoute` gives each its own), for the depart and arrive modifiers.
    private static func head(_ json: inout JSONStream, _ routes: [DirectionsViewModel], _ places: [Coordinate],
                             _ options: OSRMRouteOptions, routesKey: String, placesOfRoute: ((Int) -> [Coordinate])? = nil) {
        json.openObject()
        json.key("code")
        json.string("Ok")
        json.key("routeit")
        json.openObject()
        json.key("attribution")
        json.string(MapAttribution.text)
        json.key("mode")
        json.string((routes.first?.transportType ?? .car).rawValue)
        json.closeObject()
        json.key(routesKey)
        json.openArray()
        for (r, directions) in routes.enumerated() { route(&json, directions, options, places: placesOfRoute?(r) ?? places) }
        json.closeArray()
    }

    /// Where the first route puts each waypoint: its point on the road and the street it
    /// names it by (OSRM's waypoint `name`: the road the place snapped to); a backend that does
    /// not say the street, from the first and last named steps.
    struct Ends {
        var names: [String]
        var snapped: [Coordinate]

        init(waypoints: [Waypoint], routes: [DirectionsViewModel]) {
            names = Array(repeating: "", count: waypoints.count)
            snapped = waypoints.map(\.item.coordinate)
            guard let first = routes.first else { return }
            for (i, leg) in first.legs.enumerated() where i + 1 < waypoints.count {
                let steps = leg.route.steps
                names[i] = leg.route.departureStreet ?? steps.first.flatMap { maneuver($0).streetName } ?? ""
                names[i + 1] = leg.route.arrivalStreet
                    ?? steps.reversed().lazy.compactMap { maneuver($0).streetName }.first { !$0.isEmpty } ?? ""
                if let start = leg.route.polyline.first { snapped[i] = start }
                if let end = leg.route.polyline.last { snapped[i + 1] = end }
            }
        }
    }

    /// One of `waypoints`; in a trip with its trip's index and its `position` in it.
    private static func waypoint(_ json: inout JSONStream, _ waypoint: Waypoint, _ ends: Ends, _ i: Int,
                                 _ options: OSRMRouteOptions, trip: (index: Int, position: Int)?) {
        json.openObject()
        json.key("distance")
        json.number(round1(waypoint.given.distance(to: ends.snapped[i])))
        if options.generateHints {
            json.key("hint")
            json.string(hint(waypoint, snapped: ends.snapped[i], map: options.mapFingerprint))
        }
        json.key("location")
        point(&json, ends.snapped[i])
        json.key("name")
        json.string(ends.names[i])
        json.key("routeit")
        asked(&json, waypoint, leftOut: false)
        if let trip {
            json.key("trips_index")
            json.integer(trip.index)
            json.key("waypoint_index")
            json.integer(trip.position)
        }
        json.closeObject()
    }

    /// A trip's place that could not fit: where it was asked, nothing routed.
    private static func leftOut(_ json: inout JSONStream, _ waypoint: Waypoint, _ options: OSRMRouteOptions) {
        json.openObject()
        json.key("distance")
        json.integer(0)
        if options.generateHints {
            json.key("hint")
            json.string("")
        }
        json.key("location")
        point(&json, waypoint.item.coordinate)
        json.key("name")
        json.string("")
        json.key("routeit")
        asked(&json, waypoint, leftOut: true)
        json.closeObject()
    }

    /// A waypoint's `routeit`: what was asked and the address it was found as.
    private static func asked(_ json: inout JSONStream, _ waypoint: Waypoint, leftOut: Bool) {
        json.openObject()
        json.key("address")
        json.string(waypoint.item.placemark.formattedAddress)
        if leftOut {
            json.key("left_out")
            json.bool(true)
        }
        json.key("query")
        json.string(waypoint.query)
        json.closeObject()
    }

    /// What the directions warn of: stops left out (and why), places moved to reach a road (in
    /// metres, as OSRM's answers are), places reached while closed, then avoided roads used all
    /// the same.
    static func alerts(_ directions: DirectionsViewModel) -> [String] {
        directions.notices + directions.movedEnds.map { $0.note(unit: .kilometres) } + directions.warnings.flatMap { $0 }
            + directions.tripNotes
    }

    /// One route as the options ask: only what they ask is written (a served route with
    /// `overview=false` writes no line at all).
    /// `places`: where the client put the route's places, one per leg end (the depart and
    /// arrive modifiers say which side of the road each lies on); empty: not said.
    static func route(_ json: inout JSONStream, _ directions: DirectionsViewModel, _ options: OSRMRouteOptions, places: [Coordinate] = []) {
        let legs = directions.legs.map(\.route), mode = directions.transportType
        json.openObject()
        json.key("distance")
        json.number(round1(directions.totalDistance))
        json.key("duration")
        json.number(round1(directions.totalTravelTime))
        if options.overview == .full {
            var geometry: [Coordinate] = []
            for leg in legs { for c in leg.polyline where geometry.last != c { geometry.append(c) } }
            json.key("geometry")
            OSRMResponseShape.geometry(&json, geometry, options.geometries)
        } else if options.overview == .simplified {
            json.key("geometry")
            OSRMResponseShape.geometry(&json, OSRMResponseShape.simplified(legs: legs.map(\.polyline)), options.geometries)
        }
        // The clock: when the route leaves and arrives (ISO 8601 with the local offset).
        let schedule = directions.schedule, zone = directions.calendar.timeZone
        json.key("legs")
        json.openArray()
        for (i, route) in legs.enumerated() {
            let times = schedule.flatMap { i < $0.legs.count ? $0.legs[i] : nil }
            leg(&json, route, mode: mode, options, times: times.map { (iso8601($0.departure, zone), iso8601($0.arrival, zone)) },
                ends: legEnds(places, leg: i, of: legs.count))
        }
        json.closeArray()
        json.key("routeit")
        json.openObject()
        json.key("alerts")
        json.openArray()
        for alert in alerts(directions) { json.string(alert) }
        json.closeArray()
        if let schedule {
            json.key("arrival")
            json.string(iso8601(schedule.back, zone))
            json.key("departure")
            json.string(iso8601(schedule.departure, zone))
        }
        json.closeObject()
        json.key("weight")
        json.number(round1(directions.totalTravelTime))
        json.key("weight_name")
        json.string("duration")
        json.closeObject()
    }

    /// Where the client put leg `i`'s two places; a round trip whose places are given without
    /// its return to the start ends its last leg at the first.
    private static func legEnds(_ places: [Coordinate], leg i: Int, of count: Int) -> (from: Coordinate, to: Coordinate)? {
        if i + 1 < places.count { return (places[i], places[i + 1]) }
        if i + 1 == places.count && count == places.count { return (places[i], places[0]) }
        return nil
    }

    /// `2026-12-03T12:09:34+02:00` (`Z` in UTC), as ISO8601DateFormatter writes it in `zone`,
    /// without making one: making a formatter took longer than writing the rest of a route, and
    /// `String(format:)` (its first call in a process above all) a million instructions for four.
    static func iso8601(_ date: Date, _ zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down)) + offset
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0" + String(n) : String(n) }
        let year = String(parts.tm_year + 1900)
        let clock = String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + two(parts.tm_mon + 1) + "-" + two(parts.tm_mday)
            + "T" + two(parts.tm_hour) + ":" + two(parts.tm_min) + ":" + two(parts.tm_sec)
        guard offset != 0 else { return clock + "Z" }
        return clock + (offset < 0 ? "-" : "+") + two(Int32(abs(offset) / 3600)) + ":" + two(Int32(abs(offset) % 3600 / 60))
    }

    /// A leg; `times` its departure and arrival when the route has a clock, `ends` where the
    /// client put its two places.
    static func leg(_ json: inout JSONStream, _ route: Route, mode: TransportType, _ options: OSRMRouteOptions,
                    times: (departure: String, arrival: String)?, ends: (from: Coordinate, to: Coordinate)? = nil) {
        json.openObject()
        if !options.annotations.isEmpty {
            json.key("annotation")
            OSRMResponseShape.annotation(&json, route.steps, nodes: route.osmNodes, options.annotations)
        }
        json.key("distance")
        json.number(round1(route.distance))
        json.key("duration")
        json.number(round1(route.expectedTravelTime))
        if let times {
            json.key("routeit")
            json.openObject()
            json.key("arrival")
            json.string(times.arrival)
            json.key("departure")
            json.string(times.departure)
            json.closeObject()
        }
        json.key("steps")
        json.openArray()
        if options.steps { OSRMStepJSON.steps(&json, route.steps, mode: mode, geometries: options.geometries, ends: ends,
                                              junctions: route.intersections) }
        json.closeArray()
        json.key("summary")
        json.string(route.name)
        json.key("weight")
        json.number(round1(route.expectedTravelTime))
        json.closeObject()
    }

    static func maneuver(_ step: RouteStep) -> Maneuver {
        InstructionText.maneuver(from: step.instruction) ?? Maneuver(kind: .continue)
    }

    /// GeoJSON order: [longitude, latitude], six decimals as OSRM writes them.
    static func point(_ c: Coordinate) -> [Double] {
        [(c.longitude * 1e6).rounded() / 1e6, (c.latitude * 1e6).rounded() / 1e6]
    }

    /// `point(c)` written as the JSON array it is.
    static func point(_ json: inout JSONStream, _ c: Coordinate) {
        json.openArray()
        json.sixDecimals(c.longitude)
        json.sixDecimals(c.latitude)
        json.closeArray()
    }

    static func round1(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
