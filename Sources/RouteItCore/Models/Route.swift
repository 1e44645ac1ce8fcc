import Foundation

/// One navigator instruction: distance in metres, time in seconds.
public struct RouteStep: Hashable, Codable, Sendable {
    public var instruction: String
    public var distance: Double
    public var expectedTravelTime: TimeInterval
    /// The step's geometry (first point is where the maneuver happens).
    public var polyline: [Coordinate]
    /// The name of the street the step goes along, without its ref (OSRM's step `name`), when
    /// the backend says (a sentence does not name a road known by its ref alone).
    public var streetName: String?
    /// The road's ref ("D 6007"), when it has one and the backend says (OSRM's step `ref`).
    public var ref: String?
    /// `expectedTravelTime` on the roads alone, the turns and traffic signals on the way left
    /// out (OSRM's annotation durations and speeds are the road's), when the router says.
    public var roadTime: TimeInterval?

    public init(instruction: String, distance: Double, expectedTravelTime: TimeInterval, polyline: [Coordinate] = []) {
        self.instruction = instruction
        self.distance = distance
        self.expectedTravelTime = expectedTravelTime
        self.polyline = polyline
    }
}

/// One way from a source to a destination (MKRoute's role). Distance in metres, time in seconds.
public struct Route: Hashable, Codable, Sendable {
    public var name: String
    public var distance: Double
    public var expectedTravelTime: TimeInterval
    public var transportType: TransportType
    public var polyline: [Coordinate]
    public var steps: [RouteStep]
    /// Kinds of road the request asked to avoid that this route uses all the same, because no
    /// way around them exists.
    public var unavoidable: RoadAvoidance = []
    /// Kinds of road the request asked to avoid that the backend cannot avoid (an OSRM server
    /// whose profile has no such exclude): the route may use them.
    public var unsupportedAvoidance: RoadAvoidance = []
    /// True when another departure could give another route: the router met turn restrictions
    /// that hold only at some times (the view model asks again at the leg's own departure).
    public var dependsOnDeparture: Bool?
    /// True when the route turns round where a road leaves the map, as at a dead end (the road
    /// goes on beyond the map's edge): said under the directions.
    public var turnsAtMapEdge: Bool?
    /// The name of the street the destination lies on, without its ref (OSRM names its arrive
    /// step so), when the backend says.
    public var arrivalStreet: String?
    /// The name of the street the route leaves from, without its ref, when the backend says
    /// (OSRM's waypoint `name`; read from here, the steps need not be built to name the start).
    public var departureStreet: String?
    /// The OSM node of each point of `polyline`, when asked for (`RouteDetail.osmNodes`) and the
    /// router keeps them: a point between two nodes (where the route starts or ends on a road)
    /// is given the node behind the start and ahead of the end, as OSRM's `annotations=nodes`.
    public var osmNodes: [Int64]?
    /// The junctions the route passes, in order, when asked for (`RouteDetail.intersections`)
    /// and the router knows them.
    public var intersections: [RouteIntersection]?

    public init(name: String = "", distance: Double, expectedTravelTime: TimeInterval,
                transportType: TransportType, polyline: [Coordinate], steps: [RouteStep]) {
        self.name = name
        self.distance = distance
        self.expectedTravelTime = expectedTravelTime
        self.transportType = transportType
        self.polyline = polyline
        self.steps = steps
    }
}
