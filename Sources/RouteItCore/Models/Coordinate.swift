import Foundation

/// A WGS84 position in degrees (what CoreLocation calls CLLocationCoordinate2D).
public struct Coordinate: Hashable, Codable, Sendable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `LAT,LON` in decimal degrees (`60.1699, 24.9384`), as the tools and stop lists take
    /// places; nil for anything else, another spelling of a number (`0x10`, `inf`) or out of range.
    public init?(text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let latitude = DecimalNumber.parse(parts[0].trimmingCharacters(in: .whitespaces)),
              let longitude = DecimalNumber.parse(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
        self.init(latitude: latitude, longitude: longitude)
        guard isValid else { return nil }
    }

    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    public var description: String { String(format: "%.6f,%.6f", latitude, longitude) }

    /// Great-circle distance in metres (haversine; plenty for city-scale trips).
    public func distance(to other: Coordinate) -> Double { Geodesy.distance(self, other) }
}
