import Foundation
import RouteItCore
import RouteItRemote

/// The services a one-shot tool uses: the same ones the shell builds from the same options and
/// `ROUTEIT_*` variables (OSRM/Nominatim when configured, else the embedded engine), with
/// server notices on stderr.
enum ToolServices {
    static func open(_ options: ShellOptions) throws -> AppServices {
        let notices = BackendNotices(onPost: { printError($0) })
        return try ServiceFactory.makeServices(options, notices: notices, monitors: nil, cancellation: CancellationFlag())
    }

    /// Runs async service calls to completion from the tools' plain synchronous code.
    static func wait<T>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }

    /// Runs async service calls to completion on this thread (`CallingThreadExecutor`): no
    /// thread is started for work that never waits on anything but itself. For a one-shot
    /// answer; `wait` for work that must go on while this thread blocks (`go`'s loop, serve).
    static func waitOnThisThread<T>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let executor = CallingThreadExecutor()
        Task.detached(executorPreference: executor) {
            do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
            executor.finish()
        }
        executor.runUntilFinished()
        return try box.result!.get()
    }

    /// Unchecked: written once by the task before `done` is signalled, read after the wait.
    private final class ResultBox<T>: @unchecked Sendable {
        var result: Result<T, Error>?
    }
}
