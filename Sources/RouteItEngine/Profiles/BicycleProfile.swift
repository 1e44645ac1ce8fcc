import Foundation

/// How a bicycle may travel one OSM way, each direction on its own, following OSRM's
/// bicycle.lua (26.10) step by step so that durations stay comparable with OSRM's: access
/// (`bicycle` > `vehicle` > `access`, `:forward`/`:backward`), speeds per highway class capped by
/// the surface and `maxspeed`, `oneway:bicycle` over `oneway`, cycleway lanes that open a
/// oneway street the other way (`cycleway=opposite*`), pushing at walking speed where riding
/// is not allowed but walking is (footways, pedestrian streets, steps, against a oneway), and
/// ferries, platforms and car parks. bicycle.lua's `tracktype_speeds` and `smoothness_speeds` are empty, so those tags
/// change nothing here either.
public struct BicycleProfile: Equatable, Sendable {
    /// How one direction of the way is travelled.
    public enum Travel: Equatable, Sendable {
        case none
        case riding(kmh: Double)
        case pushing(kmh: Double)
        case ferry(kmh: Double)

        public var kmh: Double {
            switch self {
            case .none: return 0
            case .riding(let v), .pushing(let v), .ferry(let v): return v
            }
        }
        public var isPushing: Bool { if case .pushing = self { return true } else { return false } }
    }

    public var roadClass: RoadClass
    public var forward: Travel
    public var backward: Travel
    /// A ferry's or a movable bridge's crossing time from its `duration` tag, seconds (OSRM
    /// spreads it over the way's segments).
    public var ferrySeconds: Double?
    public var roundabout: Bool
    /// `name`, else `ref`, else "".
    public var name: String

    public var isFerry: Bool { if case .ferry = forward { return !isTrain }; if case .ferry = backward { return !isTrain }; return false }
    /// A railway the bicycle is taken on (bicycle.lua's `use_public_transport`, mode `train`),
    /// travelled like a ferry at `trainSpeed`.
    public var isTrain = false
    /// bicycle.lua's `allowed_start_modes`: a trip may start or end riding or pushing, not on a ferry or train.
    public var isEndpoint: Bool { !isFerry && !isTrain && (forward != .none || backward != .none) }

    static let defaultSpeed = 15.0
    static let walkingSpeed = 4.0
    /// bicycle.lua's `vehicle_max_speed`.
    static let maxSpeed = 21.0
    static let ferrySpeed = 5.0
    /// bicycle.lua's `railway_speeds`: the railways a bicycle may be taken on (its access tag
    /// says so), km/h.
    static let railwaySpeeds: [String: Double] = ["train": 10, "railway": 10]
    static let movableBridgeSpeed = 5.0

    /// bicycle.lua's `bicycle_speeds` (km/h): classes a bicycle rides without an access tag.
    static func ridingSpeed(_ cls: RoadClass) -> Double? {
        switch cls {
        case .cycleway, .primary, .primaryLink, .secondary, .secondaryLink, .tertiary, .tertiaryLink,
             .residential, .unclassified, .livingStreet, .service:
            return defaultSpeed
        case .track: return 12
        case .path: return 13
        default: return nil
        }
    }

    /// bicycle.lua's `pedestrian_speeds`: where the bicycle is pushed unless riding is allowed.
    static func pushingSpeed(_ cls: RoadClass) -> Double? {
        switch cls {
        case .footway, .pedestrian: return walkingSpeed
        case .steps: return 2
        default: return nil
        }
    }

    /// bicycle.lua's `surface_speeds`: the most a surface allows (km/h).
    static let surfaceSpeeds: [String: Double] = [
        "asphalt": 15, "chipseal": 15, "concrete": 15, "concrete_lanes": 15,
        "wood": 10, "metal": 10, "cobblestone:flattened": 10, "paving_stones": 10, "compacted": 10,
        "cobblestone": 7, "unpaved": 6, "fine_gravel": 10, "gravel": 6, "pebblestone": 6, "grass_paver": 6,
        "ground": 10, "dirt": 8, "earth": 6, "laterite": 5, "grass": 6, "mud": 3, "sand": 3, "woodchips": 3,
        "sett": 9,
    ]

    /// bicycle.lua's `amenity_speeds`: the outline of a car park.
    static let amenitySpeeds: [String: Double] = ["parking": 10, "parking_entrance": 10]

    static let accessWhitelist: Set<String> = ["yes", "permissive", "designated"]
    static let accessBlacklist: Set<String> = ["no", "private", "agricultural", "forestry", "delivery", "use_sidepath"]
    static let cyclewayTags: Set<String> = ["track", "lane", "share_busway", "sharrow", "shared", "shared_lane"]
    static let oppositeCyclewayTags: Set<String> = ["opposite", "opposite_lane", "opposite_track"]
    static let constructionWhitelist: Set<String> = ["no", "widening", "minor"]
    static let accessKeys = ["bicycle", "vehicle", "access"]
    // Lists looked up per way, built once.
    static let onewayYes: [String?] = ["yes", "1", "true"]
    static let onewayNo: [String?] = ["no", "0", "false"]
    static let separateCyclewayRiding: [String?] = ["yes", "permissive", "designated", "destination"]
    static let forwardAccessKeys = accessKeys.map { $0 + ":forward" }
    static let backwardAccessKeys = accessKeys.map { $0 + ":backward" }
    /// The keys the class comes from (a way with none of them is not for bicycles).
    static let classKeys = ["highway", "route", "railway", "public_transport", "amenity", "man_made", "bridge"]

    /// nil when a bicycle can use the way in neither direction.
    public init?(tags: [(String, String)]) {
        // Most ways (buildings, land use) have none of the keys that give a class below: out
        // before any lookup.
        guard tags.contains(where: { TagLookup.list(Self.classKeys, contains: $0.0) }) else { return nil }
        let t = TagLookup(tags)
        let highway = t["highway"]
        let route = t["route"], manMade = t["man_made"]
        let isFerryRoute = route == "ferry"
        let isPlatform = t["railway"] == "platform" || t["public_transport"] == "platform"
        let parkingSpeed = t["amenity"].flatMap { Self.amenitySpeeds[$0] }
        let cls: RoadClass
        if isFerryRoute {
            cls = .ferry
        } else if let highway, let known = RoadClass(highway: highway) {
            cls = known
        } else if isPlatform {
            cls = .footway
        } else if parkingSpeed != nil {
            cls = .service
        } else if manMade == "pier" {
            cls = .footway
        } else if let key = highway ?? t["bridge"] ?? t["railway"], !key.isEmpty {
            // A highway bicycle.lua has no speed for (`runway`, a typo), or a bridge with no
            // highway: ridden only where its kind (a movable bridge), an access tag or a cycle lane
            // says so, pushed where walking is allowed, as OSRM does.
            cls = .road
        } else {
            return nil
        }
        // WayHandlers.blocked_ways with bicycle.lua's `avoid` list.
        if t["impassable"] == "yes" || t["status"] == "impassable" || t["motorroad"] == "yes" { return nil }
        if highway == "construction" || t["railway"] == "construction" || (t["proposed"] != nil && (highway ?? "proposed") == "proposed") { return nil }
        if let construction = t["construction"], !Self.constructionWhitelist.contains(construction) { return nil }

        // Access, directional tags included.
        let access = Self.accessKeys.lazy.compactMap { t[$0] }.first.map(Self.resolve)
        var forwardAccess: String?, backwardAccess: String?
        for (i, key) in Self.accessKeys.enumerated() {
            if forwardAccess == nil { forwardAccess = t[Self.forwardAccessKeys[i]] }
            if backwardAccess == nil { backwardAccess = t[Self.backwardAccessKeys[i]] }
            if forwardAccess == nil || backwardAccess == nil {
                forwardAccess = forwardAccess ?? t[key]
                backwardAccess = backwardAccess ?? t[key]
            }
            if forwardAccess != nil && backwardAccess != nil { break }
        }
        forwardAccess = forwardAccess.map(Self.resolve)
        backwardAccess = backwardAccess.map(Self.resolve)
        let blocked = { (v: String?) in v.map(Self.accessBlacklist.contains) ?? false }
        if blocked(access) || (blocked(forwardAccess) && blocked(backwardAccess)) { return nil }

        // speed_handler: -1 (nil here) where the class gives no speed.
        var fwdSpeed: Double?, bwdSpeed: Double?
        var fwdFerry = false, bwdFerry = false
        var allowsPushing = false
        if t["bridge"] == "movable" {
            fwdSpeed = Self.movableBridgeSpeed; bwdSpeed = Self.movableBridgeSpeed
            allowsPushing = true
            ferrySeconds = t["duration"].flatMap(Self.parseDuration).map { max(1, $0) }
        } else if isFerryRoute {
            fwdFerry = true; bwdFerry = true
            fwdSpeed = Self.ferrySpeed; bwdSpeed = Self.ferrySpeed
            ferrySeconds = t["duration"].flatMap(Self.parseDuration).map { max(1, $0) }
        } else if isPlatform {
            // Ridden, at walking speed (bicycle.lua's `platform_speeds`).
            fwdSpeed = Self.walkingSpeed; bwdSpeed = Self.walkingSpeed
            allowsPushing = true
        } else if highway == nil, let speed = t["railway"].flatMap({ Self.railwaySpeeds[$0] }), let access, Self.accessWhitelist.contains(access) {
            // Taken on the train: travelled like a ferry, never ridden or pushed.
            isTrain = true
            fwdFerry = true; bwdFerry = true
            fwdSpeed = speed; bwdSpeed = speed
        } else if let parkingSpeed {
            fwdSpeed = parkingSpeed; bwdSpeed = parkingSpeed
            allowsPushing = true
        } else if let speed = Self.ridingSpeed(cls) {
            fwdSpeed = speed; bwdSpeed = speed
            allowsPushing = true
        } else if let access, Self.accessWhitelist.contains(access) {
            fwdSpeed = Self.defaultSpeed; bwdSpeed = Self.defaultSpeed
            allowsPushing = true
        }
        var fwdOpen = true, bwdOpen = true      // "mode ~= inaccessible"

        // oneway_handler: `oneway:bicycle` wins over `oneway`.
        let junction = t["junction"]
        roundabout = junction == "roundabout" || junction == "circular"
        let impliedOneway = roundabout || highway == "motorway"
        var reverse = false
        let onewayBicycle = t["oneway:bicycle"], oneway = t["oneway"]
        if Self.onewayYes.contains(onewayBicycle) {
            bwdOpen = false
        } else if Self.onewayNo.contains(onewayBicycle) {
            // both ways, whatever `oneway` says (contraflow)
        } else if onewayBicycle == "-1" {
            fwdOpen = false; reverse = true
        } else if Self.onewayYes.contains(oneway) {
            bwdOpen = false
        } else if Self.onewayNo.contains(oneway) {
        } else if oneway == "-1" {
            fwdOpen = false; reverse = true
        } else if impliedOneway {
            bwdOpen = false
        }

        // cycleway_handler: a cycle lane rides at cycleway speed, against a oneway too.
        let cycleway = t["cycleway"] ?? t["cycleway:both"]
        let left = t["cycleway:left"], right = t["cycleway:right"]
        func isLane(_ v: String?) -> Bool { v.map(Self.cyclewayTags.contains) ?? false }
        func isOpposite(_ v: String?) -> Bool { v.map(Self.oppositeCyclewayTags.contains) ?? false }
        var laneForward = false, laneBackward = false
        if fwdOpen && bwdOpen && !impliedOneway {
            if isLane(cycleway) { laneForward = true; laneBackward = true }
            if isLane(right) || isOpposite(left) { laneForward = true }
            if isLane(left) || isOpposite(right) { laneBackward = true }
        } else if isOpposite(cycleway) || isOpposite(right) || isOpposite(left) {
            laneForward = true; laneBackward = true
        } else if isLane(cycleway) || isLane(right) || isLane(left) {
            if reverse { laneBackward = true } else { laneForward = true }
        }
        if laneBackward { bwdOpen = true; bwdSpeed = Self.defaultSpeed; bwdFerry = false }
        if laneForward { fwdOpen = true; fwdSpeed = Self.defaultSpeed; fwdFerry = false }

        // bike_push_handler: walk the bicycle where it may not be ridden but may be walked.
        var fwdPush = false, bwdPush = false
        let foot = t["foot"]
        if !fwdOpen || !bwdOpen || fwdSpeed == nil || bwdSpeed == nil, foot != "no" {
            var pushForward: Double?, pushBackward: Double?
            if let speed = Self.pushingSpeed(cls), manMade != "pier" {
                pushForward = speed; pushBackward = speed
            } else if manMade == "pier" {
                pushForward = Self.walkingSpeed; pushBackward = Self.walkingSpeed
            } else if foot == "yes" {
                pushForward = Self.walkingSpeed
                if !impliedOneway { pushBackward = Self.walkingSpeed }
            } else if t["foot:forward"] == "yes" {
                pushForward = Self.walkingSpeed
            } else if t["foot:backward"] == "yes" {
                pushBackward = Self.walkingSpeed
            } else if allowsPushing {
                pushForward = Self.walkingSpeed
                if !impliedOneway { pushBackward = Self.walkingSpeed }
            }
            if let pushForward, !fwdOpen || fwdSpeed == nil {
                fwdOpen = true; fwdSpeed = pushForward; fwdPush = true; fwdFerry = false
            }
            if let pushBackward, !bwdOpen || bwdSpeed == nil {
                bwdOpen = true; bwdSpeed = pushBackward; bwdPush = true; bwdFerry = false
            }
        }
        if t["bicycle"] == "dismount" {
            fwdOpen = true; bwdOpen = true; fwdPush = true; bwdPush = true; fwdFerry = false; bwdFerry = false
            fwdSpeed = Self.walkingSpeed; bwdSpeed = Self.walkingSpeed
        }

        // Legal limits below the bicycle's speed (maxspeed=10 in a yard).
        let limit = t["maxspeed"].flatMap(Self.leadingSpeed)
        if let limit = t["maxspeed:forward"].flatMap(Self.leadingSpeed) ?? limit { fwdSpeed = fwdSpeed.map { min($0, limit) } }
        if let limit = t["maxspeed:backward"].flatMap(Self.leadingSpeed) ?? limit { bwdSpeed = bwdSpeed.map { min($0, limit) } }
        if !((fwdSpeed ?? 0) > 0) && ferrySeconds == nil { fwdOpen = false }
        if !((bwdSpeed ?? 0) > 0) && ferrySeconds == nil { bwdOpen = false }
        if blocked(forwardAccess) { fwdOpen = false }
        if blocked(backwardAccess) { bwdOpen = false }

        // handle_cycleway_separate: the carriageway of a road whose cycleway is its own way.
        if cycleway == "separate" || t["cycleway:both"] == "separate" || left == "separate" || right == "separate",
           !Self.separateCyclewayRiding.contains(t["bicycle"]) {
            return nil
        }

        // WayHandlers.surface and vehicle_speed_cap.
        func finalSpeed(_ v: Double?) -> Double {
            var speed = v ?? 0
            if let cap = t["surface"].flatMap({ Self.surfaceSpeeds[$0] }) { speed = min(speed, cap) }
            return speed > 0 ? min(speed, Self.maxSpeed) : speed
        }
        func travel(_ open: Bool, _ speed: Double?, push: Bool, ferry: Bool) -> Travel {
            guard open else { return .none }
            let kmh = finalSpeed(speed)
            if ferry { return .ferry(kmh: kmh > 0 ? kmh : Self.ferrySpeed) }
            guard kmh > 0 else { return .none }
            return push ? .pushing(kmh: kmh) : .riding(kmh: kmh)
        }
        forward = travel(fwdOpen, fwdSpeed, push: fwdPush, ferry: fwdFerry)
        backward = travel(bwdOpen, bwdSpeed, push: bwdPush, ferry: bwdFerry)
        roadClass = cls
        name = WayName.of(t)
        if forward == .none && backward == .none { return nil }
    }

    /// An access value listing several ("no;designated"): the most permissive one, as
    /// lib/access.lua's `resolve_access` picks.
    static func resolve(_ value: String) -> String {
        guard TagLookup.mayHoldSemicolon(value), value.contains(";") else { return value }
        func rank(_ v: String) -> Int { accessWhitelist.contains(v) ? 3 : accessBlacklist.contains(v) ? 1 : 0 }
        var best: String?
        var bestRank = -1
        for part in value.split(separator: ";") {
            let v = part.trimmingCharacters(in: .whitespaces)
            if rank(v) > bestRank { best = v; bestRank = rank(v) }
        }
        return best ?? value
    }

    /// lib/measure.lua's `parse_value_speed`: the leading number, in km/h (mph converted);
    /// nil for zones and words ("FI:urban", "walk"), which bicycle.lua ignores.
    static func leadingSpeed(_ raw: String) -> Double? {
        let digits = raw.prefix { $0.isASCII && $0.isNumber }
        guard let n = Double(digits), n > 0 else { return nil }
        // Digits alone ("20", most limits) hold no unit: Foundation's `contains` is not asked.
        if digits.utf8.count == raw.utf8.count { return n }
        return raw.contains("mph") || raw.contains("mp/h") ? n * 1.609344 : n
    }

    /// Seconds from a `duration` tag: "HH:MM:SS", "HH:MM", "MM" or ISO 8601 ("PT1H30M").
    static func parseDuration(_ raw: String) -> Double? {
        let value = raw.trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("PT") || value.hasPrefix("P") {
            var seconds = 0.0, number = "", timePart = false, any = false
            for c in value.dropFirst() {
                if c == "T" { timePart = true; continue }
                if c.isNumber || c == "." { number.append(c); continue }
                guard let n = Double(number) else { return nil }
                number = ""
                any = true
                switch (c, timePart) {
                case ("D", false): seconds += n * 86_400
                case ("H", true): seconds += n * 3_600
                case ("M", true): seconds += n * 60
                case ("S", true): seconds += n
                default: return nil
                }
            }
            return any && number.isEmpty ? seconds : nil
        }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        let n = parts.map { $0! }
        switch n.count {
        case 1: return n[0] * 60
        case 2: return n[0] * 3_600 + n[1] * 60
        default: return n[0] * 3_600 + n[1] * 60 + n[2]
        }
    }
}
