/// Travel times and distances between every source and every destination (OSRM's `/table`),
/// for ordering stops: one question for the whole matrix, not one route per pair.
public struct TravelTableRequest: Hashable, Sendable {
    public var sources: [MapItem]
    public var destinations: [MapItem]
    public var transportType: TransportType
    public var avoid: RoadAvoidance

    public init(sources: [MapItem], destinations: [MapItem], transportType: TransportType, avoid: RoadAvoidance = []) {
        self.sources = sources
        self.destinations = destinations
        self.transportType = transportType
        self.avoid = avoid
    }
}

/// `durations[i][j]` seconds and `distances[i][j]` metres from source i to destination j; nil
/// where no route joins them (OSRM's `null`).
public struct TravelTable: Equatable, Sendable {
    public var durations: [[Double?]]
    public var distances: [[Double?]]

    public init(durations: [[Double?]], distances: [[Double?]]) {
        self.durations = durations
        self.distances = distances
    }
}
