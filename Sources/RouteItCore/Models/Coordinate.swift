import Foundation

/// A WGS84 position in degrees (what CoreLocation calls CLLocationCoordinate2D).
public struct Coordinate: Hashable, Codable, Sendable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    public var description: String { String(format: "%.6f,%.6f", latitude, longitude) }

    /// Great-circle distance in metres (haversine; plenty for city-scale trips).
    public func distance(to other: Coordinate) -> Double { Geodesy.distance(self, other) }
}
