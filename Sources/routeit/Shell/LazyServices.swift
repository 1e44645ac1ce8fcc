import Foundation
import RouteItCore

/// Opens the real services at their first use and remembers the outcome, so a missing map is a
/// one-line alert on `enter`/`route`/`locate` rather than a failure at start-up.
/// Opening (which may import a map for seconds) runs on its own thread, not on Swift's small
/// cooperative pool, and a waiting command can be cancelled at once: the shell stays responsive.
final class LazyServices: Geocoding, Directions, MapBackdropProviding, @unchecked Sendable {
    private let lock = NSLock()
    private let open: () throws -> AppServices
    private let queue = DispatchQueue(label: "routeit.open-services")
    private var opened: Result<AppServices, Error>?
    private var isOpening = false
    private var waiters: [UUID: CheckedContinuation<AppServices, Error>] = [:]

    init(open: @escaping () throws -> AppServices) {
        self.open = open
    }

    /// Whether the services were opened (or failed to open) already: until then the first use
    /// may import a map, which shows its own progress.
    var isSettled: Bool { lock.withLock { opened != nil } }

    func services() async throws -> AppServices {
        if let settled = lock.withLock({ opened }) { return try settled.get() }
        let id = UUID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<AppServices, Error>) in
                let startOpening: Bool = lock.withLock {
                    if let opened {
                        waiter.resume(with: opened)
                        return false
                    }
                    if Task.isCancelled {
                        waiter.resume(throwing: CancellationError())
                        return false
                    }
                    waiters[id] = waiter
                    defer { isOpening = true }
                    return !isOpening
                }
                if startOpening { queue.async { self.finishOpening(Result { try self.open() }) } }
            }
        } onCancel: {
            // The opening goes on (the next command will use it); only this wait ends.
            lock.withLock { waiters.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
    }

    private func finishOpening(_ result: Result<AppServices, Error>) {
        let waiting: [CheckedContinuation<AppServices, Error>] = lock.withLock {
            opened = result
            defer { waiters = [:] }
            return Array(waiters.values)
        }
        waiting.forEach { $0.resume(with: result) }
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

    /// Roads only from services already open (a backdrop is drawn after routing, never first).
    func roads(in box: BoundingBox) -> [[Coordinate]] {
        guard case .success(let services)? = lock.withLock({ opened }) else { return [] }
        return services.backdrop?.roads(in: box) ?? []
    }
}
