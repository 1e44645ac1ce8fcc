import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP answer: status and body. 4xx answers come back as values (the servers explain
/// themselves in the body); only transport failures and exhausted 5xx retries throw.
public struct HTTPResponse: Sendable {
    public var statusCode: Int
    public var body: Data
}

/// GET over URLSession with a per-request timeout, bounded retries with exponential backoff on
/// connection errors and 5xx, none on 4xx, and cancellation that aborts the request in flight.
public final class HTTPClient: @unchecked Sendable {
    public let configuration: RemoteConfiguration
    private let session: URLSession

    public init(configuration: RemoteConfiguration = RemoteConfiguration()) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = Self.wholeSeconds(configuration.timeout)
        sessionConfiguration.timeoutIntervalForResource = Self.wholeSeconds(configuration.timeout)
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: sessionConfiguration)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Tries up to `configuration.maxAttempts` times; sleeps `backoff * 2^(n-1)` between tries.
    public func get(_ url: URL, timeout: TimeInterval? = nil, maxAttempts: Int? = nil) async throws -> HTTPResponse {
        let attempts = max(1, maxAttempts ?? configuration.maxAttempts)
        var lastError: RemoteError = .unreachable(host: url.hostDescription, reason: "no attempt made")
        for attempt in 1...attempts {
            try Task.checkCancellation()
            do {
                let response = try await fetchOnce(url, timeout: timeout ?? configuration.timeout)
                guard response.statusCode >= 500 else { return response }
                lastError = .serverError(host: url.hostDescription, status: response.statusCode)
            } catch let error as RemoteError {
                lastError = error
            }
            if attempt < attempts {
                let delay = configuration.backoff * pow(2, Double(attempt - 1))
                try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            }
        }
        throw lastError
    }

    /// swift-corelibs-foundation truncates timeouts to whole seconds (0.5 would mean "expire at
    /// once"), so round up; and it traps converting a huge one (1e300 s), so at most a day.
    static func wholeSeconds(_ timeout: TimeInterval) -> TimeInterval {
        timeout.isNaN ? 1 : min(86_400, max(1, timeout.rounded(.up)))
    }

    /// One request; URLSession's callback API so Task cancellation can cancel the data task.
    private func fetchOnce(_ url: URL, timeout: TimeInterval) async throws -> HTTPResponse {
        let timeout = Self.wholeSeconds(timeout)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: RemoteError(transportError: error, url: url))
                    } else if let http = response as? HTTPURLResponse {
                        continuation.resume(returning: HTTPResponse(statusCode: http.statusCode, body: data ?? Data()))
                    } else {
                        continuation.resume(throwing: RemoteError.invalidResponse(host: url.hostDescription, reason: "not an HTTP answer"))
                    }
                }
                box.start(task)
            }
        } onCancel: {
            box.cancel()
        }
    }
}

/// Holds the data task so a cancellation that races its creation still cancels it.
private final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let alreadyCancelled = cancelled
        lock.unlock()
        task.resume()
        if alreadyCancelled { task.cancel() }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}

extension URL {
    /// "127.0.0.1:5000": how errors name a server.
    var hostDescription: String {
        guard let host else { return absoluteString }
        return port.map { "\(host):\($0)" } ?? host
    }
}
