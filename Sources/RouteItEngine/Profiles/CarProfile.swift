import Foundation

/// How a car may travel one OSM way, each direction on its own, following OSRM's car.lua (26.10)
/// handler by handler (`blocked_ways`, `avoid_ways`, the physical limits, `access`, `oneway`,
/// `movables`, `service`, `hov`, `speed`, `maxspeed`, `surface`, `startpoint`) so that what is
/// routable, and how fast, is what OSRM says. Ferries are `RoadProfile+Ferry`'s. What car.lua
/// turns into a routing rate only (width, lanes, service and side-road penalties) is left out:
/// RouteIt routes by time.
struct CarProfile: Equatable {
    /// km/h along the way and against it; 0: closed that way.
    var forwardKmh: Double
    var backwardKmh: Double
    /// Only to reach a place on it (`destination`, `private`, ...), per direction.
    var forwardRestricted: Bool
    var backwardRestricted: Bool
    /// Whether a trip may start or end on it (`WayHandlers.startpoint`).
    var isEndpoint: Bool
    /// A movable bridge's crossing time from its `duration` tag, seconds.
    var durationSeconds: Double?

    /// car.lua's `speeds` (km/h).
    static let highwaySpeeds: [String: Double] = [
        "motorway": 90, "motorway_link": 45, "trunk": 85, "trunk_link": 40, "primary": 65, "primary_link": 30,
        "secondary": 55, "secondary_link": 25, "tertiary": 40, "tertiary_link": 20, "unclassified": 25,
        "residential": 25, "living_street": 10, "service": 15, "winter_road": 20, "ice_road": 15,
    ]
    static let defaultSpeed = 10.0
    static let speedReduction = 0.8
    static let vehicleHeight = 2.0, vehicleWidth = 1.9, vehicleLength = 4.8, vehicleWeight = 2000.0

    static let accessWhitelist: Set<String> = ["yes", "motorcar", "motor_vehicle", "vehicle", "permissive", "designated", "hov"]
    static let accessBlacklist: Set<String> = [
        "no", "agricultural", "forestry", "emergency", "psv", "taxi", "share_taxi", "minibus", "bus", "foot",
        "emergency_vehicle", "restricted", "military", "official", "customers", "private", "delivery", "destination",
        "permit", "residents",
    ]
    static let restrictedValues: Set<String> = ["private", "delivery", "destination", "customers", "permit", "residents", "unknown"]
    static let restrictedHighways: Set<String> = [
        "motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link", "secondary", "secondary_link",
        "tertiary", "tertiary_link", "residential", "living_street", "unclassified", "service", "winter_road", "ice_road",
    ]
    /// car.lua's `avoid`, as highway values (`avoid_ways`).
    static let avoidedHighways: Set<String> = ["area", "reversible", "impassable", "hov_lanes", "steps", "construction", "proposed"]
    static let constructionWhitelist: Set<String> = ["no", "widening", "minor"]
    static let accessKeys = ["motorcar", "motor_vehicle", "vehicle", "access"]
    static let onewayKeys = ["oneway:motorcar", "oneway:motor_vehicle", "oneway:vehicle"]
    static let maxspeedKeys = ["maxspeed:advisory", "maxspeed", "source:maxspeed", "maxspeed:type"]

    /// Keys read per direction (`forwardBackward`), with their `:forward` and `:backward` forms
    /// made once: made per way, they were half of the import's car profile (two strings a key).
    struct DirectedKeys {
        let keys: [(plain: String, forward: String, backward: String)]
        init(_ plain: [String]) { keys = plain.map { ($0, $0 + ":forward", $0 + ":backward") } }
    }
    static let heightKeys = DirectedKeys(["maxheight:physical", "maxheight"])
    static let widthKeys = DirectedKeys(["maxwidth:physical", "maxwidth", "width", "est_width"])
    static let lengthKeys = DirectedKeys(["maxlength"])
    static let weightKeys = DirectedKeys(["maxweightrating", "maxweight"])
    static let directedAccessKeys = DirectedKeys(accessKeys)
    static let hovLanesKeys = DirectedKeys(["hov:lanes"])
    static let directedMaxspeedKeys = DirectedKeys(maxspeedKeys)

    static let surfaceSpeeds: [String: Double] = [
        "cement": 80, "compacted": 80, "fine_gravel": 80, "paving_stones": 60, "metal": 60, "bricks": 60,
        "grass": 40, "wood": 40, "sett": 40, "grass_paver": 40, "gravel": 40, "unpaved": 40, "ground": 40, "dirt": 40,
        "pebblestone": 40, "tartan": 40, "cobblestone": 30, "clay": 30, "earth": 20, "stone": 20, "rocky": 20,
        "sand": 20, "laterite": 15, "mud": 10, "ice": 20, "snow": 30,
    ]
    static let tracktypeSpeeds: [String: Double] = ["grade1": 60, "grade2": 40, "grade3": 30, "grade4": 25, "grade5": 20]
    static let smoothnessSpeeds: [String: Double] = [
        "intermediate": 80, "bad": 40, "very_bad": 20, "horrible": 10, "very_horrible": 5, "impassable": 0,
    ]

    /// nil when a car may use the way in neither direction.
    init?(highway: String?, _ t: TagLookup) {
        // blocked_ways and avoid_ways.
        if t["area"] == "yes" || highway == "steps" || highway == "construction" || t["railway"] == "construction" { return nil }
        if let construction = t["construction"], !Self.constructionWhitelist.contains(construction) { return nil }
        if t["proposed"] != nil && (highway == nil || highway == "proposed") { return nil }
        if t["oneway"] == "reversible" || t["impassable"] == "yes" || t["status"] == "impassable" { return nil }
        if let highway, Self.avoidedHighways.contains(highway) { return nil }

        var forwardOpen = true, backwardOpen = true
        // handle_height, handle_width, handle_length, handle_weight.
        func limit(_ keys: DirectedKeys, _ parse: (String) -> Double?, below: (Double) -> Bool) {
            let (f, b) = Self.forwardBackward(t, keys)
            if let v = f.flatMap(parse), below(v) { forwardOpen = false }
            if let v = b.flatMap(parse), below(v) { backwardOpen = false }
        }
        limit(Self.heightKeys, Self.height, below: { $0 < Self.vehicleHeight })
        limit(Self.widthKeys, Self.metres, below: { $0 <= Self.vehicleWidth })
        limit(Self.lengthKeys, Self.metres, below: { $0 < Self.vehicleLength })
        limit(Self.weightKeys, Self.kilograms, below: { $0 < Self.vehicleWeight })

        // access.
        let (fa, ba) = Self.forwardBackward(t, Self.directedAccessKeys)
        let forwardAccess = fa.map(Self.resolve), backwardAccess = ba.map(Self.resolve)
        let mayRestrict = highway.map(Self.restrictedHighways.contains) ?? false
        forwardRestricted = mayRestrict && (forwardAccess.map(Self.restrictedValues.contains) ?? false)
        backwardRestricted = mayRestrict && (backwardAccess.map(Self.restrictedValues.contains) ?? false)
        if let fa = forwardAccess, Self.accessBlacklist.contains(fa), !forwardRestricted { forwardOpen = false }
        if let ba = backwardAccess, Self.accessBlacklist.contains(ba), !backwardRestricted { backwardOpen = false }
        if !forwardOpen && !backwardOpen { return nil }
        // hov (car.lua avoids HOV lanes): a road for shared cars only, or whose every lane is, is
        // entered only to reach a place on it, as a destination road.
        if t["hov"] == "designated" { forwardRestricted = true; backwardRestricted = true }
        let (forwardLanes, backwardLanes) = Self.forwardBackward(t, Self.hovLanesKeys)
        if forwardLanes.map(Self.allDesignated) ?? false { forwardRestricted = true }
        if backwardLanes.map(Self.allDesignated) ?? false { backwardRestricted = true }

        // oneway (`oneway:motorcar` and the like first).
        let oneway = Self.onewayKeys.lazy.compactMap { t[$0] }.first ?? t["oneway"]
        let junction = t["junction"]
        if oneway == "-1" {
            forwardOpen = false
        } else if oneway == "yes" || oneway == "1" || oneway == "true" {
            backwardOpen = false
        } else if (highway == "motorway" || junction == "roundabout" || junction == "circular") && oneway != "no" {
            // car.lua's implied oneways: a motorway and a roundabout, not a link.
            backwardOpen = false
        }

        // movables: a movable bridge is crossed in its `duration`, else at 5 km/h, whatever came before.
        var forwardSpeed: Double?, backwardSpeed: Double?
        if t["bridge"] == "movable" {
            forwardOpen = true; backwardOpen = true
            if let seconds = t["duration"].flatMap(BicycleProfile.parseDuration) {
                durationSeconds = max(1, seconds)
            } else {
                forwardSpeed = 5; backwardSpeed = 5
            }
        }
        // service.
        if t["service"] == "emergency_access" { return nil }

        // speed: by highway class, else the default where an access tag allows it.
        if forwardSpeed == nil && durationSeconds == nil {
            if let highway, let speed = Self.highwaySpeeds[highway] {
                forwardSpeed = speed; backwardSpeed = speed
            } else {
                func byAccess(_ access: String?, other: String?, open: inout Bool) -> Double? {
                    if let access, !Self.accessBlacklist.contains(access) || Self.accessWhitelist.contains(access) { return Self.defaultSpeed }
                    if access == nil && other != nil { open = false }
                    return nil
                }
                forwardSpeed = byAccess(forwardAccess, other: backwardAccess, open: &forwardOpen)
                backwardSpeed = byAccess(backwardAccess, other: forwardAccess, open: &backwardOpen)
                if forwardSpeed == nil && backwardSpeed == nil { return nil }
            }
        }

        // maxspeed: the posted (or advisory) limit, scaled by speed_reduction, replaces the class's.
        let (fm, bm) = Self.forwardBackward(t, Self.directedMaxspeedKeys)
        // Limits outside `plausibleMaxspeed` are typing errors ("5000"), which OSRM would take.
        func posted(_ raw: String?) -> Double? {
            raw.flatMap(Self.parseMaxspeed).flatMap { $0 > 0 && RoadProfile.plausibleMaxspeed.contains($0) ? $0 : nil }
        }
        if let limit = posted(fm) { forwardSpeed = limit * Self.speedReduction }
        if let limit = posted(bm) { backwardSpeed = limit * Self.speedReduction }

        // surface, tracktype, smoothness: the most each allows.
        for (key, table) in [("surface", Self.surfaceSpeeds), ("tracktype", Self.tracktypeSpeeds), ("smoothness", Self.smoothnessSpeeds)] {
            guard let cap = t[key].flatMap({ table[$0] }) else { continue }
            forwardSpeed = forwardSpeed.map { min($0, cap) }
            backwardSpeed = backwardSpeed.map { min($0, cap) }
        }

        let timed = durationSeconds != nil
        forwardKmh = forwardOpen ? (forwardSpeed ?? (timed ? Self.defaultSpeed : 0)) : 0
        backwardKmh = backwardOpen ? (backwardSpeed ?? (timed ? Self.defaultSpeed : 0)) : 0
        if !(forwardKmh > 0) { forwardKmh = 0 }
        if !(backwardKmh > 0) { backwardKmh = 0 }
        if forwardKmh == 0 && backwardKmh == 0 { return nil }
        // startpoint: not on private service roads.
        isEndpoint = !(highway == "service" && forwardAccess == "private")
    }

    /// lib/tags.lua's `get_forward_backward_by_set`: per direction, the first of `keys` with a
    /// `:forward`/`:backward` value or a plain one.
    /// `has_all_designated_hov_lanes`: every lane of `hov:lanes` is `designated`.
    static func allDesignated(_ lanes: String) -> Bool {
        lanes.split(separator: "|", omittingEmptySubsequences: false).allSatisfy { $0 == "designated" }
    }

    static func forwardBackward(_ t: TagLookup, _ keys: DirectedKeys) -> (String?, String?) {
        var forward: String?, backward: String?
        for key in keys.keys {
            if forward == nil { forward = t[key.forward] }
            if backward == nil { backward = t[key.backward] }
            if forward == nil || backward == nil {
                let common = t[key.plain]
                forward = forward ?? common
                backward = backward ?? common
            }
            if forward != nil && backward != nil { break }
        }
        return (forward, backward)
    }

    /// lib/access.lua's `resolve_access`: of a list ("no;designated"), the most permissive.
    static func resolve(_ value: String) -> String {
        guard TagLookup.mayHoldSemicolon(value), value.contains(";") else { return value }
        func rank(_ v: String) -> Int {
            accessWhitelist.contains(v) ? 3 : restrictedValues.contains(v) ? 2 : accessBlacklist.contains(v) ? 1 : 0
        }
        var best: String?, bestRank = -1
        for part in value.split(separator: ";") {
            let v = part.trimmingCharacters(in: .whitespaces)
            if rank(v) > bestRank { best = v; bestRank = rank(v) }
        }
        return best ?? value
    }

    /// car.lua's `parse_maxspeed` (km/h; 0 when it says nothing usable): the leading number (mph
    /// converted), else `maxspeed_table`, else the zone's kind (`XX:urban`) in `maxspeed_table_default`.
    static func parseMaxspeed(_ raw: String) -> Double? {
        let digits = raw.prefix { $0.isASCII && $0.isNumber }
        if let n = Double(digits) {
            // Digits alone ("50", most limits) hold no unit: Foundation's `contains` is not asked.
            if digits.utf8.count == raw.utf8.count { return n }
            return raw.contains("mph") || raw.contains("mp/h") ? n * 1.609 : n
        }
        let value = raw.lowercased()
        if let n = maxspeedTable[value] { return n }
        if let colon = value.firstIndex(of: ":"), value.distance(from: value.startIndex, to: colon) >= 2 {
            let country = value[value.index(colon, offsetBy: -2)..<colon]
            let kind = value[value.index(after: colon)...].prefix { $0.isLetter }
            if country.allSatisfy(\.isLetter), let n = maxspeedDefaults[String(kind)] { return n }
        }
        return 0
    }

    static let maxspeedDefaults: [String: Double] = ["urban": 50, "rural": 90, "trunk": 110, "motorway": 130]
    static let maxspeedTable: [String: Double] = [
        "at:rural": 100, "at:trunk": 100, "ar:urban": 40, "ar:rural": 110, "be:motorway": 120, "be-bru:rural": 70,
        "be-bru:urban": 30, "be-vlg:rural": 70, "bg:motorway": 140, "by:urban": 60, "by:motorway": 110,
        "ca-on:rural": 80, "ch:rural": 80, "ch:trunk": 100, "ch:motorway": 120, "de:living_street": 7, "de:rural": 100,
        "de:motorway": 0, "dk:rural": 80, "es:trunk": 90, "fr:rural": 80, "gb:nsl_single": 60 * 1609 / 1000.0,
        "gb:nsl_dual": 70 * 1609 / 1000.0, "gb:motorway": 70 * 1609 / 1000.0, "lv:living_street": 20, "nl:rural": 80,
        "nl:trunk": 100, "no:rural": 80, "no:motorway": 110, "ph:urban": 40, "ph:rural": 80, "ph:motorway": 100,
        "pl:rural": 100, "pl:expressway": 120, "pl:motorway": 140, "ro:trunk": 100, "ru:living_street": 20,
        "ru:urban": 60, "ru:motorway": 110, "uk:nsl_single": 60 * 1609 / 1000.0, "uk:nsl_dual": 70 * 1609 / 1000.0,
        "uk:motorway": 70 * 1609 / 1000.0, "za:urban": 60, "za:rural": 100, "none": 140,
    ]

    /// lib/measure.lua's `parse_value_meters`: "2.5", "2,5 m", feet and inches ("6'6\"").
    static func metres(_ raw: String) -> Double? {
        let value = raw.replacingOccurrences(of: ",", with: ".")
        guard let n = leadingNumber(value) else { return nil }
        guard let quote = value.firstIndex(of: "'") else { return n }
        let inches = value[value.index(after: quote)...].drop { !$0.isNumber }.prefix { $0.isNumber }
        return (n * 12 + (Double(inches) ?? 0)) * 0.0254
    }

    /// `get_max_height`: the wiki's words for "no limit" are 4.5 m.
    static func height(_ raw: String) -> Double? {
        ["default", "none", "no-sign", "unsigned"].contains(raw) ? 4.5 : metres(raw)
    }

    /// lib/measure.lua's `parse_value_kilograms`: tonnes unless "kg" or "lbs" says otherwise.
    static func kilograms(_ raw: String) -> Double? {
        guard let n = leadingNumber(raw.replacingOccurrences(of: ",", with: ".")) else { return nil }
        if raw.contains("lbs") { return n * 0.45359237 }
        if raw.contains("kg") { return n }
        return n * 1000
    }

    /// The first `%d+%.?%d*` in the text.
    private static func leadingNumber(_ s: String) -> Double? {
        guard let start = s.firstIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
        var text = "", seenDot = false
        for c in s[start...] {
            if c.isASCII && c.isNumber { text.append(c) } else if c == "." && !seenDot { seenDot = true; text.append(c) } else { break }
        }
        if text.hasSuffix(".") { text.removeLast() }
        return Double(text)
    }
}
