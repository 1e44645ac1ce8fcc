import RouteItCore

/// OSRM's `/table` response: `code`, `durations` and `distances` (rows per source, null for no
/// route), `sources` and `destinations` as waypoints; keys sorted, as RouteIt's other JSON.
/// `durations` false: the distances alone (OSRM's `annotations=distance`).
enum OSRMTableJSON {
    static func text(_ table: TravelTable, sources: [OSRMRouteJSON.Waypoint], destinations: [OSRMRouteJSON.Waypoint],
                     durations: Bool = true) -> String {
        func values(_ rows: [[Double?]]) -> String {
            JSONText.array(rows.map { row in JSONText.array(row.map { $0.map { JSONText.number(OSRMRouteJSON.round1($0)) } ?? "null" }) })
        }
        func waypoint(_ place: OSRMRouteJSON.Waypoint) -> String {
            let location = OSRMRouteJSON.point(place.item.coordinate).map(JSONText.number)
            return JSONText.object([
                ("distance", "0"), ("hint", "\"\""), ("location", JSONText.array(location)), ("name", "\"\""),
                ("routeit", JSONText.object([("address", JSONText.string(place.item.placemark.formattedAddress)),
                                             ("query", JSONText.string(place.query))])),
            ])
        }
        var members: [(String, String)] = [("code", "\"Ok\""), ("destinations", JSONText.array(destinations.map(waypoint)))]
        if let distances = table.distances { members.append(("distances", values(distances))) }
        if durations { members.append(("durations", values(table.durations))) }
        members.append(("routeit", JSONText.object([("attribution", JSONText.string(MapAttribution.text))])))
        members.append(("sources", JSONText.array(sources.map(waypoint))))
        return JSONText.object(members)
    }
}
