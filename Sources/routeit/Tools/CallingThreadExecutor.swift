import Foundation

/// Runs the jobs of a task on the thread that waits for it. A one-shot tool's answer is plain
/// synchronous work behind async service protocols: handed to Swift's global executor it cost
/// three new threads, two hand-offs between them and a multi-threaded exit, which on a busy
/// machine were a third of a cold `routeit route`'s wall time. Child tasks that should run in
/// parallel ask for the global executor themselves (`DirectionsViewModel.everyLegRoute`).
final class CallingThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var finished = false

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Ends `runUntilFinished` once the jobs enqueued so far have run.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs as they come, on this thread, until `finish`.
    func runUntilFinished() {
        while let job = nextJob() {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    private func nextJob() -> UnownedJob? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty && !finished { condition.wait() }
        return jobs.isEmpty ? nil : jobs.removeFirst()
    }
}
