import Synchronization

/// A yes/no "stop now" shared between the thread that decides (Ctrl-C) and the ones working.
public final class CancellationFlag: Sendable {
    private let cancelled = Atomic(false)

    public init() {}

    public func cancel() { cancelled.store(true, ordering: .sequentiallyConsistent) }
    public var isCancelled: Bool { cancelled.load(ordering: .sequentiallyConsistent) }
}
