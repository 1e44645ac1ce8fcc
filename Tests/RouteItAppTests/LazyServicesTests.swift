import RouteItCore
import XCTest
@testable import routeit

/// The services open at first use; Ctrl-C on the only command waiting stops the opening (a map
/// import) instead of leaving it running, and the next use opens them again.
final class LazyServicesTests: XCTestCase {
    private struct Nowhere: Geocoding, Directions {
        func geocode(_ text: String) async throws -> [Placemark] { [] }
        func geocode(_ text: String, near: Coordinate?) async throws -> [Placemark] { [] }
        func reverseGeocode(_ coordinate: Coordinate) async throws -> Placemark? { nil }
        func table(_ request: TravelTableRequest) async throws -> TravelTable { try await OneToOneTable.table(request, using: self) }
        func calculate(_ request: DirectionsRequest) async throws -> [Route] { [] }
    }

    /// An opening that works until told to stop (like an import), or finishes when `finishes`.
    private final class SlowOpening: @unchecked Sendable {
        private let lock = NSLock()
        private var _attempts = 0, _stopped = 0
        var finishes = false
        var attempts: Int { lock.withLock { _attempts } }
        var stopped: Int { lock.withLock { _stopped } }

        func open(_ cancellation: CancellationFlag) throws -> AppServices {
            let finishes = lock.withLock { _attempts += 1; return self.finishes }
            let deadline = Date().addingTimeInterval(finishes ? 0.3 : 30)
            while Date() < deadline {
                if cancellation.isCancelled {
                    lock.withLock { _stopped += 1 }
                    throw CancellationError()
                }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return AppServices(geocoder: Nowhere(), directions: Nowhere(), backdrop: nil)
        }
    }

    func testCancellingTheOnlyWaiterStopsTheOpeningAndTheNextUseOpensAgain() async throws {
        let opening = SlowOpening()
        let services = LazyServices(open: opening.open)
        let waiting = Task { try await services.geocode("Kaivokatu 1") }
        try await waitUntil { opening.attempts == 1 }
        waiting.cancel()
        do {
            _ = try await waiting.value
            XCTFail("a cancelled wait returns nothing")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        // The waiter hears of it only once the opening has stopped.
        XCTAssertEqual(opening.stopped, 1)
        XCTAssertFalse(services.isSettled, "a cancelled opening is no outcome")

        opening.finishes = true
        let found = try await services.geocode("Kaivokatu 1")
        XCTAssertEqual(found, [])
        XCTAssertEqual(opening.attempts, 2, "opened again")
        XCTAssertTrue(services.isSettled)
    }

    func testAnotherWaiterKeepsTheOpeningGoing() async throws {
        let opening = SlowOpening()
        opening.finishes = true
        let services = LazyServices(open: opening.open)
        let kept = Task { try await services.geocode("b") }
        try await waitUntil { opening.attempts == 1 }
        let cancelled = Task { try await services.geocode("a") }
        try await Task.sleep(nanoseconds: 50_000_000)
        cancelled.cancel()
        let result = await cancelled.result
        XCTAssertThrowsError(try result.get())
        let found = try await kept.value
        XCTAssertEqual(found, [])
        XCTAssertEqual(opening.attempts, 1)
        XCTAssertEqual(opening.stopped, 0)
    }

    private func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else { return XCTFail("condition not met within 10 s") }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}
