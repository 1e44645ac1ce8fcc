import Foundation
import RouteItCore

/// Routes from a server while it answers and from the embedded engine while it does not.
/// The server's own answers (including "no route") stand; only an unreachable server or 5xx
/// hands the request to the fallback.
public struct FallbackDirections: Directions {
    public let primary: Directions
    public let fallback: Directions?
    public let monitor: ReachabilityMonitor

    public init(primary: Directions, fallback: Directions?, monitor: ReachabilityMonitor) {
        self.primary = primary
        self.fallback = fallback
        self.monitor = monitor
    }

    public func calculate(_ request: DirectionsRequest) async throws -> [Route] {
        if await monitor.shouldTryServer() {
            do {
                let routes = try await primary.calculate(request)
                monitor.markReachable()
                return routes
            } catch let error as RemoteError where error.isServerDown {
                monitor.markUnreachable(error)
            } catch let error as DirectionsError {
                monitor.markReachable()
                throw error
            }
        }
        try Task.checkCancellation()
        guard let fallback else {
            throw DirectionsError.unavailable("\(monitor.serverName) unreachable and no offline map is loaded.")
        }
        return try await fallback.calculate(request)
    }
}
