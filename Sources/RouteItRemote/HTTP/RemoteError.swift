import Foundation

/// Why a server did not answer usefully. `isServerDown` separates "the server is not there"
/// (fall back to the offline map) from "the server answered no" (tell the user).
public enum RemoteError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreachable(host: String, reason: String)
    case timedOut(host: String)
    case serverError(host: String, status: Int)
    case invalidResponse(host: String, reason: String)
    /// A well-formed answer with a value no real answer has: `server` ("OSRM server") sent
    /// `problem` ("a route with an impossible duration").
    case implausibleAnswer(server: String, problem: String)
    case cancelled

    /// Connection-level failures and 5xx: the server is not usable right now.
    public var isServerDown: Bool {
        switch self {
        case .unreachable, .timedOut, .serverError: return true
        case .invalidResponse, .implausibleAnswer, .cancelled: return false
        }
    }

    /// The cause alone, for status lines: "connection refused", "timed out", "HTTP 503".
    public var reason: String {
        switch self {
        case let .unreachable(_, reason): return reason
        case .timedOut: return "timed out"
        case let .serverError(_, status): return "HTTP \(status)"
        case let .invalidResponse(_, reason): return "unreadable answer: \(reason)"
        case let .implausibleAnswer(_, problem): return "sent \(problem)"
        case .cancelled: return "cancelled"
        }
    }

    public var description: String {
        switch self {
        case let .unreachable(host, reason): return "Server \(host) unreachable (\(reason))."
        case let .timedOut(host): return "Server \(host) did not answer in time."
        case let .serverError(host, status): return "Server \(host) failed (HTTP \(status))."
        case let .invalidResponse(host, reason): return "Server \(host) sent an unreadable answer (\(reason))."
        case let .implausibleAnswer(server, problem): return "The \(server) sent \(problem); try again or use the offline map."
        case .cancelled: return "Cancelled."
        }
    }
}
