import RouteItCore

/// Which avoidable classes (`RoadAvoidance`) an OSM way belongs to, from its tags, as OSRM's
/// car.lua marks its `classes` (toll, motorway, ferry) and as surface maps mark unpaved roads.
extension RoadAvoidance {
    init(osmTags t: [String: String]) { self.init(osmTags: TagLookup(t)) }

    // car.lua: `toll` (or its :forward/:backward forms) = yes; the car-specific keys too.
    // Tolls for other vehicles only (toll:hgv) do not make a car's road a toll road.
    private static let tollKeys = ["toll", "toll:forward", "toll:backward", "toll:motorcar", "toll:motor_vehicle", "toll:vehicle"]

    init(osmTags t: TagLookup) {
        var set: RoadAvoidance = []
        if Self.tollKeys.contains(where: { t[$0] == "yes" }) && t["toll:motorcar"] != "no" { set.insert(.toll) }
        if let highway = t["highway"], highway == "motorway" || highway == "motorway_link" { set.insert(.motorway) }
        if t["route"] == "ferry" { set.insert(.ferry) }
        if Self.isUnpaved(t) { set.insert(.unpaved) }
        if let tunnel = t["tunnel"], tunnel != "no" { set.insert(.tunnel) }
        self = set
    }

    /// A tunnel: a class car.lua and bicycle.lua mark but no trip may avoid (not in `classes`).
    /// Guidance reads where it starts or ends (`ManeuverBuilder.classesChange`).
    static let tunnel = RoadAvoidance(rawValue: 16)

    /// Unpaved surface values (OSM's `surface=*` wiki: everything but paved kinds), the loose
    /// `tracktype`s (grade2 to grade5), and tracks not said to be paved or solid.
    static func isUnpaved(_ t: TagLookup) -> Bool {
        if let surface = t["surface"] {
            return unpavedSurfaces.contains(surface) || surface.hasPrefix("unpaved")
        }
        if let grade = t["tracktype"] { return grade != "grade1" }
        return t["highway"] == "track"
    }

    static let unpavedSurfaces: Set<String> = [
        "unpaved", "compacted", "fine_gravel", "gravel", "pebblestone", "rock", "ground", "dirt", "earth",
        "grass", "mud", "sand", "woodchips", "clay", "salt", "snow", "ice", "shells", "grass_paver",
    ]
}
