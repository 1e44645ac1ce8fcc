import Foundation

/// Work run on a thread of its own from the start, its result (or error) taken later with
/// `wait`, on the thread that started it. The import uses it to let a layer compute while
/// another writes (a machine has two cores or more; the import is otherwise one thread).
/// Unchecked: `condition` guards `outcome`, the only state both threads touch.
final class BackgroundWork<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var outcome: Result<Value, Error>?

    init(name: String, _ work: @escaping () throws -> Value) {
        // Handed over: from here on only the new thread calls it.
        nonisolated(unsafe) let work = work
        let thread = Thread { [self] in
            let result = Result(catching: work)
            condition.lock()
            outcome = result
            condition.broadcast()
            condition.unlock()
        }
        thread.name = name
        thread.start()
    }

    /// Blocks until the work is done; its value, or rethrows its error.
    func wait() throws -> Value {
        condition.lock()
        while outcome == nil { condition.wait() }
        let result = outcome!
        condition.unlock()
        return try result.get()
    }
}
