/// A latitude/longitude rectangle: what a map view shows.
public struct BoundingBox: Hashable, Codable, Sendable {
    public var minLatitude: Double
    public var minLongitude: Double
    public var maxLatitude: Double
    public var maxLongitude: Double

    public init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }

    /// The smallest box holding every point; nil for none.
    public init?(covering points: [Coordinate]) {
        guard let first = points.first else { return nil }
        self.init(minLatitude: first.latitude, minLongitude: first.longitude,
                  maxLatitude: first.latitude, maxLongitude: first.longitude)
        for p in points.dropFirst() {
            minLatitude = min(minLatitude, p.latitude)
            maxLatitude = max(maxLatitude, p.latitude)
            minLongitude = min(minLongitude, p.longitude)
            maxLongitude = max(maxLongitude, p.longitude)
        }
    }

    public func contains(_ c: Coordinate) -> Bool {
        (minLatitude...maxLatitude).contains(c.latitude) && (minLongitude...maxLongitude).contains(c.longitude)
    }
}
