/// A position from a location source, with its horizontal accuracy when the source knows it.
public struct LocationFix: Equatable, Sendable {
    public var coordinate: Coordinate
    /// Estimated horizontal error in metres (gpsd's `eph`, Core Location's horizontalAccuracy);
    /// nil when unknown.
    public var horizontalAccuracy: Double?

    public init(coordinate: Coordinate, horizontalAccuracy: Double? = nil) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
    }
}

/// The location source cannot be reached (nothing listens, it closed the connection): the
/// caller falls back to the simulated position and tells the user `reason`.
public struct LocationSourceUnavailable: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// Where the user is (CLLocationManager's role): gpsd on Linux, or a position that is simply set.
public protocol LocationProviding: AnyObject {
    /// For messages: "gpsd at localhost:2947", "the simulated location".
    var sourceName: String { get }
    /// Waits for a position. Throws `LocationSourceUnavailable` when the source cannot be reached
    /// or goes away, an `Alert` when it answers but has no fix in time, `CancellationError` when
    /// the wait is cancelled.
    func currentFix() async throws -> LocationFix
}

/// A position that is simply set: the shell's simulated location, and the tests' double.
public final class FixedLocationProvider: LocationProviding {
    public var currentLocation: Coordinate?
    public init(_ coordinate: Coordinate? = nil) { currentLocation = coordinate }

    public var sourceName: String { "the simulated location" }

    public func currentFix() async throws -> LocationFix {
        guard let currentLocation else { throw InputError("No current location; set one with: location LAT LON") }
        return LocationFix(coordinate: currentLocation)
    }
}
