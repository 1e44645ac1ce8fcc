import Foundation
import XCTest
@testable import RouteItRemote

/// The whole exchange is bounded: by the deadline (a server that drips), by the size cap (a
/// server that floods), and by cancellation; answers framed every usual way are read right.
final class HTTPExchangeTests: XCTestCase {
    private func client(timeout: TimeInterval, maxBody: Int = 1 << 20) -> HTTPClient {
        HTTPClient(configuration: RemoteConfiguration(timeout: timeout, maxAttempts: 1, backoff: 0, maxBodyBytes: maxBody))
    }

    func testADrippingServerTimesOutAtTheDeadlineForTheWholeAnswer() async throws {
        // A byte every 0.05 s for 10 s (200 bytes of 100,000), then silence. A deadline for the
        // whole answer (0.6 s) gives up during the drip; a timeout that each byte restarted would
        // only fire in the silence after it, with every byte read.
        let server = try LoopbackHTTPServer(replies: [.drip(head: "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n",
                                                             every: 0.05, limit: 200)])
        defer { server.stop() }
        do {
            _ = try await client(timeout: 0.6).get(server.baseURL.appendingPathComponent("x"))
            XCTFail("expected a time-out")
        } catch let error as RemoteError {
            XCTAssertEqual(error, .timedOut(host: "127.0.0.1:\(server.port)"))
        }
        XCTAssertGreaterThan(server.bytesDripped, 0, "the answer was coming when the deadline passed")
        XCTAssertLessThan(server.bytesDripped, 200, "bytes that keep coming must not extend the deadline")
    }

    func testAFloodingServerIsCutOffAtTheCap() async throws {
        let server = try LoopbackHTTPServer(replies: [.flood(head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n")])
        defer { server.stop() }
        do {
            _ = try await client(timeout: 30, maxBody: 2 << 20).get(server.baseURL)
            XCTFail("expected the cap")
        } catch let error as RemoteError {
            XCTAssertEqual(error, .invalidResponse(host: "127.0.0.1:\(server.port)", reason: "the answer is larger than 2 MB"))
        }
    }

    func testAContentLengthOverTheCapIsRefusedBeforeReading() async throws {
        let server = try LoopbackHTTPServer(replies: [.raw(Array("HTTP/1.1 200 OK\r\nContent-Length: 99999999999\r\n\r\nabc".utf8))])
        defer { server.stop() }
        do {
            _ = try await client(timeout: 5).get(server.baseURL)
            XCTFail("expected the cap")
        } catch let error as RemoteError {
            XCTAssertEqual(error.reason, "unreadable answer: the answer is larger than 1 MB")
        }
    }

    func testCancellingStopsADrippingAnswerAtOnce() async throws {
        let server = try LoopbackHTTPServer(replies: [.drip(head: "HTTP/1.1 200 OK\r\n\r\n", every: 0.05)])
        defer { server.stop() }
        let http = client(timeout: 60)
        let url = server.baseURL
        let task = Task { try await http.get(url) }
        try await assertCancelsAtOnce(task, server: server)
    }

    func testChunkedAndUnframedAnswersAreRead() async throws {
        let chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"a\"\r\n3;x=y\r\n:12\r\n1\r\n}\r\n0\r\n\r\n"
        let unframed = "HTTP/1.0 404 Not Found\r\n\r\n{\"code\":\"NotFound\"}"
        let server = try LoopbackHTTPServer(replies: [.raw(Array(chunked.utf8)), .raw(Array(unframed.utf8))])
        defer { server.stop() }
        let first = try await client(timeout: 5).get(server.baseURL)
        XCTAssertEqual(first.statusCode, 200)
        XCTAssertEqual(String(decoding: first.body, as: UTF8.self), "{\"a\":12}")
        let second = try await client(timeout: 5).get(server.baseURL)
        XCTAssertEqual(second.statusCode, 404)
        XCTAssertEqual(String(decoding: second.body, as: UTF8.self), "{\"code\":\"NotFound\"}")
    }

    func testGarbageAndCutOffAnswersAreOneLineErrors() async throws {
        let server = try LoopbackHTTPServer(replies: [.raw(Array("\u{1b}[2J hello".utf8)),
                                                      .raw(Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc".utf8))])
        defer { server.stop() }
        for expected in ["unreadable answer: not an HTTP answer", "unreadable answer: the answer was cut off"] {
            do {
                _ = try await client(timeout: 5).get(server.baseURL)
                XCTFail("expected \(expected)")
            } catch let error as RemoteError {
                XCTAssertEqual(error.reason, expected)
            }
        }
    }

    /// HTTPS goes through libcurl loaded at run time: a closed port is refused like over HTTP.
    func testHTTPSLoadsLibcurlAndReportsARefusedConnection() async throws {
        let server = try LoopbackHTTPServer(replies: [.hang])
        let port = server.port
        server.stop()
        do {
            _ = try await client(timeout: 5).get(URL(string: "https://127.0.0.1:\(port)/route")!)
            XCTFail("expected a refused connection")
        } catch let error as RemoteError {
            XCTAssertEqual(error, .unreachable(host: "127.0.0.1:\(port)", reason: "connection refused"))
        }
    }
}
