import Foundation
import RouteItCore

/// The map's geocoder, opened on its first question: opening prepares its statements and reads
/// the street-name index, a third of a cold `routeit route` between two coordinates, which
/// never asks it anything.
// @unchecked: `lock` guards `opened`, and `map` (a connection, not Sendable) is only read under it.
public final class LazyOfflineGeocoder: Geocoding, @unchecked Sendable {
    private let map: RouteItMap
    private let lock = NSLock()
    private var opened: Result<OfflineGeocoder, Error>?

    public init(map: RouteItMap) { self.map = map }

    /// The geocoder, opened once; a failure to open is the answer to every question after.
    public func geocoder() throws -> OfflineGeocoder {
        try lock.withLock {
            if let opened { return try opened.get() }
            let result = Result { try OfflineGeocoder(map: map) }
            opened = result
            return try result.get()
        }
    }

    public func geocode(_ text: String) async throws -> [Placemark] { try await geocoder().geocode(text) }

    public func geocode(_ text: String, near: Coordinate?) async throws -> [Placemark] {
        try await geocoder().geocode(text, near: near)
    }

    public func reverseGeocode(_ coordinate: Coordinate) async throws -> Placemark? {
        try await geocoder().reverseGeocode(coordinate)
    }
}

extension LazyOfflineGeocoder: OSMPlaceLookup {
    public func places(_ references: [OSMReference]) async throws -> [Placemark] { try await geocoder().places(references) }
}

extension LazyOfflineGeocoder: DetailedReverseGeocoding {
    public func reverseGeocode(_ coordinate: Coordinate, detail: ReverseDetail) async throws -> Placemark? {
        try await geocoder().reverseGeocode(coordinate, detail: detail)
    }
}

extension LazyOfflineGeocoder: AddressDistrictNaming {
    public func withDistricts(_ placemarks: [Placemark]) throws -> [Placemark] { try geocoder().withDistricts(placemarks) }
}

extension LazyOfflineGeocoder: NameTagsKeeping {
    /// Opens the geocoder to ask its map; one that cannot open keeps none.
    public var keepsNameTags: Bool { (try? geocoder().keepsNameTags) ?? false }

    public func withNames(_ placemarks: [Placemark]) throws -> [Placemark] { try geocoder().withNames(placemarks) }
}
