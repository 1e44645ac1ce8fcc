import Foundation

/// One-line messages about backends ("! Routing server unreachable — using the offline map")
/// queued from any thread; the shell drains and prints them between commands.
public final class BackendNotices: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [String] = []
    private let onPost: (@Sendable (String) -> Void)?

    /// `onPost` (optional) sees each message as it is posted, e.g. to print it at once.
    public init(onPost: (@Sendable (String) -> Void)? = nil) {
        self.onPost = onPost
    }

    public func post(_ message: String) {
        lock.lock()
        pending.append(message)
        lock.unlock()
        onPost?(message)
    }

    /// Everything posted since the last drain, oldest first.
    public func drain() -> [String] {
        lock.lock()
        defer { pending.removeAll(); lock.unlock() }
        return pending
    }
}
