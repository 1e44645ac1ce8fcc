import Foundation
import Synchronization
import RouteItCore

/// Routes from a server while it answers and from the embedded engine while it does not.
/// The server's own answers (including "no route") stand; only an unreachable server or 5xx
/// hands the request to the fallback.
public struct FallbackDirections: Directions {
    public let primary: Directions
    public let fallback: Directions?
    public let monitor: ReachabilityMonitor
    private let mismatches = SaidOnce()

    public init(primary: Directions, fallback: Directions?, monitor: ReachabilityMonitor) {
        self.primary = primary
        self.fallback = fallback
        self.monitor = monitor
    }

    public func calculate(_ request: DirectionsRequest) async throws -> [Route] {
        try await answer { try await $0.calculate(request) }
    }

    /// The server's straight-on legs while it answers (none: OSRM's are asked a leg at a time),
    /// the embedded engine's while it does not.
    public func straightOnRoutes(_ legs: [DirectionsRequest]) async throws -> StraightOnLegs? {
        try await answer { try await $0.straightOnRoutes(legs) }
    }

    /// The server's table while it answers, the embedded engine's while it does not.
    public func table(_ request: TravelTableRequest) async throws -> TravelTable {
        try await answer { try await $0.table(request) }
    }

    /// `ask` of the server while it answers, of the fallback while it does not.
    private func answer<Answer>(_ ask: (Directions) async throws -> Answer) async throws -> Answer {
        if await monitor.shouldTryServer() {
            do {
                let answer = try await ask(primary)
                monitor.markReachable()
                return answer
            } catch let error as RemoteError where error.isServerDown {
                monitor.markUnreachable(error)
            } catch let error as DirectionsError {
                monitor.markReachable()
                throw error
            } catch let mismatch as OSRMProfileMismatch {
                // A walk is not a car trip: the server's answer is not used, and this is said once.
                monitor.markReachable()
                guard let fallback else { throw DirectionsError.unavailable(mismatch.description + ".") }
                if mismatches.firstTime(mismatch.asked) {
                    monitor.notices.post("! \(mismatch.description) — using the offline map for \(mismatch.asked.routesWord) routes")
                }
                return try await ask(fallback)
            }
        }
        try Task.checkCancellation()
        guard let fallback else {
            throw DirectionsError.unavailable("\(monitor.serverName) unreachable and no offline map is loaded.")
        }
        return try await ask(fallback)
    }
}

/// Which ways to travel a profile mismatch was already reported for.
private final class SaidOnce: Sendable {
    private let said = Mutex<Set<TransportType>>([])

    /// True the first time for `type`.
    func firstTime(_ type: TransportType) -> Bool {
        said.withLock { $0.insert(type).inserted }
    }
}
