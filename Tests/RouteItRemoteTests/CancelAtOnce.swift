import Foundation
import XCTest

/// Once `server` has the request, cancels `task` and checks that it ends with
/// `CancellationError` at once (well under the request's timeout).
func assertCancelsAtOnce<T: Sendable>(_ task: Task<T, Error>, server: LoopbackHTTPServer,
                                      file: StaticString = #filePath, line: UInt = #line) async throws {
    while server.requestCount == 0 { try await Task.sleep(nanoseconds: 10_000_000) }
    let cancelled = Date()
    task.cancel()
    do {
        _ = try await task.value
        XCTFail("expected cancellation", file: file, line: line)
    } catch {
        XCTAssertTrue(error is CancellationError, "\(error)", file: file, line: line)
    }
    XCTAssertLessThan(Date().timeIntervalSince(cancelled), 1.5, file: file, line: line)
}
