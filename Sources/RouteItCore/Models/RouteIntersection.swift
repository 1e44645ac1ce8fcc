/// A junction a route passes (OSRM's step `intersections`): every road meeting there the mode
/// may travel, by its heading leaving the junction, which of them the route may go on by, and
/// the ones it arrives and leaves by.
public struct RouteIntersection: Hashable, Codable, Sendable {
    public var location: Coordinate
    /// Metres along the route from its start, to tell which step passes it.
    public var distance: Double
    /// Whole degrees, ascending, as OSRM lists them.
    public var bearings: [Int]
    /// Per bearing: the route may leave by that road here.
    public var entry: [Bool]
    /// The index in `bearings` of the road the route arrives by (its heading away from here).
    public var into: Int
    /// The index in `bearings` of the road the route leaves by.
    public var out: Int
    /// The lanes of the road arrived by, left to right, when it has turn lanes OSRM assigns to
    /// the turn taken here (empty: none).
    public var lanes: [RouteLane] = []

    public init(location: Coordinate, distance: Double, bearings: [Int], entry: [Bool], into: Int, out: Int) {
        self.location = location
        self.distance = distance
        self.bearings = bearings
        self.entry = entry
        self.into = into
        self.out = out
    }
}
