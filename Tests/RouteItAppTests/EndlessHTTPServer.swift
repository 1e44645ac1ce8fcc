import Foundation
import RouteItTestSupport

/// A misbehaving HTTP server on 127.0.0.1: it answers every request with a 200 head and then a
/// body that never ends, one byte at a time (`drip`) or as fast as the client takes it (`flood`).
final class EndlessHTTPServer: @unchecked Sendable {
    enum Pace { case drip, flood }

    let port: UInt16
    private let fd: Int32
    private let pace: Pace
    private let lock = NSCondition()
    private var stopped = false
    private var _requests = 0, _closedByClient = 0

    /// Requests whose head it read (and began to answer).
    var requests: Int { lock.withLock { _requests } }
    /// Answers the client broke off (closed or reset the connection) while the body kept coming.
    var closedByClient: Int { lock.withLock { _closedByClient } }

    /// Waits until `closedByClient` reaches `count`; false when `seconds` pass first.
    func waitForClientClose(count: Int, seconds: TimeInterval) -> Bool {
        wait(seconds) { self._closedByClient >= count }
    }

    /// Waits until `requests` reaches `count`; false when `seconds` pass first.
    func waitForRequest(count: Int = 1, seconds: TimeInterval) -> Bool {
        wait(seconds) { self._requests >= count }
    }

    private func wait(_ seconds: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while !condition() {
            if !lock.wait(until: deadline) { return condition() }
        }
        return true
    }

    private func count(_ change: (EndlessHTTPServer) -> Void) {
        lock.lock()
        change(self)
        lock.broadcast()
        lock.unlock()
    }

    init(_ pace: Pace) {
        let socket = LoopbackSocket.bound()
        fd = socket.fd
        port = socket.port
        self.pace = pace
        listen(fd, 16)
        Thread { [self] in acceptLoop() }.start()
    }

    var url: String { "http://127.0.0.1:\(port)" }

    func stop() {
        lock.withLock { stopped = true }
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        while true {
            let client = accept(fd, nil, nil)
            if client < 0 { return }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var head = Data()
        while !head.contains(Data("\r\n\r\n".utf8)) {
            let n = read(client, &buffer, buffer.count)
            if n <= 0 { return }
            head.append(contentsOf: buffer[0..<n])
        }
        count { $0._requests += 1 }
        guard send(client, Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n".utf8)) else { return }
        let chunk = [UInt8](repeating: 0x20, count: pace == .drip ? 1 : 65536)
        while !isStopped, send(client, chunk) {
            // The pace is the reply (a slow server), not synchronisation.
            if pace == .drip { Thread.sleep(forTimeInterval: 0.05) }
        }
        // A send failed with the server still up: the client closed or reset the connection.
        if !isStopped { count { $0._closedByClient += 1 } }
    }

    private func send(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}
