import RouteItCore

/// Nominatim's `polygon_geojson`, `polygon_kml`, `polygon_svg` and `polygon_text`: the place's
/// outline in that format. The map keeps every place as a point, so the outline is that point,
/// as Nominatim gives one for a place that is a node (`{"type":"Point",...}`, `POINT(lon lat)`).
enum NominatimPointGeometry {
    /// Each parameter with the key its output goes under.
    static let outputs: [(parameter: String, key: String)] = [
        ("polygon_geojson", "geojson"), ("polygon_kml", "geokml"), ("polygon_svg", "svg"), ("polygon_text", "geotext"),
    ]

    /// The key and value the request asks for; nil when it asks for none. More than one is
    /// refused, as Nominatim refuses it.
    static func asked(_ target: RequestTarget, at point: Coordinate) throws -> (key: String, value: Any)? {
        let keys = outputs.filter { target.value($0.parameter).map(NominatimService.isTrue) ?? false }.map(\.key)
        guard keys.count <= 1 else { throw NominatimService.Failure(message: "Only one polygon output may be requested.") }
        guard let key = keys.first else { return nil }
        return (key, value(key, point))
    }

    static func value(_ key: String, _ point: Coordinate) -> Any {
        let lon = number(point.longitude), lat = number(point.latitude)
        switch key {
        case "geojson": return ["type": "Point", "coordinates": [seven(point.longitude), seven(point.latitude)]] as [String: Any]
        case "geokml": return "<Point><coordinates>\(lon),\(lat)</coordinates></Point>"
        case "svg": return "cx=\"\(lon)\" cy=\"\(number(-point.latitude))\""
        default: return "POINT(\(lon) \(lat))"
        }
    }

    /// Degrees to seven decimals, as the place's `lat` and `lon` are written.
    private static func seven(_ value: Double) -> Double { (value * 1e7).rounded() / 1e7 }

    /// Seven decimals at most, trailing zeros dropped, as PostGIS writes a node's degrees.
    private static func number(_ value: Double) -> String {
        var text = String(format: "%.7f", seven(value))
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
