/// The simulated current position (`location LAT LON`) and `locate`, which turns it into an address.
public final class LocationViewModel {
    /// Helsinki Central Station: where the app starts until told otherwise.
    public static let defaultLocation = Coordinate(latitude: 60.1710, longitude: 24.9414)

    public let provider: LocationProviding

    public init(provider: LocationProviding) {
        self.provider = provider
    }

    public var currentLocation: Coordinate? { provider.currentLocation }

    /// `location LAT LON`, validated: the provider only ever holds a real position.
    public func setLocation(latitude: Double, longitude: Double) throws {
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        guard coordinate.isValid else {
            throw InputError("Not a position: latitude must be -90...90 and longitude -180...180.")
        }
        guard let settable = provider as? FixedLocationProvider else {
            throw InputError("The current location cannot be set here.")
        }
        settable.currentLocation = coordinate
    }

    /// Reverse-geocodes the current position into a place (its names cleaned for the terminal);
    /// nothing nearby is `Address not found.`
    public func locate(using geocoder: Geocoding) async throws -> MapItem {
        guard let coordinate = provider.currentLocation else {
            throw InputError("No current location; set one with: location LAT LON")
        }
        guard let placemark = try await geocoder.reverseGeocode(coordinate) else { throw Alert.addressNotFound }
        return MapItem(placemark: placemark.terminalSafe)
    }
}
