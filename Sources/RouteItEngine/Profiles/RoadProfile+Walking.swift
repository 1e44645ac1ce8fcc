/// Whether a way is walked, as foot.lua decides (`WayHandlers.blocked_ways`, `access`, the
/// sidewalk rule and `speed`): `foot` then `access` (either direction's) decide; a class foot.lua
/// has no speed for is walked only when such a tag allows it.
extension RoadProfile {
    /// foot.lua's `access_tag_blacklist`.
    static let footBlockedValues: Set<String> = ["no", "agricultural", "forestry", "private", "delivery", "use_sidepath"]

    /// Whether the way is walked along its direction and against it.
    static func walkable(_ cls: RoadClass, _ t: TagLookup) -> (forward: Bool, backward: Bool) {
        // foot.lua's `avoid`.
        if t["impassable"] == "yes" || t["status"] == "impassable" || t["motorroad"] == "yes" {
            return (false, false)
        }
        func access(_ direction: String) -> String? {
            for key in ["foot", "access"] {
                if let v = t["\(key):\(direction)"] ?? t[key] { return v }
            }
            return nil
        }
        let forward = access("forward"), backward = access("backward")
        func open(_ v: String?) -> Bool { !(v.map(footBlockedValues.contains) ?? false) }
        guard open(forward) || open(backward) else { return (false, false) }
        // A street whose sidewalks are mapped as ways of their own is walked on those, unless
        // its own tags allow walking on it.
        let separate = ["sidewalk", "sidewalk:both", "sidewalk:left", "sidewalk:right"].contains { t[$0] == "separate" }
        if separate && !((forward != nil && open(forward)) || (backward != nil && open(backward))) { return (false, false) }
        var along: Bool, against: Bool
        if cls.footAllowedByDefault {
            along = open(forward); against = open(backward)
        } else {
            // No speed for the class: walked at the default speed in a direction an access tag
            // that is not blacklisted opens (`WayHandlers.speed`).
            along = forward != nil && open(forward); against = backward != nil && open(backward)
        }
        // foot.lua's `oneway_handling = 'specific'`: `oneway:foot` only, no implied oneways.
        switch t["oneway:foot"] {
        case "-1": along = false
        case "yes", "1", "true": against = false
        default: break
        }
        return (along, against)
    }

    /// foot.lua's `speeds` past the highway key: a railway platform, a car park's outline and a
    /// pier are walked; any other way with one of foot.lua's keys (a bridge, a platform) only
    /// where an access tag allows it (`walkable` decides that for `.road`).
    static func walkedClass(_ t: TagLookup) -> RoadClass? {
        if t["railway"] == "platform" || t["man_made"] == "pier" { return .footway }
        if let amenity = t["amenity"], amenity == "parking" || amenity == "parking_entrance" { return .service }
        let keyed = ["bridge", "platform", "public_transport", "railway", "amenity", "man_made"].contains { !(t[$0] ?? "").isEmpty }
        return keyed ? .road : nil
    }
}
