import Foundation
import RouteItCore

/// Whether a configured server answers, and since when it does not. Used by the fallback
/// composites to decide who answers, and by the `backend` command to say so. A state change is
/// announced once through `notices`: down → "! Routing server unreachable — using the offline
/// map", back → "! Routing server reachable again — using http://…".
/// Unchecked: `lock` guards `_state`, `lastProbe` and `monitoring`; the rest is immutable.
public final class ReachabilityMonitor: @unchecked Sendable {
    public enum State: Equatable, Sendable {
        case unknown
        case reachable
        case unreachable(reason: String)
    }

    /// "Routing server", "Geocoding server".
    public let serverName: String
    public let baseURL: URL
    /// Where to send a probe; any HTTP answer below 500 means the server is there.
    public let probeURL: URL
    /// While down, the primary is tried again (after a probe) at most this often, in seconds.
    public let probeInterval: TimeInterval
    public let notices: BackendNotices

    private let client: HTTPClient
    private let clock: TimeSource
    private let lock = NSLock()
    private var _state: State = .unknown
    private var lastProbe: TimeInterval = -.infinity
    private var monitoring: Task<Void, Never>?

    public init(serverName: String, baseURL: URL, probePath: String, notices: BackendNotices,
                probeInterval: TimeInterval = 5, probeTimeout: TimeInterval = 1,
                clock: TimeSource = SystemTimeSource()) {
        self.serverName = serverName
        self.baseURL = baseURL
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        probeURL = URL(string: base + probePath) ?? baseURL
        self.notices = notices
        self.probeInterval = probeInterval
        self.clock = clock
        client = HTTPClient(configuration: RemoteConfiguration(timeout: probeTimeout, maxAttempts: 1))
    }

    deinit { monitoring?.cancel() }

    public var state: State {
        lock.lock(); defer { lock.unlock() }
        return _state
    }

    public var isUnreachable: Bool {
        if case .unreachable = state { return true }
        return false
    }

    /// The server answered a real request.
    public func markReachable() { transition(to: .reachable) }

    /// A real request failed at the connection level or with 5xx.
    public func markUnreachable(_ error: RemoteError) {
        noteProbeTime()
        transition(to: .unreachable(reason: error.reason))
    }

    /// Ask the server directly; updates the state and returns whether it answered.
    @discardableResult
    public func probe() async -> Bool {
        noteProbeTime()
        do {
            _ = try await client.get(probeURL)
            transition(to: .reachable)
            return true
        } catch let error as RemoteError {
            if error == .cancelled { return !isUnreachable }
            transition(to: .unreachable(reason: error.reason))
            return false
        } catch {
            return !isUnreachable
        }
    }

    /// Whether the next request should go to the server: yes unless it is known to be down and
    /// was probed less than `probeInterval` ago; a due probe decides.
    public func shouldTryServer() async -> Bool {
        guard isUnreachable else { return true }
        return isProbeDue ? await probe() : false
    }

    private var isProbeDue: Bool {
        lock.withLock { clock.now() - lastProbe >= probeInterval }
    }

    private func noteProbeTime() {
        lock.withLock { lastProbe = clock.now() }
    }

    /// Probe in the background, now and then every `interval` seconds (0.1 s to a day), so a
    /// state change is noticed (and announced) between commands, not only when the next request
    /// is made.
    public func startMonitoring(every interval: TimeInterval) {
        let pause = Self.pauseNanoseconds(every: interval)
        lock.lock(); defer { lock.unlock() }
        monitoring?.cancel()
        monitoring = Task { [weak self] in
            while !Task.isCancelled {
                // Held only while probing, so a monitor nobody uses can still go away.
                do {
                    guard let self else { return }
                    await self.probe()
                }
                try? await Task.sleep(nanoseconds: pause)
            }
        }
    }

    /// The pause between probes for any `interval`: 0.1 s to a day (never an overflow, never NaN).
    static func pauseNanoseconds(every interval: TimeInterval) -> UInt64 {
        UInt64(min(max(0.1, interval.isNaN ? 0.1 : interval), 86_400) * 1_000_000_000)
    }

    public func stopMonitoring() {
        lock.lock(); defer { lock.unlock() }
        monitoring?.cancel()
        monitoring = nil
    }

    /// "reachable", "unreachable — connection refused", "not checked yet".
    public var stateDescription: String {
        switch state {
        case .unknown: return "not checked yet"
        case .reachable: return "reachable"
        case let .unreachable(reason): return "unreachable — \(reason)"
        }
    }

    private func transition(to newState: State) {
        lock.lock()
        let old = _state
        _state = newState
        lock.unlock()
        switch (old, newState) {
        case (.unreachable, .reachable):
            notices.post("! \(serverName) reachable again — using \(baseURL.absoluteString)")
        case (.unknown, .unreachable), (.reachable, .unreachable):
            notices.post("! \(serverName) unreachable — using the offline map")
        default:
            break
        }
    }
}
