/// How the trip is travelled, how distances are shown and which roads it keeps off
/// (`mode car|walk|bike`, `units mi|km`, `avoid toll|motorway|ferry|unpaved`).
public struct TripSettings: Equatable, Sendable {
    /// One setting, as the planner store keeps it (each written on its own).
    public enum Field: String, CaseIterable, Sendable { case mode, units, avoid }

    public var transportType: TransportType
    public var distanceUnit: DistanceUnit
    public var avoid: RoadAvoidance

    public init(transportType: TransportType = .car, distanceUnit: DistanceUnit = .miles, avoid: RoadAvoidance = []) {
        self.transportType = transportType
        self.distanceUnit = distanceUnit
        self.avoid = avoid
    }
}
