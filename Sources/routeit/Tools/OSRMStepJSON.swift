import Foundation
import RouteItCore

/// A leg's `steps` as OSRM writes them: each step's line, maneuver (with the bearings in and
/// out) and its intersection, written straight into the answer (`JSONStream`, keys sorted).
enum OSRMStepJSON {
    /// The steps of one leg; each maneuver's `bearing_before` is the last segment of the step
    /// before it, and the arrival is named after the last street the leg named.
    static func steps(_ json: inout JSONStream, _ steps: [RouteStep], mode: TransportType, geometries: OSRMRouteOptions.Geometries) {
        var lastName = ""
        var before = 0
        for step in steps {
            let m = OSRMRouteJSON.maneuver(step)
            if let name = m.streetName, !name.isEmpty { lastName = name }
            self.step(&json, step, maneuver: m, name: m.kind == .arrive ? lastName : m.streetName ?? "", mode: mode,
                      bearingBefore: m.kind == .depart ? 0 : before, geometries: geometries)
            // The heading arriving at the next maneuver: this step's last segment.
            let line = step.polyline
            if line.count >= 2, line[line.count - 2] != line[line.count - 1] {
                before = Int(Geodesy.bearing(line[line.count - 2], line[line.count - 1]).rounded()) % 360
            }
        }
    }

    static func step(_ json: inout JSONStream, _ step: RouteStep, maneuver m: Maneuver, name: String, mode: TransportType,
                     bearingBefore: Int, geometries: OSRMRouteOptions.Geometries) {
        var line = step.polyline
        if line.count == 1 { line.append(line[0]) }
        let location = line.first ?? Coordinate(latitude: 0, longitude: 0)
        let bearingAfter = line.count >= 2 && line[0] != line[1] ? Int(Geodesy.bearing(line[0], line[1]).rounded()) % 360 : 0
        json.openObject()
        json.key("distance")
        json.number(OSRMRouteJSON.round1(step.distance))
        json.key("driving_side")
        json.string("right")
        json.key("duration")
        json.number(OSRMRouteJSON.round1(step.expectedTravelTime))
        json.key("geometry")
        OSRMResponseShape.geometry(&json, line, geometries)
        json.key("intersections")
        json.openArray()
        intersection(&json, at: location, kind: m.kind, bearingBefore: bearingBefore, bearingAfter: bearingAfter)
        json.closeArray()
        json.key("maneuver")
        json.openObject()
        json.key("bearing_after")
        json.integer(bearingAfter)
        json.key("bearing_before")
        json.integer(bearingBefore)
        if OSRMManeuverNames.hasExit(m), let exit = m.exitNumber {
            json.key("exit")
            json.integer(exit)
        }
        json.key("location")
        OSRMRouteJSON.point(&json, location)
        if let modifier = OSRMManeuverNames.modifier(m) {
            json.key("modifier")
            json.string(modifier)
        }
        json.key("type")
        json.string(OSRMManeuverNames.type(m))
        json.closeObject()
        json.key("mode")
        json.string(OSRMManeuverNames.mode(m, mode))
        json.key("name")
        json.string(name)
        if let rotary = m.rotaryName {
            json.key("rotary_name")
            json.string(rotary)
        }
        json.key("routeit")
        json.openObject()
        json.key("instruction")
        json.string(step.instruction)
        json.closeObject()
        json.key("weight")
        json.number(OSRMRouteJSON.round1(step.expectedTravelTime))
        json.closeObject()
    }

    /// OSRM's step `intersections`: the maneuver's own, with the roads the route takes in and
    /// out of it (bearings ascending as OSRM lists them; `in` the road arrived on, reversed, `out`
    /// the one taken). Depart has no `in`, arrive no `out`. The other roads meeting there are
    /// not listed: the steps do not carry them.
    static func intersection(_ json: inout JSONStream, at location: Coordinate, kind: Maneuver.Kind, bearingBefore: Int, bearingAfter: Int) {
        let arriving = (bearingBefore + 180) % 360
        let bearings: [Int], into: Int?, out: Int?
        switch kind {
        case .depart: (bearings, into, out) = ([bearingAfter], nil, 0)
        case .arrive: (bearings, into, out) = ([arriving], 0, nil)
        default:
            bearings = arriving <= bearingAfter ? [arriving, bearingAfter] : [bearingAfter, arriving]
            out = bearings.lastIndex(of: bearingAfter) ?? 0
            into = bearings.firstIndex(of: arriving) ?? 0
        }
        json.openObject()
        json.key("bearings")
        json.openArray()
        for bearing in bearings { json.integer(bearing) }
        json.closeArray()
        json.key("entry")
        json.openArray()
        for i in bearings.indices { json.bool(out.map { i == $0 } ?? true) }
        json.closeArray()
        if let into {
            json.key("in")
            json.integer(into)
        }
        json.key("location")
        OSRMRouteJSON.point(&json, location)
        if let out {
            json.key("out")
            json.integer(out)
        }
        json.closeObject()
    }
}
