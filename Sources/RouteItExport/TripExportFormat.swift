import RouteItCore

/// The shell's `export svg|gpx|geojson FILE`: which writer, and whether it wants the roads.
public enum TripExportFormat: String, CaseIterable, Sendable {
    case svg, gpx, geojson

    public var needsRoads: Bool { self == .svg }

    /// The format as its own specification spells it, for messages (`Exported GeoJSON ...`).
    public var displayName: String {
        switch self {
        case .svg: return "SVG"
        case .gpx: return "GPX"
        case .geojson: return "GeoJSON"
        }
    }

    /// The file's text; `roads` is only used by SVG.
    public func render(stops: [MapItem], legs: [Route], roads: [[Coordinate]], plan: TripExportPlan? = nil) -> String {
        switch self {
        case .svg: return SVGExport.svg(stops: stops, legs: legs, roads: roads)
        case .gpx: return GPXExport.gpx(stops: stops, legs: legs, plan: plan)
        case .geojson: return GeoJSONExport.geoJSON(stops: stops, legs: legs, plan: plan)
        }
    }
}
