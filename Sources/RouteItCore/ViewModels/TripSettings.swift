/// How the trip is travelled and how distances are shown (`mode car|walk|bike`, `units mi|km`).
public struct TripSettings: Equatable, Sendable {
    public var transportType: TransportType
    public var distanceUnit: DistanceUnit

    public init(transportType: TransportType = .car, distanceUnit: DistanceUnit = .miles) {
        self.transportType = transportType
        self.distanceUnit = distanceUnit
    }
}
