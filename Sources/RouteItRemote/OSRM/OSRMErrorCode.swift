import RouteItCore

/// OSRM's `code` values → one clear line for the user. `NoRoute` is the ordinary
/// "Directions not available."; the rest name what the server objected to.
enum OSRMErrorCode {
    static func error(code: String, message: String?) -> DirectionsError {
        let detail = message.map { " (\($0))" } ?? ""
        switch code {
        case "NoRoute":
            return .noRoute
        case "NoSegment":
            return .invalidRequest("No road near the start or the destination (OSRM NoSegment).")
        case "InvalidQuery", "InvalidValue", "InvalidUrl", "InvalidOptions", "InvalidService", "InvalidVersion":
            return .invalidRequest("The routing server rejected the request: \(code)\(detail).")
        case "TooBig", "DistanceExceeded":
            return .invalidRequest("The trip is too large for the routing server (\(code)).")
        default:
            return .unavailable("The routing server answered \(code)\(detail).")
        }
    }
}
