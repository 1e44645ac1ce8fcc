import RouteItCore

/// How OSRM's guidance ranks roads for a cyclist (profiles/lib/guidance.lua's `highway_classes`
/// and `road_types`, read by `canBeSeenAsFork` and `obviousByRoadClass`). A bicycle may use
/// footways, steps and paths (pushed or ridden), so they meet every street; OSRM counts them as
/// "may be ignored" (low priority) ways: they make no fork with a street, and they do not stop
/// the street from being the obvious way on. Cars never meet them, and walkers' guidance keeps
/// its own rules, so these apply to bicycles only.
enum BicycleGuidanceClasses {
    /// How far along each branch a cyclist's fork is judged, metres: OSRM's bearings look
    /// about 10 m into a way without lane tags (`LOOKAHEAD_DISTANCE_WITHOUT_LANES`), so a
    /// branch that splits off at a narrow angle and only then curves away is still a fork.
    static let forkHeadingMetres = 10.0

    /// Bearing from a line's first point to the point exactly `metres` along it (or its end).
    static func heading(leaving line: [Coordinate], at metres: Double) -> Double {
        var travelled = 0.0
        for (a, b) in zip(line, line.dropFirst()) {
            let step = a.distance(to: b)
            if travelled + step >= metres, step > 0 {
                let t = (metres - travelled) / step
                let p = Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * t,
                                   longitude: a.longitude + (b.longitude - a.longitude) * t)
                return Geodesy.bearing(line[0], p)
            }
            travelled += step
        }
        return Geodesy.bearing(line[0], line[line.count - 1])
    }

    /// guidance.lua's road priority (lower is more important); roads it does not list get
    /// `connectivity` (31).
    static func priority(_ cls: RoadClass) -> Int {
        switch cls {
        case .motorway: return 0
        case .trunk: return 2
        case .primary: return 4
        case .secondary: return 6
        case .tertiary: return 8
        case .livingStreet: return 10
        case .unclassified, .residential: return 11
        case .motorwayLink, .trunkLink, .primaryLink, .secondaryLink, .tertiaryLink: return 14
        case .track, .path: return 16
        case .footway, .pedestrian, .steps: return 18
        case .service, .road, .cycleway, .bridleway, .ferry: return 31
        }
    }

    /// Not one of guidance.lua's `road_types`: a way OSRM may ignore in guidance decisions.
    static func isLowPriority(_ cls: RoadClass) -> Bool {
        switch cls {
        case .motorway, .motorwayLink, .trunk, .trunkLink, .primary, .primaryLink, .secondary, .secondaryLink,
             .tertiary, .tertiaryLink, .unclassified, .residential, .livingStreet:
            return false
        default:
            return true
        }
    }

    /// Two ways make a cyclist's fork only when both are streets or both are paths (OSRM's
    /// `isCompatibleByRoadClass`): a street and a footway beside it are no fork.
    static func isForkPair(_ a: RoadClass, _ b: RoadClass) -> Bool {
        isLowPriority(a) == isLowPriority(b)
    }

    /// Whether `other` is left out when deciding forks and the obvious way on: a low-priority
    /// way beside a street the cyclist arrives on and goes on along (OSRM's `obviousByRoadClass`).
    static func isIgnorable(_ other: RoadClass, incoming: RoadClass, chosen: RoadClass) -> Bool {
        isLowPriority(other) && !isLowPriority(incoming) && !isLowPriority(chosen)
    }
}
