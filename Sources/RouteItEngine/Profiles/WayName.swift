/// What a step calls a way: its `name`; else, for an unnamed sidewalk or cycle path beside a
/// street (`footway=sidewalk`, `cycleway=sidepath`, `is_sidepath=yes` on a footway, cycleway or
/// path), the street's (`is_sidepath:of:name`, else `street:name`), as OSRM's
/// `WayHandlers.names` does; else its `ref`; else "".
enum WayName {
    static func of(_ t: TagLookup) -> String {
        if let name = t["name"] { return name }
        if let street = t["is_sidepath:of:name"] ?? t["street:name"],
           ["footway", "cycleway", "path"].contains(t["highway"] ?? ""),
           t["footway"] == "sidewalk" || t["cycleway"] == "sidepath" || t["is_sidepath"] == "yes" {
            return street
        }
        return t["ref"].map(CanonicalRef.of) ?? ""
    }
}
