import Foundation
import RouteItEngine
import Synchronization

/// Runs one command line to completion for the (blocking) shell loop, with a spinner on a
/// terminal and Ctrl-C cancelling the command's Task. If a cancelled computation does not stop
/// within a grace period the shell stops waiting for it (its result is discarded: the flow
/// controller never applies a cancelled result), so the session never hangs. A command whose
/// search stops early (`ShellCommand.stopsEarlyOnInterrupt`) is asked to stop by the first
/// Ctrl-C while it searches (`Session.earlyStop`), and still answers; the next cancels it.
final class CommandRunner {
    static let graceAfterInterrupt: DispatchTimeInterval = .seconds(2)

    private let lock = NSLock()
    /// Its own queue: the global queues may all be busy with the very work being abandoned.
    private let graceQueue = DispatchQueue(label: "routeit.interrupt-grace")
    private var current: (task: Task<Void, Never>, done: DispatchSemaphore, earlyStop: EarlyStop?)?
    private var signalSource: DispatchSourceSignal?
    private var interrupted = false
    /// What Ctrl-C does when no command is running (e.g. exit when replaying a file).
    var onIdleInterrupt: () -> Void = {}

    init() {
        // A map file cut short under the shell faults on a read past its new end: the read finds
        // zeros instead of ending the session and its trip, and the command's end says the map
        // changed (`LazyServices.takeMapChangeNotice`).
        MapFaults.survive()
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "routeit.sigint"))
        source.setEventHandler { [weak self] in self?.interrupt() }
        source.resume()
        signalSource = source
    }

    /// True when the last `run` was interrupted by Ctrl-C.
    var lastRunWasInterrupted: Bool { lock.withLock { interrupted } }

    func interrupt() {
        let running: (task: Task<Void, Never>, done: DispatchSemaphore, earlyStop: EarlyStop?)? = lock.withLock {
            if current != nil { interrupted = true }
            return current
        }
        guard let running else { return onIdleInterrupt() }
        // The first Ctrl-C while a search runs stops the search: the command still answers.
        if running.earlyStop?.ask() == true { return }
        running.task.cancel()
        graceQueue.asyncAfter(deadline: .now() + Self.graceAfterInterrupt) { running.done.signal() }
    }

    func run(_ line: String, in session: Session) -> Session.Output {
        session.services.checkMapBeforeCommand()
        let result = OutputBox()
        let done = DispatchSemaphore(value: 0)
        // Not while the map may still be opened: a first-use import draws its own progress bar.
        let spinner = session.services.isSettled ? session.command(for: line)?.progressMessage.flatMap { Spinner(message: $0) } : nil
        lock.withLock { interrupted = false }
        let earlyStop = session.command(for: line)?.stopsEarlyOnInterrupt == true ? EarlyStop() : nil
        session.earlyStop = earlyStop ?? EarlyStop()
        // Handed to the task: this thread waits for it (or gives up after the grace period).
        nonisolated(unsafe) let session = session
        let task = Task.detached {
            let output = await session.execute(line)
            result.set(output)
            done.signal()
        }
        lock.withLock { current = (task, done, earlyStop) }
        done.wait()
        lock.withLock { current = nil }
        spinner?.stop()
        var output = result.get() ?? Session.Output(text: "Cancelled.", failed: true)
        if let notice = session.services.takeMapChangeNotice() {
            output.text += (output.text.isEmpty ? "" : "\n") + "! " + notice.text
            output.failed = output.failed || notice.answerMayBeWrong
        }
        return output
    }
}

/// The command's output, handed from its Task to the waiting shell thread.
private final class OutputBox: Sendable {
    private let output = Mutex<Session.Output?>(nil)
    func set(_ value: Session.Output) { output.withLock { $0 = value } }
    func get() -> Session.Output? { output.withLock { $0 } }
}
