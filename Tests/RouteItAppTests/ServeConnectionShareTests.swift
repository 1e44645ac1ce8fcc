import Foundation
import XCTest
@testable import routeit
#if canImport(Glibc)
import Glibc
#endif

/// `routeit serve`'s connection caps with small numbers (the real ones are 4,096 and 256): one
/// client holding many idle keep-alive connections takes its own share, not every place, and a
/// full server makes room for a new client by closing the longest-idle connection.
final class ServeConnectionShareTests: XCTestCase {
    private var server: HTTPServer!
    private var port: UInt16 = 0
    private let finished = DispatchSemaphore(value: 0)

    override func setUpWithError() throws {
        var configuration = HTTPServer.Configuration()
        configuration.threads = 2
        configuration.maxConnections = 6
        configuration.maxConnectionsPerPeer = 4
        configuration.limits.idleTimeout = 60   // kept open by the server for the whole test
        server = HTTPServer(configuration: configuration, handler: { _, _ in HTTPResponse(status: 200, body: "{}") }, log: { _ in })
        port = try server.bind()
        let (server, finished) = (server!, finished)
        Thread { server.run(); finished.signal() }.start()
    }

    override func tearDown() {
        server.stop()
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success, "the server stops")
    }

    func testAClientHoldingManyConnectionsLeavesRoomForOthers() throws {
        // One address opens more than its share, each connection kept open after an answer:
        // its fifth and sixth close two of its own idle ones.
        var held: [Int32] = []
        defer { held.forEach { close($0) } }
        for _ in 0..<6 {
            held.append(try connect(from: "127.0.0.1"))
            XCTAssertTrue(served(held.last!), "each is answered when it comes")
        }
        XCTAssertEqual(held.filter(closedByServer).count, 2, "4 kept of 6")
        XCTAssertTrue(served(held[5]))

        // Other addresses fill the server (4 + 2); one more is served all the same: the
        // longest-idle connection of all makes room for it.
        var others: [Int32] = []
        defer { others.forEach { close($0) } }
        for _ in 0..<2 {
            others.append(try connect(from: "127.0.0.3"))
            XCTAssertTrue(served(others.last!))
        }
        let newcomer = try connect(from: "127.0.0.2")
        defer { close(newcomer) }
        XCTAssertTrue(served(newcomer), "a second client is served while the first holds its share")
        XCTAssertEqual((held + others).filter(closedByServer).count, 3, "one more closed to make room")
    }

    /// A socket from `source` (a loopback address of its own) to the server.
    private func connect(from source: String) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = port.bigEndian
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0, connected == 0 else { throw XCTSkip("cannot connect from \(source): \(String(cString: strerror(errno)))") }
        return fd
    }

    /// One keep-alive request on `fd`; whether its whole answer came (the connection stays open).
    private func served(_ fd: Int32) -> Bool {
        let request = "GET /status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var answer = ""
        while !answer.hasSuffix("\r\n\r\n{}") {
            guard let more = read(fd) else { return false }
            answer += more
        }
        // The server puts a connection back among the idle ones just after answering.
        usleep(50_000)
        return answer.hasPrefix("HTTP/1.1 200 ")
    }

    /// Whether the server has closed `fd` (nothing was sent on it since its last answer): it
    /// reads as ended, not merely quiet, within 0.2 s.
    private func closedByServer(_ fd: Int32) -> Bool {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 1, 200) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) <= 0
    }

    /// What arrives within 3 s; nil when the connection closed or nothing came.
    private func read(_ fd: Int32) -> String? {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 1, 3_000) > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 4_096)
        let n = recv(fd, &chunk, chunk.count, 0)
        return n > 0 ? String(decoding: chunk[..<n], as: UTF8.self) : nil
    }
}
