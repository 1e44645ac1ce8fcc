import Synchronization

/// A yes/no "stop now" shared between the thread that decides (Ctrl-C) and the one working.
final class CancellationFlag: Sendable {
    private let cancelled = Atomic(false)

    func cancel() { cancelled.store(true, ordering: .sequentiallyConsistent) }
    var isCancelled: Bool { cancelled.load(ordering: .sequentiallyConsistent) }
}
