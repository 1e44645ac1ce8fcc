import Foundation
import XCTest
@testable import routeit

/// A one-shot tool's answer runs on the thread that asks for it (no worker threads started for
/// a cold `routeit route`), through its awaits, while child tasks that ask for the global
/// executor still run elsewhere, and an error comes back as thrown.
final class CallingThreadExecutorTests: XCTestCase {
    private struct Refused: Error {}

    func testTheAnswerRunsOnTheCallingThreadThroughItsAwaits() throws {
        let caller = pthread_self()
        let (before, after, child) = try ToolServices.waitOnThisThread { () async -> (pthread_t, pthread_t, pthread_t) in
            let before = pthread_self()
            let child = await Task.detached(executorPreference: globalConcurrentExecutor) { pthread_self() }.value
            return (before, pthread_self(), child)
        }
        XCTAssertNotEqual(pthread_equal(before, caller), 0)
        XCTAssertNotEqual(pthread_equal(after, caller), 0)
        XCTAssertEqual(pthread_equal(child, caller), 0)
        XCTAssertThrowsError(try ToolServices.waitOnThisThread { () async throws -> Int in throw Refused() }) {
            XCTAssertTrue($0 is Refused)
        }
    }
}
