/// The parts of OSRM's `/route/v1` JSON (geometries=geojson, steps=true) that RouteIt reads.
struct OSRMResponse: OSRMAnswer {
    var code: String
    var message: String?
    var routes: [OSRMRoute]?
}

struct OSRMRoute: Decodable {
    var distance: Double
    var duration: Double
    var geometry: OSRMGeometry
    var legs: [OSRMLeg]
}

struct OSRMLeg: Decodable {
    var distance: Double
    var duration: Double
    var summary: String?
    var steps: [OSRMStep]
}

struct OSRMStep: Decodable {
    var distance: Double
    var duration: Double
    var name: String?
    var ref: String?
    /// `driving`, `walking`, `ferry`, ...: tells which profile the server runs.
    var mode: String?
    var geometry: OSRMGeometry
    var maneuver: OSRMManeuver
    var intersections: [OSRMIntersection]?
    /// Rotaries: the rotary's own name.
    var rotaryName: String?

    enum CodingKeys: String, CodingKey {
        case distance, duration, name, ref, mode, geometry, maneuver, intersections
        case rotaryName = "rotary_name"
    }
}

/// Where a step passes a junction; `classes` are the profile's classes of the road taken
/// (`toll`, `motorway`, `ferry`, ...).
struct OSRMIntersection: Decodable {
    var classes: [String]?
}

struct OSRMManeuver: Decodable {
    var type: String
    var modifier: String?
    var exit: Int?
    var bearingAfter: Double?

    enum CodingKeys: String, CodingKey {
        case type, modifier, exit
        case bearingAfter = "bearing_after"
    }
}

/// GeoJSON LineString: [[lon, lat], ...].
struct OSRMGeometry: Decodable {
    var coordinates: [[Double]]
}
