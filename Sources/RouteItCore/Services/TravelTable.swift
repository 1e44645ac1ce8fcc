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

    public init(sources: [MapItem], destinations: [MapItem], transportType: TransportType, avoid: RoadAvoidance = [],
                wantsDistances: Bool = false, departureDate: Date? = nil) {
        self.sources = sources
        self.destinations = destinations
        self.transportType = transportType
        self.avoid = avoid
        self.wantsDistances = wantsDistances
        self.departureDate = departureDate
    }
}

/// `durations[i][j]` seconds and `distances[i][j]` metres from source i to destination j; nil
/// where no route joins them (OSRM's `null`). `distances` is nil when they were not asked for.
public struct TravelTable: Equatable, Sendable {
    public var durations: [[Double?]]
    public var distances: [[Double?]]?

    public init(durations: [[Double?]], distances: [[Double?]]?) {
        self.durations = durations
        self.distances = distances
    }
}
