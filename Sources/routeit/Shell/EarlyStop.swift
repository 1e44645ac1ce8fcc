import Synchronization

/// Ctrl-C to a command whose search may stop early and keep what it found (`optimize`): while
/// the search runs, the first Ctrl-C asks it to stop (`isAsked`), and the command goes on to
/// show its result; before the search (opening or importing the map, the travel times) and
/// after it, Ctrl-C cancels the command as any Ctrl-C does. A new one for each command.
final class EarlyStop: Sendable {
    private static let idle = 0, searching = 1, asked = 2, over = 3
    private let state = Atomic(EarlyStop.idle)

    init() {}

    /// Said by the search as it asks whether to stop: from now on Ctrl-C asks it to.
    func searchIsRunning() {
        _ = state.compareExchange(expected: Self.idle, desired: Self.searching, ordering: .sequentiallyConsistent)
    }

    /// Said when the search is over: Ctrl-C cancels again.
    func searchIsOver() {
        _ = state.compareExchange(expected: Self.searching, desired: Self.over, ordering: .sequentiallyConsistent)
    }

    /// Ctrl-C: true when it asked the running search to stop (the command still answers);
    /// false when the command is to be cancelled instead.
    func ask() -> Bool {
        state.compareExchange(expected: Self.searching, desired: Self.asked, ordering: .sequentiallyConsistent).exchanged
    }

    /// Whether the search was asked to stop.
    var isAsked: Bool { state.load(ordering: .sequentiallyConsistent) == Self.asked }
}
