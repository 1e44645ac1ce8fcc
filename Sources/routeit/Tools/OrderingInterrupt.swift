import Foundation
import Synchronization

/// Ctrl-C for `route --optimize` (a planner that searches for a while must be cancellable and
/// keep its best plan, as the shell's `optimize` is): the first stops the search for an order,
/// and the trip is routed in the best order found so far (the first one, if the search had not
/// begun), said with "Stopped early"; a second ends the tool at once (exit 130), as Ctrl-C does
/// anywhere else. A plain signal handler, not a Dispatch source: one is armed a moment after it
/// is set up, and a Ctrl-C in that moment was lost.
enum OrderingInterrupt {
    private static let presses = Atomic(0)

    static func install() {
        _ = presses.load(ordering: .relaxed)   // made before the handler can touch it
        signal(SIGINT) { _ in
            // Async-signal-safe: a lock-free add, and _exit.
            if OrderingInterrupt.presses.add(1, ordering: .relaxed).newValue > 1 { _exit(130) }
        }
    }

    /// Whether the search should stop (asked by the planner from any thread).
    static let isStopAsked: @Sendable () -> Bool = { presses.load(ordering: .relaxed) > 0 }
}
