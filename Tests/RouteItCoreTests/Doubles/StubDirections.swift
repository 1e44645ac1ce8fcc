import Foundation
import RouteItCore

/// Routes from a table keyed by (source name, destination name); a missing pair has no route.
/// A leg may be held until the stub has been asked `n` requests (which only concurrent callers
/// reach), or delayed (a cancellable wait: a long one is a backend that answers nothing until
/// the request is cancelled).
final class StubDirections: Directions, @unchecked Sendable {
    struct Key: Hashable { var from: String; var to: String }
    private let lock = NSLock()
    var routes: [Key: [Route]] = [:]
    var delays: [Key: UInt64] = [:]
    var holds: [Key: Int] = [:]
    var error: Error?
    private var _requests: [DirectionsRequest] = []
    private var running = 0
    private var _cancelled = 0
    private(set) var maxConcurrent = 0

    var requests: [DirectionsRequest] { lock.withLock { _requests } }
    /// Delayed requests whose wait ended by cancellation (the caller's cancel reached the stub).
    var cancelled: Int { lock.withLock { _cancelled } }

    /// Waits (polling, up to 30 s) until the stub has `count` requests; false when it has not.
    func waitForRequests(_ count: Int = 1) async -> Bool {
        await waitUntil { $0.count >= count }
    }

    /// Waits (polling, up to 30 s) until `condition(requests)` holds; false when it does not.
    func waitUntil(_ condition: ([DirectionsRequest]) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while !condition(requests) {
            guard Date() < deadline else { return false }
            try? await Task.sleep(nanoseconds: 2_000_000)
        }
        return true
    }

    func set(_ from: String, _ to: String, _ routes: [Route], delayMilliseconds: UInt64 = 0, heldUntilRequests: Int = 0) {
        self.routes[Key(from: from, to: to)] = routes
        delays[Key(from: from, to: to)] = delayMilliseconds
        holds[Key(from: from, to: to)] = heldUntilRequests
    }

    func table(_ request: TravelTableRequest) async throws -> TravelTable { try await OneToOneTable.table(request, using: self) }
    func calculate(_ request: DirectionsRequest) async throws -> [Route] {
        let key = Key(from: request.source.name ?? "", to: request.destination.name ?? "")
        lock.withLock {
            _requests.append(request)
            running += 1
            maxConcurrent = max(maxConcurrent, running)
        }
        defer { lock.withLock { running -= 1 } }
        if let held = holds[key], held > 0 { _ = await waitForRequests(held) }
        if let delay = delays[key], delay > 0 {
            do { try await Task.sleep(nanoseconds: delay * 1_000_000) } catch {
                lock.withLock { _cancelled += 1 }
                throw error
            }
        }
        if let error { throw error }
        guard let found = routes[key] else { throw DirectionsError.noRoute }
        return found
    }
}

/// A route of `minutes` minutes and `metres` metres with one step per instruction.
func makeRoute(minutes: Double, metres: Double, instructions: [String] = ["Drive"], name: String = "") -> Route {
    let steps = instructions.map {
        RouteStep(instruction: $0, distance: metres / Double(instructions.count),
                  expectedTravelTime: minutes * 60 / Double(instructions.count))
    }
    return Route(name: name, distance: metres, expectedTravelTime: minutes * 60, transportType: .car,
                 polyline: [], steps: steps)
}

/// A place named `name` (the stub router keys on names).
func place(_ name: String, street: String? = nil, number: String? = nil, lat: Double = 60.17, lon: Double = 24.94) -> Placemark {
    Placemark(name: name, houseNumber: number, street: street, postalCode: "00100", city: "Helsinki",
              coordinate: Coordinate(latitude: lat, longitude: lon))
}
