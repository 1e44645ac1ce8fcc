import Foundation

/// What to route (MKDirections.Request's role).
public struct DirectionsRequest: Hashable, Sendable {
    public var source: MapItem
    public var destination: MapItem
    public var transportType: TransportType
    public var requestsAlternateRoutes: Bool
    /// Only the quickest of the routes is wanted (in expected travel time, the best first among
    /// equals): a router may return it alone and leave out the work for routes that cannot be it.
    public var wantsQuickestOnly: Bool
    /// Kinds of road to keep off; a route that cannot says so (`Route.unavoidable`).
    public var avoid: RoadAvoidance
    /// When the trip leaves (nil: now): turn restrictions with times hold as then, for a router
    /// that knows them.
    public var departureDate: Date?
    /// The way the route must leave the source (nil: any): a re-route from a moving user.
    /// A router that cannot start that way from near the source starts any way it can.
    public var startBearing: StartBearing?
    /// What is wanted beyond the line, length, time and street names. Without `.steps` a router
    /// may leave them out (`steps` empty).
    public var detail: RouteDetail
    public var wantsSteps: Bool { detail.contains(.steps) }

    public init(source: MapItem, destination: MapItem, transportType: TransportType, requestsAlternateRoutes: Bool,
                avoid: RoadAvoidance = [], wantsQuickestOnly: Bool = false, departureDate: Date? = nil,
                startBearing: StartBearing? = nil, detail: RouteDetail = .steps) {
        self.source = source
        self.destination = destination
        self.transportType = transportType
        self.requestsAlternateRoutes = requestsAlternateRoutes
        self.avoid = avoid
        self.wantsQuickestOnly = wantsQuickestOnly
        self.departureDate = departureDate
        self.startBearing = startBearing
        self.detail = detail
    }

    /// A route the request can use: one with steps, or when steps were not wanted, one with a line.
    public func accepts(_ route: Route) -> Bool { wantsSteps ? !route.steps.isEmpty : !route.polyline.isEmpty }
}

/// Why no route came back. `noRoute` is what the user sees as "Directions not available.";
/// the others carry their one-line message.
public enum DirectionsError: Error, Equatable, Sendable, CustomStringConvertible {
    case noRoute
    case invalidRequest(String)
    case unavailable(String)

    public var description: String {
        switch self {
        case .noRoute: return "Directions not available."
        case .invalidRequest(let message), .unavailable(let message): return message
        }
    }
}

/// Routes between two places (MKDirections' role). Implemented by the embedded router, by OSRM
/// over HTTP, and by test doubles.
public protocol Directions: Sendable {
    /// One route, or up to three when alternatives are requested (perhaps only the quickest when
    /// `wantsQuickestOnly`); throws `DirectionsError.noRoute` (or returns []) when the places are
    /// not connected.
    func calculate(_ request: DirectionsRequest) async throws -> [Route]
    /// Travel times and distances between many places at once (no default: a wrapper must pass
    /// it on; one without a matrix search of its own answers with `OneToOneTable`).
    func table(_ request: TravelTableRequest) async throws -> TravelTable
    /// The legs of a trip that leaves each stop the way it arrived (`StopTurnaround`), one
    /// request a leg, in trip order: each leg's quickest route, reached and left by the side of
    /// the road per stop that makes the trip quickest. Nil when the router cannot route so, or
    /// no choice of sides has a route for every leg: the legs are then asked one by one (a
    /// stop is a place to turn round).
    func straightOnRoutes(_ legs: [DirectionsRequest]) async throws -> StraightOnLegs?
}

extension Directions {
    public func straightOnRoutes(_ legs: [DirectionsRequest]) async throws -> StraightOnLegs? { nil }
}
