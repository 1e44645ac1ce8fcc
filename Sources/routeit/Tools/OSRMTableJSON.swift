import RouteItCore

/// OSRM's `/table` response: `code`, `durations` and `distances` (rows per source, null for no
/// route), `sources` and `destinations` as waypoints; keys sorted, as RouteIt's other JSON.
/// `durations` false: the distances alone (OSRM's `annotations=distance`).
enum OSRMTableJSON {
    /// Each waypoint is where its place joined the roads (`TravelTable.sourceRoads`), its
    /// distance from the place asked, the road's name and, with `mapFingerprint`, its hint; a
    /// router that does not say gives the place itself, 0 m away, unnamed.
    /// `skipWaypoints` (OSRM's `skip_waypoints=true`) writes no `sources` and `destinations`,
    /// `generateHints` false no waypoint `hint`.
    static func text(_ table: TravelTable, sources: [OSRMRouteJSON.Waypoint], destinations: [OSRMRouteJSON.Waypoint],
                     durations: Bool = true, mapFingerprint: UInt32? = nil, skipWaypoints: Bool = false, generateHints: Bool = true) -> String {
        func values(_ rows: [[Double?]]) -> String {
            JSONText.array(rows.map { row in JSONText.array(row.map { $0.map { JSONText.number(OSRMRouteJSON.round1($0)) } ?? "null" }) })
        }
        func waypoint(_ place: OSRMRouteJSON.Waypoint, _ road: TableRoadPoint?) -> String {
            let snapped = road?.location ?? place.given
            let hint = road != nil ? OSRMRouteJSON.hint(place, snapped: snapped, map: mapFingerprint) : ""
            return JSONText.object([
                ("distance", JSONText.number(OSRMRouteJSON.round1(place.given.distance(to: snapped))))]
                + (generateHints ? [("hint", JSONText.string(hint))] : []) + [
                ("location", JSONText.array(OSRMRouteJSON.point(snapped).map(JSONText.number))), ("name", JSONText.string(road?.name ?? "")),
                ("routeit", JSONText.object([("address", JSONText.string(place.item.placemark.formattedAddress)),
                                             ("query", JSONText.string(place.query))])),
            ])
        }
        func waypoints(_ places: [OSRMRouteJSON.Waypoint], _ roads: [TableRoadPoint?]?) -> String {
            JSONText.array(places.enumerated().map { i, place in waypoint(place, roads.flatMap { i < $0.count ? $0[i] : nil }) })
        }
        var members: [(String, String)] = [("code", "\"Ok\"")]
        if !skipWaypoints { members.append(("destinations", waypoints(destinations, table.destinationRoads))) }
        if let distances = table.distances { members.append(("distances", values(distances))) }
        if durations { members.append(("durations", values(table.durations))) }
        members.append(("routeit", JSONText.object([("attribution", JSONText.string(MapAttribution.text))])))
        if !skipWaypoints { members.append(("sources", waypoints(sources, table.sourceRoads))) }
        return JSONText.object(members)
    }
}
