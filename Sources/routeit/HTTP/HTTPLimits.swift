/// How much of a request the server reads before refusing it, and how long it waits: what keeps
/// a hostile client (a header that never ends, a 1 GB body, a 100,000-place URL, a slow drip)
/// from taking memory or a thread for long.
struct HTTPLimits: Sendable {
    /// The request line and headers together (414 when the URL alone is longer than `maxTargetBytes`).
    var maxHeaderBytes = 128 * 1024
    /// The request target (path and query).
    var maxTargetBytes = 96 * 1024
    var maxHeaderCount = 100
    /// No service takes a body; a small one (a form) is read and ignored, a larger one refused.
    var maxBodyBytes = 64 * 1024
    /// Seconds from a request's first byte to its last: a client that drips its headers is
    /// answered 408 and closed.
    var requestDeadline = 10.0
    /// Seconds an idle keep-alive connection is kept waiting for its next request.
    var idleTimeout = 5.0
}
