import Foundation
import RouteItCore

/// Directions from an OSRM server's `/route/v1` HTTP API. One osrm-routed process serves one
/// profile, so walking and cycling may point at servers of their own; without them it asks the
/// same server for the `foot` or `bike` profile (right for multi-profile front ends).
public struct OSRMDirections: Directions {
    public let baseURL: URL
    public let walkingBaseURL: URL?
    public let cyclingBaseURL: URL?
    /// Metres a place may be from the nearest road (OSRM `radiuses`); OSRM alone would snap a
    /// point in the sea to a road thousands of kilometres away. Same limit as the embedded router.
    public let maxSnapDistance: Double
    let client: HTTPClient

    public init(baseURL: URL, walkingBaseURL: URL? = nil, cyclingBaseURL: URL? = nil, maxSnapDistance: Double = 5_000,
                configuration: RemoteConfiguration = RemoteConfiguration()) {
        self.baseURL = baseURL
        self.walkingBaseURL = walkingBaseURL
        self.cyclingBaseURL = cyclingBaseURL
        self.maxSnapDistance = maxSnapDistance
        client = HTTPClient(configuration: configuration)
    }

    public func calculate(_ request: DirectionsRequest) async throws -> [Route] {
        let url = routeURL(for: request)
        let response: HTTPResponse
        do {
            response = try await client.get(url)
        } catch RemoteError.cancelled {
            throw CancellationError()
        }
        let decoded: OSRMResponse
        do {
            decoded = try JSONDecoder().decode(OSRMResponse.self, from: response.body)
        } catch {
            throw RemoteError.invalidResponse(host: url.hostDescription, reason: "HTTP \(response.statusCode), not OSRM JSON")
        }
        guard decoded.code == "Ok" else { throw OSRMErrorCode.error(code: decoded.code, message: decoded.message) }
        // A route without legs or steps has nothing to show: as good as none.
        let routes = (decoded.routes ?? []).filter { !$0.legs.flatMap(\.steps).isEmpty }
            .prefix(request.requestsAlternateRoutes ? 3 : 1)
        guard !routes.isEmpty else { throw DirectionsError.noRoute }
        let modes = routes.flatMap { $0.legs.flatMap { $0.steps.compactMap(\.mode) } }
        if let foreign = OSRMProfileMismatch.foreignMode(in: modes, for: request.transportType) {
            throw OSRMProfileMismatch(host: url.hostDescription, asked: request.transportType, answered: foreign)
        }
        return try routes.map { try route(from: $0, transportType: request.transportType) }
    }

    /// `/route/v1/{driving|foot|bike}/LON,LAT;LON,LAT?alternatives=…&steps=true&overview=full&geometries=geojson&radiuses=…`
    func routeURL(for request: DirectionsRequest) -> URL {
        let base: URL, profile: String
        switch request.transportType {
        case .car: (base, profile) = (baseURL, "driving")
        case .walk: (base, profile) = (walkingBaseURL ?? baseURL, "foot")
        case .bike: (base, profile) = (cyclingBaseURL ?? baseURL, "bike")
        }
        let points = [request.source.coordinate, request.destination.coordinate]
            .map { String(format: "%.6f,%.6f", $0.longitude, $0.latitude) }
            .joined(separator: ";")
        let alternatives = request.requestsAlternateRoutes ? "true" : "false"
        var path = base.absoluteString
        while path.hasSuffix("/") { path.removeLast() }
        let radius = String(format: "%.0f", maxSnapDistance)
        let query = "alternatives=\(alternatives)&steps=true&overview=full&geometries=geojson&radiuses=\(radius);\(radius)"
        return URL(string: "\(path)/route/v1/\(profile)/\(points)?\(query)")!
    }

    /// Every number is range-checked here, where it enters (`PlausibleRoute`).
    private func route(from osrm: OSRMRoute, transportType: TransportType) throws -> Route {
        let steps = try osrm.legs.flatMap(\.steps).map { step in
            RouteStep(instruction: InstructionText.sentence(for: OSRMManeuverMapping.maneuver(for: step)),
                      distance: try PlausibleRoute.distance(step.distance),
                      expectedTravelTime: try PlausibleRoute.duration(step.duration),
                      polyline: try PlausibleRoute.path(step.geometry))
        }
        let name = osrm.legs.compactMap(\.summary).filter { !$0.isEmpty }.joined(separator: ", ")
        return Route(name: name, distance: try PlausibleRoute.distance(osrm.distance),
                     expectedTravelTime: try PlausibleRoute.duration(osrm.duration),
                     transportType: transportType, polyline: try PlausibleRoute.path(osrm.geometry), steps: steps)
    }
}
