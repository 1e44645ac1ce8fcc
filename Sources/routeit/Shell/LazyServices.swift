import Foundation
import RouteItCore

/// Opens the real services at their first use and remembers the outcome, so a missing map is a
/// one-line alert on `enter`/`route`/`locate` rather than a failure at start-up.
final class LazyServices: Geocoding, Directions, MapBackdropProviding, @unchecked Sendable {
    /// Guards `opened` only (never held while opening, so asking is instant).
    private let lock = NSLock()
    /// Serialises opening: a second caller waits for the first one's import.
    private let openLock = NSLock()
    private let open: () throws -> AppServices
    private var opened: Result<AppServices, Error>?

    init(open: @escaping () throws -> AppServices) {
        self.open = open
    }

    /// Whether the services were opened (or failed to open) already: until then the first use
    /// may import a map, which shows its own progress.
    var isSettled: Bool { lock.withLock { opened != nil } }

    func services() throws -> AppServices {
        if let settled = lock.withLock({ opened }) { return try settled.get() }
        return try openLock.withLock {
            if let settled = lock.withLock({ opened }) { return try settled.get() }
            let result = Result { try open() }
            lock.withLock { opened = result }
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
