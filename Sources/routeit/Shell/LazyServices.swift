import Foundation
import RouteItCore

/// Opens the real services at their first use and remembers the outcome, so a missing map is a
/// one-line alert on `enter`/`route`/`locate` rather than a failure at start-up.
final class LazyServices: Geocoding, Directions, MapBackdropProviding, @unchecked Sendable {
    private let lock = NSLock()
    private let open: () throws -> AppServices
    private var opened: Result<AppServices, Error>?

    init(open: @escaping () throws -> AppServices) {
        self.open = open
    }

    func services() throws -> AppServices {
        try lock.withLock {
            if let opened { return try opened.get() }
            let result = Result { try open() }
            opened = result
            return try result.get()
        }
    }

    func geocode(_ text: String) async throws -> [Placemark] {
        try await services().geocoder.geocode(text)
    }

    func reverseGeocode(_ coordinate: Coordinate) async throws -> Placemark? {
        try await services().geocoder.reverseGeocode(coordinate)
    }

    func calculate(_ request: DirectionsRequest) async throws -> [Route] {
        try await services().directions.calculate(request)
    }

    func roads(in box: BoundingBox) -> [[Coordinate]] {
        (try? services())?.backdrop?.roads(in: box) ?? []
    }
}
