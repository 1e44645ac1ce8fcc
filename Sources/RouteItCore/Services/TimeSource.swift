import Foundation

/// Monotonic seconds, injected so the trip timer can be tested without waiting.
/// (Named TimeSource because Swift's standard library already owns `Clock`.)
public protocol TimeSource: AnyObject {
    func now() -> TimeInterval
}

/// The real clock: seconds since boot, immune to wall-clock changes.
public final class SystemTimeSource: TimeSource {
    public init() {}
    public func now() -> TimeInterval { ProcessInfo.processInfo.systemUptime }
}
