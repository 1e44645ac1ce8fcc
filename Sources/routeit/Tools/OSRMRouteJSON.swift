import Foundation
import RouteItCore

/// A routed trip as OSRM's `/route/v1` response (steps=true, geometries=geojson, overview=full),
/// so a script written for osrm-routed reads `routeit route --json` unchanged: `code`,
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
    }

    /// `routes`: one directions per route offered (alternatives), each with a leg between
    /// consecutive waypoints.
    static func response(waypoints: [Waypoint], routes: [DirectionsViewModel]) -> [String: Any] {
        var names = Array(repeating: "", count: waypoints.count)
        var snapped = waypoints.map(\.item.coordinate)
        if let first = routes.first {
            for (i, leg) in first.legs.enumerated() where i + 1 < waypoints.count {
                let steps = leg.route.steps.map(maneuver)
                names[i] = steps.first?.streetName ?? ""
                names[i + 1] = steps.reversed().compactMap(\.streetName).first { !$0.isEmpty } ?? ""
                if let start = leg.route.polyline.first { snapped[i] = start }
                if let end = leg.route.polyline.last { snapped[i + 1] = end }
            }
        }
        return [
            "code": "Ok",
            "routes": routes.map(route),
            "waypoints": waypoints.indices.map { i -> [String: Any] in
                ["location": point(snapped[i]),
                 "name": names[i],
                 "distance": round1(waypoints[i].item.coordinate.distance(to: snapped[i])),
                 "hint": "",
                 "routeit": ["query": waypoints[i].query, "address": waypoints[i].item.placemark.formattedAddress]]
            },
            "routeit": ["attribution": MapAttribution.text, "mode": (routes.first?.transportType ?? .car).rawValue],
        ]
    }

    /// `{"code":"NoRoute","message":"..."}`: what osrm-routed answers when it cannot route.
    static func failure(code: String, message: String) -> [String: Any] {
        ["code": code, "message": message]
    }

    /// What the directions warn of: stops left out (and why), places reached while closed, then
    /// avoided roads used all the same.
    static func alerts(_ directions: DirectionsViewModel) -> [String] {
        directions.notices + directions.warnings.flatMap { $0 } + directions.avoidanceNotes
    }

    static func route(_ directions: DirectionsViewModel) -> [String: Any] {
        let legs = directions.legs.map(\.route), mode = directions.transportType
        var geometry: [Coordinate] = []
        for leg in legs { for c in leg.polyline where geometry.last != c { geometry.append(c) } }
        var legObjects = legs.map { leg(_: $0, mode: mode) }
        var object: [String: Any] = [
            "distance": round1(directions.totalDistance),
            "duration": round1(directions.totalTravelTime),
            "weight": round1(directions.totalTravelTime),
            "weight_name": "duration",
            "geometry": lineString(geometry),
        ]
        var routeit: [String: Any] = ["alerts": alerts(directions)]
        if let schedule = directions.schedule {
            // The clock: when the route leaves and arrives (ISO 8601 with the local offset).
            let iso8601 = ISO8601DateFormatter()
            iso8601.timeZone = directions.calendar.timeZone
            for i in legObjects.indices where i < schedule.legs.count {
                legObjects[i]["routeit"] = ["departure": iso8601.string(from: schedule.legs[i].departure),
                                            "arrival": iso8601.string(from: schedule.legs[i].arrival)]
            }
            routeit["departure"] = iso8601.string(from: schedule.departure)
            routeit["arrival"] = iso8601.string(from: schedule.back)
        }
        object["routeit"] = routeit
        object["legs"] = legObjects
        return object
    }

    static func leg(_ route: Route, mode: TransportType) -> [String: Any] {
        var lastName = ""
        var before = 0
        let steps = route.steps.map { step -> [String: Any] in
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
                             bearingBefore: m.kind == .depart ? 0 : before)
        }
        return [
            "distance": round1(route.distance),
            "duration": round1(route.expectedTravelTime),
            "weight": round1(route.expectedTravelTime),
            "summary": route.name,
            "steps": steps,
        ]
    }

    static func maneuver(_ step: RouteStep) -> Maneuver {
        InstructionText.maneuver(from: step.instruction) ?? Maneuver(kind: .continue)
    }

    static func step(_ step: RouteStep, maneuver m: Maneuver, name: String, mode: TransportType, bearingBefore: Int) -> [String: Any] {
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
        var object: [String: Any] = [
            "distance": round1(step.distance),
            "duration": round1(step.expectedTravelTime),
            "weight": round1(step.expectedTravelTime),
            "name": name,
            "mode": OSRMManeuverNames.mode(m, mode),
            "driving_side": "right",
            "geometry": lineString(line),
            "maneuver": maneuver,
            "routeit": ["instruction": step.instruction],
        ]
        if let rotary = m.rotaryName { object["rotary_name"] = rotary }
        return object
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
