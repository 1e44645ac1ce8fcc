import Foundation
import RouteItCore

/// A routed trip as OSRM's `/route/v1` response, as its options ask (`OSRMRouteOptions`: overview,
/// geometries, steps, annotations; the same for `routeit serve` and `routeit route --json`), so a script written for osrm-routed reads `routeit route --json` unchanged: `code`,
/// `routes[]` (distance, duration, GeoJSON geometry in lon/lat, legs with steps and maneuvers),
/// `waypoints[]`. RouteIt's own additions (the instruction text, the attribution, what each
/// waypoint was asked as) are under `routeit` keys, which OSRM clients ignore.
enum OSRMRouteJSON {
    struct Waypoint {
        /// What was asked: `Annankatu 25` or `60.1,24.9`.
        var query: String
        var item: MapItem
        /// How long the route stays here before its next leg (`--stay`).
        var stay: TimeInterval = 0
        /// The coordinate as given, when the place routed is a hint's road point instead.
        var asked: Coordinate?

        /// Where the client said the place is.
        var given: Coordinate { asked ?? item.coordinate }
    }

    /// The waypoint's `hint` for its point on the road (empty when the options name no map).
    static func hint(_ waypoint: Waypoint, snapped: Coordinate, _ options: OSRMRouteOptions) -> String {
        options.mapFingerprint.map { OSRMHint(map: $0, asked: waypoint.given, snapped: snapped).text } ?? ""
    }

    /// `routes`: one directions per route offered (alternatives), each with a leg between
    /// consecutive waypoints.
    static func response(waypoints: [Waypoint], routes: [DirectionsViewModel], options: OSRMRouteOptions) -> [String: Any] {
        var names = Array(repeating: "", count: waypoints.count)
        var snapped = waypoints.map(\.item.coordinate)
        if let first = routes.first {
            for (i, leg) in first.legs.enumerated() where i + 1 < waypoints.count {
                // The streets the route names its ends by (OSRM's waypoint `name`: the road the
                // place snapped to); a backend that does not say them, from the first and last
                // named steps.
                let steps = leg.route.steps
                names[i] = leg.route.departureStreet ?? steps.first.flatMap { maneuver($0).streetName } ?? ""
                names[i + 1] = leg.route.arrivalStreet
                    ?? steps.reversed().lazy.compactMap { maneuver($0).streetName }.first { !$0.isEmpty } ?? ""
                if let start = leg.route.polyline.first { snapped[i] = start }
                if let end = leg.route.polyline.last { snapped[i + 1] = end }
            }
        }
        return [
            "code": "Ok",
            "routes": routes.map { route($0, options) },
            "waypoints": waypoints.indices.map { i -> [String: Any] in
                ["location": point(snapped[i]),
                 "name": names[i],
                 "distance": round1(waypoints[i].given.distance(to: snapped[i])),
                 "hint": hint(waypoints[i], snapped: snapped[i], options),
                 "routeit": ["query": waypoints[i].query, "address": waypoints[i].item.placemark.formattedAddress]]
            },
            "routeit": ["attribution": MapAttribution.text, "mode": (routes.first?.transportType ?? .car).rawValue],
        ]
    }

    /// OSRM's `/trip` answer for places visited in `order` (indices into `inputs`; a round trip
    /// ends where it began): `trips` (the routes) and `waypoints`, one per place as given, with
    /// its position in the trip (`waypoint_index`) and its trip (`trips_index`). A place the trip
    /// leaves out (it could not fit) has neither, and `routeit.left_out`.
    static func tripResponse(inputs: [Waypoint], order: [Int], routes: [DirectionsViewModel], options: OSRMRouteOptions) -> [String: Any] {
        var response = response(waypoints: order.map { inputs[$0] }, routes: routes, options: options)
        let visited = response["waypoints"] as? [[String: Any]] ?? []
        response["waypoints"] = inputs.indices.map { i -> [String: Any] in
            guard let position = order.firstIndex(of: i), position < visited.count else {
                return ["location": point(inputs[i].item.coordinate), "name": "", "distance": 0.0, "hint": "",
                        "routeit": ["query": inputs[i].query, "address": inputs[i].item.placemark.formattedAddress, "left_out": true]]
            }
            var waypoint = visited[position]
            waypoint["waypoint_index"] = position
            waypoint["trips_index"] = 0
            return waypoint
        }
        response["trips"] = response.removeValue(forKey: "routes")
        return response
    }

    /// `{"code":"NoRoute","message":"..."}`: what osrm-routed answers when it cannot route.
    static func failure(code: String, message: String) -> [String: Any] {
        ["code": code, "message": message]
    }

    /// What the directions warn of: stops left out (and why), places moved to reach a road (in
    /// metres, as OSRM's answers are), places reached while closed, then avoided roads used all
    /// the same.
    static func alerts(_ directions: DirectionsViewModel) -> [String] {
        directions.notices + directions.movedEnds.map { $0.note(unit: .kilometres) } + directions.warnings.flatMap { $0 }
            + directions.avoidanceNotes
    }

    /// One route as the options ask: only what they ask is built (a served route with
    /// `overview=false` writes no line at all).
    static func route(_ directions: DirectionsViewModel, _ options: OSRMRouteOptions) -> [String: Any] {
        let legs = directions.legs.map(\.route), mode = directions.transportType
        var legObjects = legs.map { leg(_: $0, mode: mode, options) }
        var object: [String: Any] = [
            "distance": round1(directions.totalDistance),
            "duration": round1(directions.totalTravelTime),
            "weight": round1(directions.totalTravelTime),
            "weight_name": "duration",
        ]
        if options.overview == .full {
            var geometry: [Coordinate] = []
            for leg in legs { for c in leg.polyline where geometry.last != c { geometry.append(c) } }
            object["geometry"] = OSRMResponseShape.geometry(geometry, options.geometries)
        } else if options.overview == .simplified {
            object["geometry"] = OSRMResponseShape.geometry(OSRMResponseShape.simplified(legs: legs.map(\.polyline)), options.geometries)
        }
        var routeit: [String: Any] = ["alerts": alerts(directions)]
        if let schedule = directions.schedule {
            // The clock: when the route leaves and arrives (ISO 8601 with the local offset).
            let zone = directions.calendar.timeZone
            for i in legObjects.indices where i < schedule.legs.count {
                legObjects[i]["routeit"] = ["departure": iso8601(schedule.legs[i].departure, zone),
                                            "arrival": iso8601(schedule.legs[i].arrival, zone)]
            }
            routeit["departure"] = iso8601(schedule.departure, zone)
            routeit["arrival"] = iso8601(schedule.back, zone)
        }
        object["routeit"] = routeit
        object["legs"] = legObjects
        return object
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

    static func leg(_ route: Route, mode: TransportType, _ options: OSRMRouteOptions) -> [String: Any] {
        var lastName = ""
        var before = 0
        let steps = !options.steps ? [] : route.steps.map { step -> [String: Any] in
            let m = maneuver(step)
            if let name = m.streetName, !name.isEmpty { lastName = name }
            defer {
                // The heading arriving at the next maneuver: this step's last segment.
                let line = step.polyline
                if line.count >= 2, line[line.count - 2] != line[line.count - 1] {
                    before = Int(Geodesy.bearing(line[line.count - 2], line[line.count - 1]).rounded()) % 360
                }
            }
            return self.step(step, maneuver: m, name: m.kind == .arrive ? lastName : m.streetName ?? "", mode: mode,
                             bearingBefore: m.kind == .depart ? 0 : before, geometries: options.geometries)
        }
        var leg: [String: Any] = [
            "distance": round1(route.distance),
            "duration": round1(route.expectedTravelTime),
            "weight": round1(route.expectedTravelTime),
            "summary": route.name,
            "steps": steps,
        ]
        if !options.annotations.isEmpty { leg["annotation"] = OSRMResponseShape.annotation(route.steps, options.annotations) }
        return leg
    }

    static func maneuver(_ step: RouteStep) -> Maneuver {
        InstructionText.maneuver(from: step.instruction) ?? Maneuver(kind: .continue)
    }

    static func step(_ step: RouteStep, maneuver m: Maneuver, name: String, mode: TransportType, bearingBefore: Int,
                     geometries: OSRMRouteOptions.Geometries) -> [String: Any] {
        var line = step.polyline
        if line.count == 1 { line.append(line[0]) }
        let location = line.first ?? Coordinate(latitude: 0, longitude: 0)
        var maneuver: [String: Any] = [
            "type": OSRMManeuverNames.type(m),
            "location": point(location),
            "bearing_before": bearingBefore,
            "bearing_after": line.count >= 2 && line[0] != line[1] ? Int(Geodesy.bearing(line[0], line[1]).rounded()) % 360 : 0,
        ]
        if let modifier = OSRMManeuverNames.modifier(m) { maneuver["modifier"] = modifier }
        if OSRMManeuverNames.hasExit(m), let exit = m.exitNumber { maneuver["exit"] = exit }
        let bearingAfter = maneuver["bearing_after"] as? Int ?? 0
        var object: [String: Any] = [
            "distance": round1(step.distance),
            "duration": round1(step.expectedTravelTime),
            "weight": round1(step.expectedTravelTime),
            "name": name,
            "mode": OSRMManeuverNames.mode(m, mode),
            "driving_side": "right",
            "geometry": OSRMResponseShape.geometry(line, geometries),
            "maneuver": maneuver,
            "intersections": [intersection(at: location, kind: m.kind, bearingBefore: bearingBefore, bearingAfter: bearingAfter)],
            "routeit": ["instruction": step.instruction],
        ]
        if let rotary = m.rotaryName { object["rotary_name"] = rotary }
        return object
    }

    /// OSRM's step `intersections`: the maneuver's own, with the roads the route takes in and
    /// out of it (bearings ascending as OSRM lists them; `in` the road arrived on, reversed, `out`
    /// the one taken). Depart has no `in`, arrive no `out`. The other roads meeting there are
    /// not listed: the steps do not carry them.
    static func intersection(at location: Coordinate, kind: Maneuver.Kind, bearingBefore: Int, bearingAfter: Int) -> [String: Any] {
        let arriving = (bearingBefore + 180) % 360
        switch kind {
        case .depart:
            return ["location": point(location), "bearings": [bearingAfter], "entry": [true], "out": 0]
        case .arrive:
            return ["location": point(location), "bearings": [arriving], "entry": [true], "in": 0]
        default:
            let bearings = [arriving, bearingAfter].sorted()
            let out = bearings.lastIndex(of: bearingAfter) ?? 0
            let into = bearings.firstIndex(of: arriving) ?? 0
            return ["location": point(location), "bearings": bearings,
                    "entry": bearings.indices.map { $0 == out }, "in": into, "out": out]
        }
    }

    static func lineString(_ points: [Coordinate]) -> [String: Any] {
        ["type": "LineString", "coordinates": points.map(point)]
    }

    /// GeoJSON order: [longitude, latitude], six decimals as OSRM writes them.
    static func point(_ c: Coordinate) -> [Double] {
        [(c.longitude * 1e6).rounded() / 1e6, (c.latitude * 1e6).rounded() / 1e6]
    }

    static func round1(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
