/// Where the user is: a location device (gpsd) when there is one, and the simulated position
/// (`location LAT LON`), which wins once set until `location gps` hands back to the device.
/// `locate` turns the position into an address.
public final class LocationViewModel {
    /// Helsinki Central Station: where the app starts until told otherwise.
    public static let defaultLocation = Coordinate(latitude: 60.1710, longitude: 24.9414)

    /// The location device; nil when there is none (only the simulated position).
    public let device: LocationProviding?
    /// The simulated position: used when set by the user, or when the device cannot be reached.
    public let simulated: FixedLocationProvider
    /// True after `location LAT LON`, until `location gps`.
    public private(set) var prefersSimulated = false

    public init(device: LocationProviding? = nil,
                simulated: FixedLocationProvider = FixedLocationProvider(LocationViewModel.defaultLocation)) {
        self.device = device
        self.simulated = simulated
    }

    /// Only a simulated position, set by `provider`.
    public convenience init(provider: FixedLocationProvider) {
        self.init(device: nil, simulated: provider)
    }

    /// The simulated position (what `location LAT LON` set).
    public var currentLocation: Coordinate? { simulated.currentLocation }

    /// Where the next `locate` reads the position from.
    public var sourceName: String {
        guard let device, !prefersSimulated else { return simulated.sourceName }
        return device.sourceName
    }

    /// `location LAT LON`, validated: the simulated position only ever holds a real position,
    /// and it wins over the device from now on.
    public func setLocation(latitude: Double, longitude: Double) throws {
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        guard coordinate.isValid else {
            throw InputError("Not a position: latitude must be -90...90 and longitude -180...180.")
        }
        simulated.currentLocation = coordinate
        prefersSimulated = true
    }

    /// `location gps`: read the position from the device again.
    public func useDevice() throws {
        guard device != nil else {
            throw InputError("No GPS to use: start routeit with --location gpsd[=HOST:PORT].")
        }
        prefersSimulated = false
    }

    /// What `locate` found: the place, the position it came from, and a notice when the device
    /// could not be reached and the simulated position was used instead.
    public struct Located: Equatable {
        public var item: MapItem
        public var fix: LocationFix
        public var sourceName: String
        public var notice: String?
    }

    /// Reads the position (waiting for the device's fix) and reverse-geocodes it into a place (its
    /// names cleaned for the terminal); nothing nearby is `Address not found.`. An unreachable device falls back to the simulated position.
    public func locate(using geocoder: Geocoding) async throws -> Located {
        var source: LocationProviding = simulated
        var notice: String?
        var fix: LocationFix
        if let device, !prefersSimulated {
            do {
                fix = try await device.currentFix()
                source = device
            } catch let unavailable as LocationSourceUnavailable {
                notice = "\(unavailable.reason) — using the simulated location"
                fix = try await simulated.currentFix()
            }
        } else {
            fix = try await simulated.currentFix()
        }
        let placemark: Placemark?
        do {
            placemark = try await geocoder.reverseGeocode(fix.coordinate)
        } catch let alert as Alert where notice != nil {
            throw Alert("\(notice!). \(alert.message)")  // the fallback is news too
        }
        guard let placemark else { throw notice.map { Alert("\($0). \(Alert.addressNotFound.message)") } ?? Alert.addressNotFound }
        return Located(item: MapItem(placemark: placemark.terminalSafe), fix: fix, sourceName: source.sourceName, notice: notice)
    }
}
