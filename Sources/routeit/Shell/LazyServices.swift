import Foundation
import RouteItCore
import RouteItEngine

/// Opens the real services at their first use and remembers the outcome, so a missing map is a
/// one-line alert on `enter`/`route`/`locate` rather than a failure at start-up.
/// Opening (which may import a map for seconds) runs on its own thread, not on Swift's small
/// cooperative pool. Cancelling the only command waiting for it (Ctrl-C) stops the opening too:
/// the import ends at its next progress step, leaves no file behind, and the next command that
/// needs the map starts it again.
/// Unchecked: `lock` guards `opened`, `attempt`, `waiters`, `generation`, `stopping` and
/// `reopenedNotice`. A map file changed under the shell is opened again (`checkMapBeforeCommand`).
final class LazyServices: Geocoding, Directions, MapBackdropProviding, @unchecked Sendable {
    private typealias Waiter = CheckedContinuation<AppServices, Error>

    private let lock = NSLock()
    private let open: (CancellationFlag) throws -> AppServices
    private let queue = DispatchQueue(label: "routeit.open-services")
    private var opened: Result<AppServices, Error>?
    /// The opening in progress, if any.
    private var attempt: CancellationFlag?
    private var waiters: [UUID: Waiter] = [:]
    /// Bumped by `reset`: an opening started before it is not the outcome any more.
    private var generation = 0
    /// Cancelled commands whose opening is being stopped: told when it has stopped, so nothing
    /// the import prints comes after the command's "Cancelled.".
    private var stopping: [UUID: Waiter] = [:]

    /// `open` builds the services; it should give up (throwing CancellationError) once its flag
    /// is set.
    init(open: @escaping (CancellationFlag) throws -> AppServices) {
        self.open = open
    }

    /// Whether the services were opened (or failed to open) already: until then the first use
    /// may import a map, which shows its own progress.
    var isSettled: Bool { lock.withLock { opened != nil } }

    /// How many commands are waiting for the opening now: what a test waits on before it
    /// cancels one of them (instead of sleeping and hoping the wait has begun).
    var waiterCount: Int { lock.withLock { waiters.count } }

    /// Said once, with the command's answer: the map was found changed before it began.
    private var reopenedNotice: String?

    /// Before a command: a map file changed since it was opened (re-imported in place, or cut
    /// short) is forgotten, so the command's first use opens it as it is now and no answer
    /// comes from a mix of the two files.
    func checkMapBeforeCommand() {
        guard let name = forgetChangedMap() else { return }
        lock.withLock { reopenedNotice = "The map file \(name) changed on disk since it was opened; it is opened again at its next use (the trip is kept)." }
    }

    /// The opened map's file name when that file was truncated or rewritten in place since it was
    /// opened (`MapFileWatch`); the services are then forgotten, so the next use opens it again.
    private func forgetChangedMap() -> String? {
        guard case .success(let services)? = lock.withLock({ opened }), let file = services.mapFile,
              file.health() != .intact else { return nil }
        reset()
        return file.name
    }

    /// After a command: what to say of the map file changing, once. Changed while the command
    /// ran, its answer may have come from both files (a read past a cut-off end finds zeros,
    /// `MapFaults.survive`), so it is said to be given again; found changed as the command began
    /// (`checkMapBeforeCommand`), the map is opened again.
    func takeMapChangeNotice() -> (text: String, answerMayBeWrong: Bool)? {
        if let name = forgetChangedMap() {
            lock.withLock { reopenedNotice = nil }
            return ("The map file \(name) changed on disk while the command ran, so its answer may be wrong; give it again (the trip is kept).", true)
        }
        return lock.withLock {
            defer { reopenedNotice = nil }
            return reopenedNotice.map { ($0, false) }
        }
    }

    /// Forgets the opened services (`use NAME` chose another map): the next use opens them again.
    /// An opening still on its way is stopped and its outcome dropped.
    func reset() {
        lock.withLock {
            generation += 1
            opened = nil
            attempt?.cancel()
        }
    }

    func services() async throws -> AppServices {
        if let settled = lock.withLock({ opened }) { return try settled.get() }
        let id = UUID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: Waiter) in
                let start: CancellationFlag? = lock.withLock {
                    if let opened {
                        waiter.resume(with: opened)
                        return nil
                    }
                    if Task.isCancelled {
                        waiter.resume(throwing: CancellationError())
                        return nil
                    }
                    waiters[id] = waiter
                    return startAttemptIfIdle()
                }
                if let start { run(start) }
            }
        } onCancel: {
            let leaving: Waiter? = lock.withLock {
                guard let waiter = waiters.removeValue(forKey: id) else { return nil }
                // Others still need the services: only this wait ends.
                guard waiters.isEmpty, let attempt else { return waiter }
                attempt.cancel()
                stopping[id] = waiter
                return nil
            }
            leaving?.resume(throwing: CancellationError())
        }
    }

    /// Under the lock: a new attempt when none is running.
    private func startAttemptIfIdle() -> CancellationFlag? {
        guard attempt == nil else { return nil }
        let flag = CancellationFlag()
        attempt = flag
        return flag
    }

    private func run(_ flag: CancellationFlag) {
        let started = lock.withLock { generation }
        queue.async { self.finish(Result { try self.open(flag) }, started: started) }
    }

    private func finish(_ result: Result<AppServices, Error>, started: Int) {
        var stoppedByCancel = false
        if case .failure(let error) = result, error is CancellationError { stoppedByCancel = true }
        let (told, waiting, again): ([Waiter], [Waiter], CancellationFlag?) = lock.withLock {
            attempt = nil
            defer { stopping = [:] }
            // Reset while opening: the waiters want the newly chosen map, so open that.
            if started != generation {
                return (Array(stopping.values), [], waiters.isEmpty ? nil : startAttemptIfIdle())
            }
            // A cancelled opening is not an outcome: the next use tries again.
            if !stoppedByCancel { opened = result }
            if stoppedByCancel && !waiters.isEmpty { return (Array(stopping.values), [], startAttemptIfIdle()) }
            defer { waiters = [:] }
            return (Array(stopping.values), Array(waiters.values), nil)
        }
        told.forEach { $0.resume(throwing: CancellationError()) }
        waiting.forEach { $0.resume(with: result) }
        if let again { run(again) }
    }

    func geocode(_ text: String) async throws -> [Placemark] {
        try await services().geocoder.geocode(text)
    }

    func geocode(_ text: String, near: Coordinate?) async throws -> [Placemark] {
        try await services().geocoder.geocode(text, near: near)
    }

    func reverseGeocode(_ coordinate: Coordinate) async throws -> Placemark? {
        try await services().geocoder.reverseGeocode(coordinate)
    }

    func calculate(_ request: DirectionsRequest) async throws -> [Route] {
        try await services().directions.calculate(request)
    }

    func straightOnRoutes(_ legs: [DirectionsRequest]) async throws -> StraightOnLegs? {
        try await services().directions.straightOnRoutes(legs)
    }

    func table(_ request: TravelTableRequest) async throws -> TravelTable {
        try await services().directions.table(request)
    }

    /// The area typed places must lie in, only from services already open: `type` never opens
    /// (or imports) a map; the route says later what lies outside it.
    var placeArea: MapArea? {
        guard case .success(let services)? = lock.withLock({ opened }) else { return nil }
        return services.placeArea
    }

    /// Roads only from services already open (a backdrop is drawn after routing, never first).
    func roads(in box: BoundingBox) -> [[Coordinate]] {
        guard case .success(let services)? = lock.withLock({ opened }) else { return [] }
        return services.backdrop?.roads(in: box) ?? []
    }
}
