import Foundation
import RouteItCore
import Synchronization

/// Ctrl-C (and SIGTERM where asked) for a one-shot tool that stops cleanly instead of dying
/// mid-work: the signal cancels `flag`, which the work asks. A plain signal handler, set before
/// the work starts: a Dispatch signal source is armed a moment after it is set up, and a signal
/// in that moment was lost (it was, under load: following never stopped; a test's Ctrl-C to
/// `route --optimize` went unseen). With `secondQuits`, a second signal ends the tool at once (130).
enum StopSignals {
    static let flag = CancellationFlag()
    private static let received = Atomic(0)
    private static let secondQuits = Atomic(false)

    static func install(_ signals: [Int32] = [SIGINT, SIGTERM], secondQuits quits: Bool = false) -> CancellationFlag {
        secondQuits.store(quits, ordering: .sequentiallyConsistent)
        _ = flag.isCancelled   // made now: the handler must not be the first to touch it
        for number in signals {
            signal(number) { _ in
                // Async-signal-safe: lock-free atomics, and _exit.
                if StopSignals.received.add(1, ordering: .sequentiallyConsistent).newValue > 1,
                   StopSignals.secondQuits.load(ordering: .sequentiallyConsistent) { _exit(130) }
                StopSignals.flag.cancel()
            }
        }
        return flag
    }
}
