import Foundation
import RouteItCore

/// A leg's `steps` as OSRM writes them: each step's line, maneuver (with the bearings in and
/// out) and its intersection, written straight into the answer (`JSONStream`, keys sorted).
enum OSRMStepJSON {
    /// The steps of one leg; each maneuver's `bearing_before` is the last segment of the step
    /// before it, and the arrival is named after the road it is on (else the last street named).
    /// `ends`: where the client put the leg's two places, for the depart and arrive modifiers;
    /// `junctions`: the leg's junctions passed, when the router gives them (each step lists the
    /// ones from its maneuver's up to the next step's).
    static func steps(_ json: inout JSONStream, _ steps: [RouteStep], mode: TransportType, geometries: OSRMRouteOptions.Geometries,
                      ends: (from: Coordinate, to: Coordinate)? = nil, junctions: [RouteIntersection]? = nil) {
        var lastName = ""
        var before = 0
        // The exit a ring was entered to take: OSRM writes it on the step leaving the ring too.
        var ringExit: Int?
        let line = steps.flatMap(\.polyline).reduce(into: [Coordinate]()) { if $0.last != $1 { $0.append($1) } }
        var travelled = 0.0, nextJunction = 0
        for step in steps {
            var m = OSRMRouteJSON.maneuver(step)
            // The step's own street name when the router gives it, as OSRM's `name`: the road a
            // U-turn comes back on, "" on a road known by its ref
            // alone (the sentence's "onto 19" is platform 19's ref: the step's `ref`).
            if m.kind != .arrive, let street = step.streetName { m.streetName = street }
            if let name = m.streetName, !name.isEmpty { lastName = name }
            switch m.kind {
            case .depart:
                if let ends, line.count >= 2 { m.direction = OSRMModifiers.modifier(place: ends.from, road: line[0], next: line[1]) }
            case .arrive:
                if let ends, line.count >= 2 {
                    m.direction = OSRMModifiers.modifier(place: ends.to, road: line[line.count - 1], previous: line[line.count - 2])
                }
            case .roundabout, .rotary, .roundaboutTurn:
                ringExit = m.exitNumber
            case .exitRoundabout, .exitRotary:
                // Only the ring just entered: one the route starts on has no count here.
                m.exitNumber = ringExit
                ringExit = nil
            default:
                break
            }
            // The junctions before the step's end (half a metre either way: the distances are
            // sums of the same legs'); the depart and arrive steps' own place is no junction.
            var passed: [RouteIntersection] = []
            if let junctions, m.kind != .arrive {
                let end = travelled + step.distance - 0.5
                while nextJunction < junctions.count, junctions[nextJunction].distance < end {
                    passed.append(junctions[nextJunction])
                    nextJunction += 1
                }
            }
            travelled += step.distance
            // The arrival: the road the place lies on when the router gives it, else the last
            // street named (a remote OSRM's or a saved trip's steps).
            let arrivalName = step.streetName ?? lastName
            self.step(&json, step, maneuver: m, name: m.kind == .arrive ? arrivalName : m.streetName ?? "", mode: mode,
                      bearingBefore: m.kind == .depart ? 0 : before, geometries: geometries, junctions: passed)
            // The heading arriving at the next maneuver: this step's last segment.
            let line = step.polyline
            if line.count >= 2, line[line.count - 2] != line[line.count - 1] {
                before = Int(Geodesy.bearing(line[line.count - 2], line[line.count - 1]).rounded()) % 360
            }
        }
    }

    /// `junctions`: the junctions from the maneuver's on, up to the next step (none: the
    /// maneuver's alone, from its bearings).
    static func step(_ json: inout JSONStream, _ step: RouteStep, maneuver given: Maneuver, name: String, mode: TransportType,
                     bearingBefore: Int, geometries: OSRMRouteOptions.Geometries, junctions: [RouteIntersection] = []) {
        var m = given
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
        // The maneuver's junction with every road there when the router gave it, else the
        // roads in and out; then the junctions the step passes.
        if junctions.first.map({ $0.location.distance(to: location) >= 1 }) ?? true {
            intersection(&json, at: location, kind: m.kind, bearingBefore: bearingBefore, bearingAfter: bearingAfter)
        }
        for junction in junctions { intersection(&json, junction) }
        json.closeArray()
        json.key("maneuver")
        json.openObject()
        json.key("bearing_after")
        json.integer(bearingAfter)
        json.key("bearing_before")
        json.integer(bearingBefore)
        if OSRMManeuverNames.hasExit(m) || m.kind == .exitRoundabout || m.kind == .exitRotary, let exit = m.exitNumber {
            json.key("exit")
            json.integer(exit)
        }
        json.key("location")
        OSRMRouteJSON.point(&json, location)
        // Entering a ring, OSRM's modifier is the turn onto it: between the roads in and out
        // as the junction keeps them, else the step's first and the last one's last pieces.
        if m.direction == nil, m.kind == .roundabout || m.kind == .rotary {
            if let junction = junctions.first, junction.location.distance(to: location) < 1,
               junction.bearings.indices.contains(junction.into), junction.bearings.indices.contains(junction.out) {
                m.direction = OSRMModifiers.turnDirection(from: Double(junction.bearings[junction.into] + 180),
                                                          to: Double(junction.bearings[junction.out]))
            } else if line.count >= 2, line[0] != line[1] {
                m.direction = OSRMModifiers.turnDirection(from: Double(bearingBefore), to: Geodesy.bearing(line[0], line[1]))
            }
        }
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
        // OSRM's `ref` (the D 6007, the platform's 19), when the road has one.
        if let ref = step.ref, !ref.isEmpty {
            json.key("ref")
            json.string(ref)
        }
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
    /// A junction as the router gave it: every road the mode may travel there.
    static func intersection(_ json: inout JSONStream, _ junction: RouteIntersection) {
        json.openObject()
        json.key("bearings")
        json.openArray()
        for bearing in junction.bearings { json.integer(bearing) }
        json.closeArray()
        json.key("entry")
        json.openArray()
        for allowed in junction.entry { json.bool(allowed) }
        json.closeArray()
        json.key("in")
        json.integer(junction.into)
        if !junction.lanes.isEmpty {
            // The road arrived by's turn lanes, left to right, valid where they lead on.
            json.key("lanes")
            json.openArray()
            for lane in junction.lanes {
                json.openObject()
                json.key("indications")
                json.openArray()
                for indication in lane.indications { json.string(indication) }
                json.closeArray()
                json.key("valid")
                json.bool(lane.valid)
                json.closeObject()
            }
            json.closeArray()
        }
        json.key("location")
        OSRMRouteJSON.point(&json, junction.location)
        json.key("out")
        json.integer(junction.out)
        json.closeObject()
    }

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
