import Foundation

/// One HTTP answer: status and body. 4xx answers come back as values (the servers explain
/// themselves in the body); only transport failures and exhausted 5xx retries throw.
public struct HTTPResponse: Sendable {
    public var statusCode: Int
    public var body: Data
}

/// GET with a deadline for the whole exchange (connect to last byte), a cap on the answer's
/// size, bounded retries with exponential backoff on connection errors and 5xx, none on 4xx,
/// and cancellation that stops the request in flight at once (see `HTTPExchange`).
public final class HTTPClient: Sendable {
    public let configuration: RemoteConfiguration

    public init(configuration: RemoteConfiguration = RemoteConfiguration()) {
        self.configuration = configuration
    }

    /// Tries up to `configuration.maxAttempts` times, all within one timeout: a server that is
    /// not there (refused, reset) or failing (5xx) is tried again after `backoff * 2^(n-1)`;
    /// one that is slow, endless or talks nonsense is not (another try would only wait again).
    public func get(_ url: URL, timeout: TimeInterval? = nil, maxAttempts: Int? = nil) async throws -> HTTPResponse {
        let attempts = max(1, maxAttempts ?? configuration.maxAttempts)
        let deadline = Deadline(seconds: Self.bounded(timeout ?? configuration.timeout))
        var lastError: RemoteError = .unreachable(host: url.hostDescription, reason: "no attempt made")
        for attempt in 1...attempts {
            try Task.checkCancellation()
            let remaining = Double(deadline.remainingMilliseconds) / 1000
            guard remaining > 0 else { break }
            do {
                let response = try await fetchOnce(url, timeout: remaining)
                guard response.statusCode >= 500 else { return response }
                lastError = .serverError(host: url.hostDescription, status: response.statusCode)
            } catch RemoteError.cancelled {
                throw CancellationError()
            } catch let error as RemoteError {
                lastError = error
                guard case .unreachable = error else { throw error }
            }
            if attempt < attempts {
                let delay = min(Double(deadline.remainingMilliseconds) / 1000, configuration.backoff * pow(2, Double(attempt - 1)))
                try await Task.sleep(nanoseconds: UInt64(max(0, delay) * 1_000_000_000))
            }
        }
        throw lastError
    }

    /// Seconds a timeout may take: from 1 ms to a day, whatever was configured (1e300, NaN).
    static func bounded(_ timeout: TimeInterval) -> TimeInterval {
        timeout.isNaN ? 1 : min(86_400, max(0.001, timeout))
    }

    /// One exchange on a worker thread; Task cancellation stops it through its stop signal.
    private func fetchOnce(_ url: URL, timeout: TimeInterval) async throws -> HTTPResponse {
        let exchange = HTTPExchange(url: url, userAgent: configuration.userAgent, timeout: Self.bounded(timeout),
                                    maxBodyBytes: configuration.maxBodyBytes, stop: StopSignal())
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, Error>) in
                Thread.detachNewThread {
                    do { continuation.resume(returning: try exchange.run()) } catch { continuation.resume(throwing: error) }
                }
            }
        } onCancel: {
            exchange.stop.stop()
        }
    }
}

extension URL {
    /// "127.0.0.1:5000": how errors name a server.
    var hostDescription: String {
        guard let host else { return absoluteString }
        return port.map { "\(host):\($0)" } ?? host
    }
}
