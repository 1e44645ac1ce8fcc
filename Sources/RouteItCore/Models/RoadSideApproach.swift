/// OSRM's `approaches`: from which side of the road a trip may reach a place and leave it.
public enum RoadSideApproach: String, CaseIterable, Codable, Hashable, Sendable {
    /// Either side: the router chooses (OSRM's default).
    case unrestricted
    /// The place on the curb side: on the car's right where traffic drives on the right, so
    /// no one crosses the road to the door.
    case curb
    /// The place across the road from the curb side.
    case opposite
}
