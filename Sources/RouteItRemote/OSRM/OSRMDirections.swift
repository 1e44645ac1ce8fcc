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
    /// The `exclude=` sets this server refused (its profile has no such class or combination).
    let refusedExcludes = OSRMRefusedExcludes()

    public init(baseURL: URL, walkingBaseURL: URL? = nil, cyclingBaseURL: URL? = nil, maxSnapDistance: Double = 5_000,
                configuration: RemoteConfiguration = RemoteConfiguration()) {
        self.baseURL = baseURL
        self.walkingBaseURL = walkingBaseURL
        self.cyclingBaseURL = cyclingBaseURL
        self.maxSnapDistance = maxSnapDistance
        client = HTTPClient(configuration: configuration)
    }

    /// With classes to avoid, sends OSRM's `exclude=` with as many of them as the server takes
    /// (car.lua takes one of toll, motorway, ferry at a time; an unsupported set is answered
    /// `InvalidValue`), the largest set first; the classes left out are named on the routes
    /// (`unsupportedAvoidance`). When the server finds no route off the classes (OSRM does so
    /// when a place lies on such a road), fewer are excluded and the ones used are named
    /// (`unavoidable`).
    public func calculate(_ request: DirectionsRequest) async throws -> [Route] {
        guard request.startBearing != nil else { return try await calculateAvoiding(request) }
        // OSRM answers NoSegment when no road near the start goes the user's way: any way then.
        do {
            return try await calculateAvoiding(request)
        } catch DirectionsError.noRoute, DirectionsError.invalidRequest {
            var anyWay = request
            anyWay.startBearing = nil
            return try await calculateAvoiding(anyWay)
        }
    }

    private func calculateAvoiding(_ request: DirectionsRequest) async throws -> [Route] {
        // A foot or bicycle server has no motorway to exclude, and its trips never take one.
        let avoid = request.avoid.subtracting(.neverTravelled(by: request.transportType))
        guard !avoid.isEmpty else { return try await routes(for: request, excluding: []).map(\.route) }
        var refusedOnly = true
        for exclude in avoid.subsetsLargestFirst where !refusedExcludes.contains(exclude) {
            let found: [(route: Route, classes: RoadAvoidance)]
            do {
                found = try await routes(for: request, excluding: exclude)
            } catch OSRMExcludeRefused.refused {
                refusedExcludes.insert(exclude)
                continue
            } catch DirectionsError.noRoute where !exclude.isEmpty {
                refusedOnly = false
                continue
            }
            let dropped = avoid.subtracting(exclude)
            return found.map { found in
                var route = found.route
                if refusedOnly {
                    route.unsupportedAvoidance = dropped
                } else {
                    route.unavoidable = dropped.intersection(found.classes)
                }
                return route
            }
        }
        throw DirectionsError.noRoute
    }

    /// The routes of one request with `exclude=` (when not empty), each with the avoidable
    /// classes its steps say it uses.
    private func routes(for request: DirectionsRequest, excluding exclude: RoadAvoidance)
        async throws -> [(route: Route, classes: RoadAvoidance)] {
        let url = routeURL(for: request, exclude: exclude)
        let decoded = try await answer(url, as: OSRMResponse.self, excluding: exclude)
        // A route without legs or steps has nothing to show: as good as none.
        let routes = (decoded.routes ?? []).filter { !$0.legs.flatMap(\.steps).isEmpty }
            .prefix(request.requestsAlternateRoutes ? 3 : 1)
        guard !routes.isEmpty else { throw DirectionsError.noRoute }
        let modes = routes.flatMap { $0.legs.flatMap { $0.steps.compactMap(\.mode) } }
        if let foreign = OSRMProfileMismatch.foreignMode(in: modes, for: request.transportType) {
            throw OSRMProfileMismatch(host: url.hostDescription, asked: request.transportType, answered: foreign)
        }
        return try routes.map { (try route(from: $0, transportType: request.transportType), Self.classes(of: $0)) }
    }

    /// The avoidable classes named on the route's intersections (a ferry step counts too).
    static func classes(of route: OSRMRoute) -> RoadAvoidance {
        var found: RoadAvoidance = []
        for step in route.legs.flatMap(\.steps) {
            if step.mode == "ferry" { found.insert(.ferry) }
            for intersection in step.intersections ?? [] {
                for name in intersection.classes ?? [] { if let c = RoadAvoidance(className: name) { found.insert(c) } }
            }
        }
        return found
    }

    /// Metres from the start a road going the start bearing's way may lie.
    static let startBearingReach = 40

    /// `/route/v1/{driving|foot|bike}/LON,LAT;LON,LAT?alternatives=…&steps=true&overview=full&geometries=geojson&radiuses=…`
    /// (and `bearings=…` with a start bearing)
    func routeURL(for request: DirectionsRequest, exclude: RoadAvoidance = []) -> URL {
        let (base, profile) = server(for: request.transportType)
        let points = [request.source.coordinate, request.destination.coordinate]
            .map { String(format: "%.6f,%.6f", $0.longitude, $0.latitude) }
            .joined(separator: ";")
        let alternatives = request.requestsAlternateRoutes ? "true" : "false"
        var path = base.absoluteString
        while path.hasSuffix("/") { path.removeLast() }
        let radius = String(format: "%.0f", maxSnapDistance)
        var query = "alternatives=\(alternatives)&steps=true&overview=full&geometries=geojson"
        if let bearing = request.startBearing {
            // OSRM's bearings on the start, within the reach of a road going that way (no farther
            // road is taken for it: `calculate` then asks again without).
            let value = Int(bearing.value.rounded()) % 360, range = Int(min(180, max(0, bearing.range)).rounded())
            query += "&radiuses=\(OSRMDirections.startBearingReach);\(radius)&bearings=\(value),\(range);"
        } else {
            query += "&radiuses=\(radius);\(radius)"
        }
        if !exclude.isEmpty { query += "&exclude=" + exclude.classNames.joined(separator: ",") }
        // The sides of the road the places are reached by, only when one is asked (older servers know none).
        let approaches = [request.source.approach, request.destination.approach]
        if approaches.contains(where: { $0 != nil && $0 != .unrestricted }) {
            query += "&approaches=" + approaches.map { ($0 ?? .unrestricted).rawValue }.joined(separator: ";")
        }
        return URL(string: "\(path)/route/v1/\(profile)/\(points)?\(query)")!
    }

    /// The server and OSRM profile name for a way to travel.
    func server(for transportType: TransportType) -> (URL, String) {
        switch transportType {
        case .car: return (baseURL, "driving")
        case .walk: return (walkingBaseURL ?? baseURL, "foot")
        case .bike: return (cyclingBaseURL ?? baseURL, "bike")
        }
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
