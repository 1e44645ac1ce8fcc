import RouteItCore
import RouteItRemote
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

    /// An opening that works (like an import, checking its flag at each step) until it is told
    /// to stop, or until the test lets it finish.
    private final class SlowOpening: @unchecked Sendable {
        private let condition = NSCondition()
        private var _attempts = 0, _stopped = 0, _finishes = false
        var attempts: Int { condition.withLock { _attempts } }
        var stopped: Int { condition.withLock { _stopped } }

        /// Lets every opening, running or to come, finish.
        func letFinish() {
            condition.withLock { _finishes = true; condition.broadcast() }
        }

        func open(_ cancellation: CancellationFlag) throws -> AppServices {
            condition.lock()
            defer { condition.unlock() }
            _attempts += 1
            let giveUp = Date().addingTimeInterval(30)
            while !_finishes {
                if cancellation.isCancelled {
                    _stopped += 1
                    throw CancellationError()
                }
                guard Date() < giveUp else { break }
                // Woken by `letFinish`; the flag has no signal of its own, so it is looked at
                // every 10 ms, as an import looks at it at each progress step.
                _ = condition.wait(until: Date().addingTimeInterval(0.01))
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

        opening.letFinish()
        let found = try await services.geocode("Kaivokatu 1")
        XCTAssertEqual(found, [])
        XCTAssertEqual(opening.attempts, 2, "opened again")
        XCTAssertTrue(services.isSettled)
    }

    func testAnotherWaiterKeepsTheOpeningGoing() async throws {
        let opening = SlowOpening()
        let services = LazyServices(open: opening.open)
        let kept = Task { try await services.geocode("b") }
        try await waitUntil { opening.attempts == 1 }
        let cancelled = Task { try await services.geocode("a") }
        try await waitUntil { services.waiterCount == 2 }
        cancelled.cancel()
        let result = await cancelled.result
        XCTAssertThrowsError(try result.get())
        XCTAssertEqual(services.waiterCount, 1, "the other command still waits")
        opening.letFinish()
        let found = try await kept.value
        XCTAssertEqual(found, [])
        XCTAssertEqual(opening.attempts, 1)
        XCTAssertEqual(opening.stopped, 0)
    }

    /// The user's position reaches the geocoder behind the wrapper (a protocol default that
    /// dropped `near` once ranked "cafe" in the shell from nowhere).
    func testTheUsersPositionReachesTheGeocoder() async throws {
        final class Recording: Geocoding, @unchecked Sendable {
            private let lock = NSLock()
            private var _near: [Coordinate?] = []
            var near: [Coordinate?] { lock.withLock { _near } }
            func geocode(_ text: String) async throws -> [Placemark] { try await geocode(text, near: nil) }
            func geocode(_ text: String, near: Coordinate?) async throws -> [Placemark] { lock.withLock { _near.append(near) }; return [] }
            func reverseGeocode(_ coordinate: Coordinate) async throws -> Placemark? { nil }
        }
        let recording = Recording()
        let services = LazyServices { _ in AppServices(geocoder: recording, directions: Nowhere(), backdrop: nil) }
        let here = Coordinate(latitude: 60.168, longitude: 24.941)
        _ = try await services.geocode("cafe", near: here)
        XCTAssertEqual(recording.near, [here])
    }

    /// A typed place is held to the embedded map's area while that map routes, a geocoding
    /// server or not; a routing server's map may reach further, so then to none.
    func testTypedPlacesAreHeldToTheMapThatRoutes() throws {
        let area = MapArea(name: "Helsinki", bounds: BoundingBox(minLatitude: 60.16, minLongitude: 24.93, maxLatitude: 60.18, maxLongitude: 24.96))
        let server = try XCTUnwrap(URL(string: "http://127.0.0.1:9"))
        func services(osrm: URL?, nominatim: URL?) throws -> AppServices {
            let remote = try RemoteBackends(offlineDirections: Nowhere(), offlineGeocoder: Nowhere(), osrmURL: osrm, nominatimURL: nominatim)
            return AppServices(geocoder: remote.geocoder, directions: remote.directions, backdrop: nil, remote: remote, area: area)
        }
        XCTAssertEqual(AppServices(geocoder: Nowhere(), directions: Nowhere(), backdrop: nil, area: area).placeArea, area)
        XCTAssertEqual(try services(osrm: nil, nominatim: server).placeArea, area)
        XCTAssertNil(try services(osrm: server, nominatim: nil).placeArea)
        XCTAssertNil(try services(osrm: server, nominatim: server).placeArea)
    }

    /// Polls `condition` (a state the code under test reaches on its own), failing after 10 s.
    private func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else { return XCTFail("condition not met within 10 s") }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}
