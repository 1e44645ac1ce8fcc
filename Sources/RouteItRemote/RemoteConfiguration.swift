import Foundation

/// Timeouts and retry policy shared by the OSRM and Nominatim clients.
public struct RemoteConfiguration: Sendable {
    /// Seconds one request may take, connect to last byte, before it counts as a failure.
    public var timeout: TimeInterval
    /// Tries per request (first try included) on connection errors and 5xx.
    public var maxAttempts: Int
    /// Seconds before the first retry; doubles each time.
    public var backoff: TimeInterval
    public var userAgent: String
    /// The largest answer read; a server that sends more is cut off with an error.
    public var maxBodyBytes: Int

    public init(timeout: TimeInterval = 5, maxAttempts: Int = 3, backoff: TimeInterval = 0.2,
                userAgent: String = "RouteIt/1.0 (offline route planner)", maxBodyBytes: Int = 32 << 20) {
        self.maxBodyBytes = maxBodyBytes
        self.timeout = timeout
        self.maxAttempts = maxAttempts
        self.backoff = backoff
        self.userAgent = userAgent
    }
}
