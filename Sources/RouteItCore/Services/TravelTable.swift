import Foundation

/// Travel times and distances between every source and every destination (OSRM's `/table`),
/// for ordering stops: one question for the whole matrix, not one route per pair.
public struct TravelTableRequest: Hashable, Sendable {
    public var sources: [MapItem]
    public var destinations: [MapItem]
    public var transportType: TransportType
    public var avoid: RoadAvoidance
    /// Distances too (OSRM's `annotations=duration,distance`): a router may have to build each
    /// pair's path for them, so only the times are asked by default, as OSRM does.
    public var wantsDistances: Bool
    /// When the trip leaves (nil: the table knows no time): turn restrictions with times hold
    /// as for a route leaving then, for a router that knows them.
    public var departureDate: Date?
    /// Where each place joins the roads too (`TravelTable.sourceRoads`), for an answer that
    /// shows them (OSRM's table JSON); the planner needs only the times.
    public var wantsRoads: Bool

    public init(sources: [MapItem], destinations: [MapItem], transportType: TransportType, avoid: RoadAvoidance = [],
                wantsDistances: Bool = false, departureDate: Date? = nil, wantsRoads: Bool = false) {
        self.sources = sources
        self.destinations = destinations
        self.transportType = transportType
        self.avoid = avoid
        self.wantsDistances = wantsDistances
        self.departureDate = departureDate
        self.wantsRoads = wantsRoads
    }
}

/// `durations[i][j]` seconds and `distances[i][j]` metres from source i to destination j; nil
/// where no route joins them (OSRM's `null`). `distances` is nil when they were not asked for.
public struct TravelTable: Equatable, Sendable {
    public var durations: [[Double?]]
    public var distances: [[Double?]]?
    /// Where each source and destination joins the roads (OSRM's table waypoints); nil when the
    /// router does not say (a table made of one-to-one routes), or per place when none was found.
    public var sourceRoads: [TableRoadPoint?]?
    public var destinationRoads: [TableRoadPoint?]?

    public init(durations: [[Double?]], distances: [[Double?]]?,
                sourceRoads: [TableRoadPoint?]? = nil, destinationRoads: [TableRoadPoint?]? = nil) {
        self.durations = durations
        self.distances = distances
        self.sourceRoads = sourceRoads
        self.destinationRoads = destinationRoads
    }
}

/// The point of the road a table's place was joined to, and the road's name ("" for none).
public struct TableRoadPoint: Equatable, Sendable {
    public var location: Coordinate
    public var name: String

    public init(location: Coordinate, name: String) {
        self.location = location
        self.name = name
    }
}
