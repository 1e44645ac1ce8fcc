import Foundation
import RouteItCore

/// How one OSM way may be travelled by car and on foot: the routing profiles.
/// Speeds follow OSRM's car.lua defaults so durations stay comparable with OSRM.
public struct RoadProfile: Equatable, Sendable {
    public var roadClass: RoadClass
    /// Car speed in km/h along the way (against it when only that is open); 0 when cars may not use the way.
    public var carSpeed: Double
    /// Car speed in km/h against the way (`maxspeed:backward`, ...); 0 when closed that way.
    public var carBackwardSpeed: Double = 0
    public var carForward: Bool
    public var carBackward: Bool
    /// Cars may use it only to reach a place on it (`destination`, `private`, `delivery`, ...):
    /// the car graph charges entering it from an open road so heavily that no route passes through.
    public var carRestricted: Bool
    /// Whether a car trip may start or end on it: not on private service roads (driveways,
    /// alleys), where car.lua does not snap either (`service_access_tag_blacklist`).
    public var carEndpoint: Bool
    public var foot: Bool
    /// Walked only along the way (`oneway:foot`, or access given one way only) / only against it.
    public var footForwardOnly = false
    public var footBackwardOnly = false
    public var footSpeed: Double
    public var roundabout: Bool
    /// `name`, else `ref`, else "": what a step calls the road.
    public var name: String
    /// The kinds of road a trip may avoid that this way is (toll, motorway, ferry, unpaved).
    public var avoidClasses: RoadAvoidance
    /// `ref` ("A 500", "D 2204 A"), else "": OSRM announces no new name while it stays.
    public var ref: String
    /// A ferry or a shuttle train (`route=ferry`, `route=shuttle_train`): OSRM's mode `ferry`.
    public var isFerry = false
    /// Its crossing time from `duration` (a ferry's, or a movable bridge's for cars), spread
    /// over its segments as OSRM spreads it; nil: by speed.
    public var ferrySeconds: Double?

    public var isRoutable: Bool { carForward || carBackward || foot }

    /// nil when the way is not a road either mode can use.
    public init?(tags: [(String, String)]) {
        // Most ways (buildings, land use) are no road: out before any lookup.
        guard tags.contains(where: { TagLookup.list(Self.wayKeys, contains: $0.0) }) else { return nil }
        let t = TagLookup(tags)
        // WayHandlers.ferries: a route with a speed is one whatever its highway tag says.
        if let route = t["route"], let speeds = RoadProfile.routeSpeeds[route] {
            guard let ferry = RoadProfile(route: speeds, t) else { return nil }
            self = ferry
            return
        }
        // `highway=platform` (a tram or bus stop's platform) is walked as foot.lua walks it, and
        // never driven; it stays out of `RoadClass(highway:)`, which the bicycle profile shares.
        let highway = t["highway"]
        let car = highway.flatMap { CarProfile(highway: $0, t) }
        // A highway value only cars know (`winter_road`, or any a car access tag opens) is a road.
        guard let cls = highway.flatMap(RoadClass.init(highway:))
                ?? (highway == "platform" || highway == "pier" ? .footway : nil)
                ?? RoadProfile.walkedClass(t) ?? (car != nil ? .road : nil) else { return nil }
        roadClass = cls
        name = WayName.of(t)
        avoidClasses = RoadAvoidance(osmTags: t)
        ref = t["ref"].map(CanonicalRef.of) ?? ""
        let junction = t["junction"]
        roundabout = junction == "roundabout" || junction == "circular"

        let walked = RoadProfile.walkable(cls, t)
        foot = walked.forward || walked.backward
        footForwardOnly = walked.forward && !walked.backward
        footBackwardOnly = walked.backward && !walked.forward
        // foot.lua walks every way at 5 km/h, steps included; only loose surfaces are slower.
        footSpeed = t["surface"].flatMap { RoadProfile.walkingSurfaceSpeeds[$0] } ?? 5

        // Cars as car.lua decides (`CarProfile`); restricted roads are kept for trips that end on them.
        if let car {
            carForward = car.forwardKmh > 0
            carBackward = car.backwardKmh > 0
            carSpeed = carForward ? car.forwardKmh : car.backwardKmh
            carBackwardSpeed = car.backwardKmh
            ferrySeconds = car.durationSeconds
            carRestricted = (carForward && car.forwardRestricted) || (carBackward && car.backwardRestricted)
            carEndpoint = car.isEndpoint
        } else {
            carSpeed = 0; carForward = false; carBackward = false; carRestricted = false; carEndpoint = false
        }
        if !isRoutable { return nil }
    }

    /// The keys a way needs one of to be a road for car or foot (foot.lua's prefetched tags).
    static let wayKeys = ["highway", "route", "railway", "amenity", "man_made", "bridge", "platform", "public_transport"]

    /// car.lua's `restricted_access_tag_list`.
    static let carRestrictedValues: Set<String> = ["private", "delivery", "destination", "customers", "permit", "residents", "unknown"]
    /// car.lua's `access_tag_blacklist` (without the restricted values, which never close a road here).
    static let carBlockedValues: Set<String> = [
        "no", "agricultural", "forestry", "emergency", "psv", "taxi", "share_taxi", "minibus", "bus", "foot",
        "emergency_vehicle", "restricted", "military", "official", "use_sidepath", "dismount",
    ]

    /// foot.lua's `surface_speeds` (km/h): three quarters and half of the walking speed.
    static let walkingSurfaceSpeeds: [String: Double] = [
        "fine_gravel": 3.75, "gravel": 3.75, "pebblestone": 3.75, "mud": 2.5, "sand": 2.5,
    ]

    static func accessAllows(_ value: String) -> Bool {
        switch value {
        case "no", "private", "agricultural", "forestry", "delivery", "emergency", "military", "use_sidepath", "dismount":
            return false
        default:
            return true
        }
    }

    /// km/h from "50", "30 mph", "50 km/h", "FI:urban"-style zones; nil when unusable.
    public static func parseMaxspeed(_ raw: String) -> Double? {
        let value = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if value.isEmpty || value == "none" || value == "signals" || value == "variable" || value == "walk" {
            return value == "walk" ? 5 : nil
        }
        if let zone = zoneSpeeds[value] { return zone }
        if value.hasSuffix(":urban") || value.hasSuffix(":zone") { return 50 }
        if value.hasSuffix(":rural") { return 80 }
        if value.hasSuffix(":motorway") { return 120 }
        if value.hasSuffix(":living_street") { return 20 }
        var digits = ""
        var rest = Substring(value)
        while let c = rest.first, c.isNumber || c == "." { digits.append(c); rest = rest.dropFirst() }
        guard let number = Double(digits), number > 0 else { return nil }
        let unit = rest.trimmingCharacters(in: .whitespaces)
        var kmh = number
        if unit.hasPrefix("mph") { kmh = number * 1.609344 }
        if unit.hasPrefix("knots") { kmh = number * 1.852 }
        return plausibleMaxspeed.contains(kmh) ? kmh : nil
    }

    /// Limits outside this range (km/h) are typing errors ("5000", "0.001"), not speeds.
    static let plausibleMaxspeed = 1.0...300.0

    static let zoneSpeeds: [String: Double] = [
        "fi:urban": 50, "fi:rural": 80, "fi:motorway": 120, "fi:zone30": 30, "fi:zone40": 40,
        "de:urban": 50, "de:rural": 100, "de:zone30": 30, "fr:urban": 50, "fr:rural": 80,
        "gb:nsl_single": 96.56, "gb:nsl_dual": 112.65, "gb:motorway": 112.65,
        "ru:urban": 60, "ru:rural": 90, "it:urban": 50, "it:rural": 90, "se:urban": 50, "se:rural": 70,
        "mc:urban": 50,
    ]
}

/// OSM highway classes the router knows, in decreasing importance.
public enum RoadClass: UInt8, Sendable, CaseIterable {
    case motorway, motorwayLink, trunk, trunkLink, primary, primaryLink, secondary, secondaryLink
    case tertiary, tertiaryLink, unclassified, residential, livingStreet, service, road, track
    case pedestrian, footway, path, steps, cycleway, bridleway
    /// `route=ferry`: only the bicycle profile takes ferries (as bicycle.lua does).
    case ferry

    init?(highway: String) {
        switch highway {
        case "motorway": self = .motorway
        case "motorway_link": self = .motorwayLink
        case "trunk": self = .trunk
        case "trunk_link": self = .trunkLink
        case "primary": self = .primary
        case "primary_link": self = .primaryLink
        case "secondary": self = .secondary
        case "secondary_link": self = .secondaryLink
        case "tertiary": self = .tertiary
        case "tertiary_link": self = .tertiaryLink
        case "unclassified": self = .unclassified
        case "residential": self = .residential
        case "living_street": self = .livingStreet
        case "service": self = .service
        case "road": self = .road
        case "track": self = .track
        case "pedestrian": self = .pedestrian
        case "footway", "sidewalk", "crossing", "corridor": self = .footway
        case "path": self = .path
        case "steps": self = .steps
        case "cycleway": self = .cycleway
        case "bridleway": self = .bridleway
        default: return nil
        }
    }

    /// OSRM car.lua default speeds (km/h); 0 = not for cars.
    var carSpeed: Double {
        switch self {
        case .motorway: return 90
        case .motorwayLink: return 45
        case .trunk: return 85
        case .trunkLink: return 40
        case .primary: return 65
        case .primaryLink: return 30
        case .secondary: return 55
        case .secondaryLink: return 25
        case .tertiary: return 40
        case .tertiaryLink: return 20
        case .unclassified, .residential: return 25
        case .livingStreet: return 10
        case .service: return 15
        case .road: return 20
        case .track, .pedestrian, .footway, .path, .steps, .cycleway, .bridleway, .ferry: return 0
        }
    }

    /// foot.lua's `speeds`: the classes walked without an access tag saying so.
    var footAllowedByDefault: Bool {
        switch self {
        case .motorway, .motorwayLink, .trunk, .trunkLink, .road, .cycleway, .bridleway, .ferry: return false
        default: return true
        }
    }

    /// Drawn under a trip on the terminal map (paths and footways would clutter it).
    var isDrawnInBackdrop: Bool {
        switch self {
        case .footway, .path, .steps, .cycleway, .bridleway, .track, .ferry: return false
        default: return true
        }
    }
}
