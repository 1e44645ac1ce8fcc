import RouteItCore

/// A route's columns as OSRM's cucumber support (`support/route.js`, `shared_steps.js`)
/// writes them from the response: one entry per step of every leg, comma separated.
public struct OSRMStepStrings {
    public struct Step {
        public var type: String
        public var modifier: String?
        public var exit: Int?
        public var name: String
        public var mode: String
        public var location: Coordinate
        /// OSRM's `rotary_name`: a rotary's own name.
        public var rotaryName: String?
    }

    public init(steps: [Step], duration: Double, distance: Double) {
        self.steps = steps
        self.duration = duration
        self.distance = distance
    }

    public var steps: [Step]
    /// Seconds and metres as OSRM's JSON rounds them (one decimal).
    public var duration: Double
    public var distance: Double

    /// Each leg its own depart … arrive, as OSRM's legs are.
    public init(legs: [Route], mode: TransportType) {
        steps = []
        for leg in legs {
            var lastName = "", lastMode = OSRMManeuverNames.mode(Maneuver(kind: .depart), mode)
            for (i, routeStep) in leg.steps.enumerated() {
                var m = InstructionText.maneuver(from: routeStep.instruction) ?? Maneuver(kind: .continue)
                // A leg always starts with its depart and ends with its arrival (a ferry's own
                // sentence stands in for the depart's).
                if i == 0 { m.kind = .depart }
                if i == leg.steps.count - 1 { m.kind = .arrive }
                let isArrival = m.kind == .arrive
                // OSRM names the arrival after the destination's way, not the last step's.
                let name = isArrival ? leg.arrivalStreet ?? lastName : (routeStep.streetName ?? m.streetName ?? "")
                let stepMode = isArrival ? lastMode : OSRMManeuverNames.mode(m, mode)
                lastName = name
                lastMode = stepMode
                let location = routeStep.polyline.first ?? leg.polyline.last ?? Coordinate(latitude: 0, longitude: 0)
                steps.append(Step(type: OSRMManeuverNames.type(m), modifier: OSRMManeuverNames.modifier(m),
                                  exit: OSRMManeuverNames.hasExit(m) ? m.exitNumber : nil, name: name, mode: stepMode,
                                  location: location, rotaryName: m.rotaryName))
            }
        }
        duration = Self.round1(legs.reduce(0) { $0 + Self.round1($1.expectedTravelTime) })
        distance = Self.round1(legs.reduce(0) { $0 + Self.round1($1.distance) })
    }

    static func round1(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// `route`: the steps' names.
    public var route: String { steps.map(\.name).joined(separator: ",") }

    /// `turns` as `turnList` writes them: `depart`, `turn left`, `roundabout-exit-2`, `arrive`.
    public var turns: String {
        steps.map { s in
            switch s.type {
            case "depart", "arrive": return s.type
            case "roundabout": return "roundabout-exit-\(s.exit.map(String.init) ?? "undefined")"
            case "rotary": return "\(s.rotaryName ?? "rotary")-exit-\(s.exit.map(String.init) ?? "undefined")"
            case "roundabout turn": return "roundabout turn \(s.modifier ?? "undefined") exit-\(s.exit.map(String.init) ?? "undefined")"
            default: return "\(s.type) \(s.modifier ?? "undefined")"
            }
        }.joined(separator: ",")
    }

    public var modes: String { steps.map(\.mode).joined(separator: ",") }

    /// `locations`: the node each maneuver is at (the first within a quarter cell), `_` if none.
    public func locations(in map: ScenarioMap) -> String {
        let tolerance = 0.25 * map.grid.zoom
        return steps.map { s in
            map.nodes.first { n in
                abs(s.location.longitude - n.longitude) <= tolerance && abs(s.location.latitude - n.latitude) <= tolerance
            }?.name ?? "_"
        }.joined(separator: ",")
    }

    public var time: String { "\(Self.js(duration))s" }
    public var distanceText: String { "\(Self.js(distance))m" }
    public var speed: String { duration > 0 ? "\(Int((3.6 * distance / duration).rounded())) km/h" : "null km/h" }

    /// A number as JavaScript prints it: `12`, `12.5`.
    static func js(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
