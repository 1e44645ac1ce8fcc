import Foundation

/// A stopwatch for the trip: `start`, `pause`, `continue`, `reset`. Elapsed time is the sum of the
/// running spans, read from an injected time source so tests control time.
public final class TripTimerViewModel {
    public enum State: String, Equatable, Sendable {
        case stopped, running, paused
    }

    private let timeSource: TimeSource
    public private(set) var state: State = .stopped
    /// Time banked from finished running spans.
    private var accumulated: TimeInterval = 0
    /// When the current running span began.
    private var spanStart: TimeInterval = 0

    public init(timeSource: TimeSource) {
        self.timeSource = timeSource
    }

    public var elapsed: TimeInterval {
        state == .running ? accumulated + max(0, timeSource.now() - spanStart) : accumulated
    }

    /// `HH:MM:SS`.
    public var text: String { StopwatchFormatter.string(from: elapsed) }

    public func start() throws {
        guard state == .stopped else {
            throw InputError(state == .running ? "The timer is already running."
                                               : "The timer is paused; use timer continue (or timer reset).")
        }
        accumulated = 0
        spanStart = timeSource.now()
        state = .running
    }

    public func pause() throws {
        guard state == .running else { throw InputError("The timer is not running.") }
        accumulated += max(0, timeSource.now() - spanStart)
        state = .paused
    }

    /// `continue`: a new running span after a pause.
    public func resume() throws {
        guard state == .paused else { throw InputError("The timer is not paused.") }
        spanStart = timeSource.now()
        state = .running
    }

    public func reset() {
        accumulated = 0
        state = .stopped
    }
}
