import Foundation

/// The checks a script written for osrm-routed relies on, run the same on osrm-routed's own
/// `/route/v1` answer and on `routeit route --json`: shape (code, routes, legs, steps,
/// maneuvers, waypoints), GeoJSON geometry in lon/lat order near the asked points, legs =
/// waypoints - 1, step distances adding up to their leg, depart first and arrive last,
/// maneuver types and modifiers from OSRM's vocabulary. Returns what is wrong (none: passes).
enum OSRMResponseCheck {
    static let maneuverTypes: Set<String> = [
        "turn", "new name", "depart", "arrive", "merge", "on ramp", "off ramp", "fork", "end of road", "continue",
        "roundabout", "rotary", "roundabout turn", "notification", "exit roundabout", "exit rotary", "use lane",
    ]
    static let modifiers: Set<String> = ["uturn", "sharp right", "right", "slight right", "straight", "slight left", "left", "sharp left"]

    /// `asked`: the points requested as (latitude, longitude); geometry must stay within
    /// `slack` degrees of their box, which a lat/lon swap cannot.
    static func problems(_ data: Data, asked: [(Double, Double)], slack: Double = 0.05) -> [String] {
        var problems: [String] = []
        func fail(_ message: String) { problems.append(message) }
        guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return ["not a JSON object"] }
        guard json["code"] as? String == "Ok" else { return ["code is \(json["code"] ?? "missing"), not Ok"] }
        let lats = asked.map(\.0), lons = asked.map(\.1)
        func checkPoint(_ value: Any?, _ what: String) -> (lon: Double, lat: Double)? {
            guard let pair = value as? [Double], pair.count == 2 else { fail("\(what): not a [lon, lat] pair"); return nil }
            let (lon, lat) = (pair[0], pair[1])
            guard (-180...180).contains(lon), (-90...90).contains(lat) else { fail("\(what): \(pair) out of range"); return nil }
            guard lon >= lons.min()! - slack, lon <= lons.max()! + slack, lat >= lats.min()! - slack, lat <= lats.max()! + slack else {
                fail("\(what): \(pair) is not near the asked points in lon/lat order"); return nil
            }
            return (lon, lat)
        }
        func checkLine(_ value: Any?, _ what: String) -> [(lon: Double, lat: Double)] {
            guard let geometry = value as? [String: Any], geometry["type"] as? String == "LineString",
                  let coordinates = geometry["coordinates"] as? [Any], coordinates.count >= 2 else {
                fail("\(what): not a GeoJSON LineString with two or more points"); return []
            }
            return coordinates.enumerated().compactMap { checkPoint($1, "\(what)[\($0)]") }
        }
        func number(_ object: [String: Any], _ key: String, _ what: String) -> Double {
            guard let value = object[key] as? Double, value >= 0 else { fail("\(what).\(key): not a number ≥ 0"); return 0 }
            return value
        }
        guard let waypoints = json["waypoints"] as? [[String: Any]], waypoints.count == asked.count else {
            return problems + ["waypoints: not one per asked point"]
        }
        for (i, waypoint) in waypoints.enumerated() {
            _ = checkPoint(waypoint["location"], "waypoints[\(i)].location")
            if !(waypoint["name"] is String) { fail("waypoints[\(i)].name: not a string") }
        }
        guard let routes = json["routes"] as? [[String: Any]], !routes.isEmpty else { return problems + ["routes: none"] }
        for (r, route) in routes.enumerated() {
            let what = "routes[\(r)]"
            let distance = number(route, "distance", what)
            _ = number(route, "duration", what)
            _ = checkLine(route["geometry"], "\(what).geometry")
            guard let legs = route["legs"] as? [[String: Any]] else { fail("\(what).legs: missing"); continue }
            if legs.count != waypoints.count - 1 { fail("\(what): \(legs.count) legs for \(waypoints.count) waypoints") }
            var legSum = 0.0
            for (l, leg) in legs.enumerated() {
                let legWhat = "\(what).legs[\(l)]"
                let legDistance = number(leg, "distance", legWhat)
                _ = number(leg, "duration", legWhat)
                legSum += legDistance
                guard let steps = leg["steps"] as? [[String: Any]], steps.count >= 2 else { fail("\(legWhat).steps: fewer than two"); continue }
                var stepSum = 0.0
                for (s, step) in steps.enumerated() {
                    let stepWhat = "\(legWhat).steps[\(s)]"
                    stepSum += number(step, "distance", stepWhat)
                    _ = number(step, "duration", stepWhat)
                    if !(step["name"] is String) { fail("\(stepWhat).name: not a string") }
                    let line = checkLine(step["geometry"], "\(stepWhat).geometry")
                    guard let maneuver = step["maneuver"] as? [String: Any], let type = maneuver["type"] as? String else {
                        fail("\(stepWhat).maneuver.type: missing"); continue
                    }
                    if !maneuverTypes.contains(type) { fail("\(stepWhat).maneuver.type: \"\(type)\" is not OSRM's") }
                    if let modifier = maneuver["modifier"], !(modifier is String && modifiers.contains(modifier as! String)) {
                        fail("\(stepWhat).maneuver.modifier: \(modifier) is not OSRM's")
                    }
                    if let exit = maneuver["exit"], !(exit is Int) { fail("\(stepWhat).maneuver.exit: not a whole number") }
                    if let location = checkPoint(maneuver["location"], "\(stepWhat).maneuver.location"), let start = line.first,
                       abs(location.lon - start.lon) > 1e-5 || abs(location.lat - start.lat) > 1e-5 {
                        fail("\(stepWhat).maneuver.location is not where the step's geometry starts")
                    }
                    if s == 0 && type != "depart" { fail("\(stepWhat): the first step is \(type), not depart") }
                    if s == steps.count - 1 && type != "arrive" { fail("\(stepWhat): the last step is \(type), not arrive") }
                    if s > 0 && s < steps.count - 1 && (type == "depart" || type == "arrive") { fail("\(stepWhat): \(type) inside a leg") }
                }
                if abs(stepSum - legDistance) > max(1.5, legDistance * 0.01) {
                    fail("\(legWhat): steps add up to \(stepSum) m, the leg is \(legDistance) m")
                }
            }
            if abs(legSum - distance) > max(1.5, distance * 0.01) { fail("\(what): legs add up to \(legSum) m, the route is \(distance) m") }
        }
        return problems
    }
}
