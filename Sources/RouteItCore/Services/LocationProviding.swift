/// Where the user is (CLLocationManager's role). The shell's `location LAT LON` sets it.
public protocol LocationProviding: AnyObject {
    var currentLocation: Coordinate? { get }
}

/// A position that is simply set: the shell's simulated location, and the tests' double.
public final class FixedLocationProvider: LocationProviding {
    public var currentLocation: Coordinate?
    public init(_ coordinate: Coordinate? = nil) { currentLocation = coordinate }
}
