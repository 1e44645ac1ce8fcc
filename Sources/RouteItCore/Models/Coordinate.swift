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
              let latitude = DecimalNumber.parse(Self.trimmingSpaces(parts[0])),
              let longitude = DecimalNumber.parse(Self.trimmingSpaces(parts[1])) else { return nil }
        self.init(latitude: latitude, longitude: longitude)
        guard isValid else { return nil }
    }

    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    /// `60.170000,24.941000`: how places are written for people and files alike.
    public var description: String { Self.degrees(latitude) + "," + Self.degrees(longitude) }

    /// Six decimals; a value that rounds to zero is `0.000000` whatever its sign (printf's
    /// `-0.000000` for `-0` or `-1e-9` is no place of its own and reads as a typo).
    private static func degrees(_ value: Double) -> String {
        let text = DecimalText.fixed(value, places: 6)
        return text == "-0.000000" ? "0.000000" : text
    }

    /// The text without the spaces and tabs around it (`CharacterSet.whitespaces`: Unicode's
    /// space separators and the tab), without bridging to NSString, which a cold route paid
    /// 400,000 instructions for at each end.
    private static func trimmingSpaces(_ text: Substring) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(Substring(scalars[first...last]))
    }

    /// Great-circle distance in metres (haversine; plenty for city-scale trips).
    public func distance(to other: Coordinate) -> Double { Geodesy.distance(self, other) }
}
