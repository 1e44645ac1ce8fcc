import RouteItCore

/// Which service answers a request, by its path: OSRM's v1 services, Nominatim's endpoints
/// (`/search` and `/search.php` alike); anything else is one clear line in OSRM's shape.
/// While the map file is not as it was opened (`ServedMap`), every service's request gets 503
/// Unavailable with the one line saying so, in that service's shape.
struct ServeRoutes: Sendable {
    let osrm: OSRMService
    let nominatim: NominatimService
    /// The map checked around each request; nil: not checked.
    let map: ServedMap?

    init(osrm: OSRMService, nominatim: NominatimService, map: ServedMap? = nil) {
        self.osrm = osrm
        self.nominatim = nominatim
        self.map = map
    }

    static let nominatimEndpoints: Set<String> = ["search", "reverse", "lookup", "status"]
    static let osrmEndpoints: Set<String> = ["route", "table", "nearest", "trip"]
    /// Nominatim's endpoints not served: a client of them reads Nominatim's error shape.
    static let unservedNominatimEndpoints: Set<String> = ["details", "deletable", "polygons"]

    func respond(_ request: HTTPRequest, peer: String) -> HTTPResponse {
        let rawPath = request.target.prefix { $0 != "?" }
        var endpoint = rawPath.dropFirst().prefix { $0 != "/" }
        if endpoint.hasSuffix(".php") { endpoint = endpoint.dropLast(4) }
        let isNominatim = Self.nominatimEndpoints.contains(String(endpoint))
        guard let map, isNominatim || Self.osrmEndpoints.contains(String(endpoint)) else {
            return answer(request, endpoint: endpoint, isNominatim: isNominatim)
        }
        // Checked after too: a file changed while the request read it may have answered from both.
        if let line = map.unavailable() { return Self.unavailable(line, isNominatim: isNominatim) }
        let response = answer(request, endpoint: endpoint, isNominatim: isNominatim)
        if let line = map.unavailable() { return Self.unavailable(line, isNominatim: isNominatim) }
        return response
    }

    static func unavailable(_ line: String, isNominatim: Bool) -> HTTPResponse {
        isNominatim ? NominatimService.failure(line, status: 503)
            : OSRMService.failure(.init(code: "Unavailable", message: line, status: 503))
    }

    private func answer(_ request: HTTPRequest, endpoint: Substring, isNominatim: Bool) -> HTTPResponse {
        let target: RequestTarget
        do {
            target = try RequestTarget(request.target)
        } catch let bad as RequestTarget.BadEncoding {
            return isNominatim ? NominatimService.failure("The URL has \(bad.description).")
                : OSRMService.failure(.init(code: "InvalidUrl", message: "URL string malformed: \(bad.description)"))
        } catch {
            return OSRMService.failure(.init(code: "InvalidUrl", message: "URL string malformed"))
        }
        if isNominatim { return nominatim.answer(String(endpoint), target) }
        switch endpoint {
        case "route", "table", "nearest", "trip":
            return osrm.answer(target)
        case _ where Self.unservedNominatimEndpoints.contains(String(endpoint)):
            return NominatimService.failure("routeit serve does not answer /\(endpoint): it answers /search, /reverse, /lookup and /status (Nominatim) and /route/v1, /table/v1, /nearest/v1, /trip/v1 (OSRM).", status: 404)
        case "match", "tile":
            return OSRMService.failure(.init(code: "NotImplemented", message: "This request is not supported: routeit serve answers route, table, nearest and trip", status: 501))
        default:
            return OSRMService.failure(.init(
                code: "InvalidUrl",
                message: "URL string malformed: routeit serve answers /route/v1, /table/v1, /nearest/v1, /trip/v1 (OSRM) and /search, /reverse, /lookup, /status (Nominatim)",
                status: 404))
        }
    }
}
