import Foundation
import Synchronization

/// One-line messages about backends ("! Routing server unreachable — using the offline map")
/// queued from any thread; the shell drains and prints them between commands.
public final class BackendNotices: Sendable {
    private let pending = Mutex<[String]>([])
    private let onPost: (@Sendable (String) -> Void)?

    /// `onPost` (optional) sees each message as it is posted, e.g. to print it at once.
    public init(onPost: (@Sendable (String) -> Void)? = nil) {
        self.onPost = onPost
    }

    public func post(_ message: String) {
        pending.withLock { $0.append(message) }
        onPost?(message)
    }

    /// Everything posted since the last drain, oldest first.
    public func drain() -> [String] {
        pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }
}
