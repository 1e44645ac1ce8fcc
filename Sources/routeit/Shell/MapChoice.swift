import Synchronization

/// The map the session uses: `--map` at start, then whatever `use NAME` chose. Read by the
/// services' opening on its own thread, hence the mutex.
final class MapChoice: Sendable {
    private let path: Mutex<String?>

    init(_ path: String?) { self.path = Mutex(path) }

    /// A map name or path as `--map` takes it; nil: the default map.
    var current: String? {
        get { path.withLock { $0 } }
        set { path.withLock { $0 = newValue } }
    }
}
