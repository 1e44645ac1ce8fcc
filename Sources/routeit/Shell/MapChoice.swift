import Foundation

/// The map the session uses: `--map` at start, then whatever `use NAME` chose. Read by the
/// services' opening on its own thread, hence the lock.
final class MapChoice: @unchecked Sendable {
    private let lock = NSLock()
    private var path: String?

    init(_ path: String?) { self.path = path }

    /// A map name or path as `--map` takes it; nil: the default map.
    var current: String? {
        get { lock.withLock { path } }
        set { lock.withLock { path = newValue } }
    }
}
