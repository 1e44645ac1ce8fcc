import Foundation
import XCTest

/// Once `server` has the request, cancels `task` and checks that the request is aborted, not left
/// to run into its timeout: the server sees the client close the connection well before the
/// request's timeout (every caller's is 30 s or more; this allows half of the shortest), and the
/// task ends with `CancellationError`. No stopwatch: a loaded machine cannot make it fail, a
/// client that ignores the cancel and waits for its timeout still does.
func assertCancelsAtOnce<T: Sendable>(_ task: Task<T, Error>, server: LoopbackHTTPServer, requestTimeout: TimeInterval = 30,
                                      file: StaticString = #filePath, line: UInt = #line) async throws {
    let deadline = Date().addingTimeInterval(30)
    while server.requestCount == 0 {   // the request reached the server (polled, bounded)
        guard Date() < deadline else { task.cancel(); return XCTFail("the request never reached the server", file: file, line: line) }
        try await Task.sleep(nanoseconds: 5_000_000)
    }
    XCTAssertEqual(server.closedByClient, 0, "nothing closed before the cancel", file: file, line: line)
    task.cancel()
    let closed = await Task.detached { server.waitForClientClose(seconds: requestTimeout / 2) }.value
    XCTAssertTrue(closed, "the cancelled request's connection stayed open", file: file, line: line)
    do {
        _ = try await task.value
        XCTFail("expected cancellation", file: file, line: line)
    } catch {
        XCTAssertTrue(error is CancellationError, "\(error)", file: file, line: line)
    }
}
