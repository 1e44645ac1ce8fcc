import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for error-path tests: answers each request with the
/// next scripted reply (the last one repeats) and counts requests. `.hang` never answers.
final class LoopbackHTTPServer: @unchecked Sendable {
    enum Reply {
        case status(Int, String)
        case hang
        /// These bytes as they are, then the connection closes.
        case raw([UInt8])
        /// A head, then one body byte every `every` seconds until stop() (after `limit` bytes it
        /// goes silent, holding the connection open).
        case drip(head: String, every: TimeInterval, limit: Int = .max)
        /// A head, then body bytes as fast as the client reads them until stop().
        case flood(head: String)
    }

    let port: UInt16
    private let socketFD: Int32
    private let lock = NSLock()
    private var replies: [Reply]
    private var _requests: [String] = []
    private var clientFDs: [Int32] = []
    private var stopped = false
    private var _closedByClient = 0
    private var _bytesDripped = 0
    private let closes = NSCondition()
    /// Signalled when the accept loop has returned: only then may the listening descriptor be
    /// closed (a closed number is reused at once, and a late accept on it would take and drop a
    /// connection meant for the next server of the same test).
    private let acceptLoopDone = DispatchSemaphore(value: 0)
    /// Every connection's thread, left only when it no longer touches its descriptor: stop()
    /// closes the descriptors after that, so a late send or shutdown never lands on a number
    /// already reused by the next server's socket (which closed its connection before an answer).
    private let serving = DispatchGroup()

    var requestCount: Int { lock.withLock { _requests.count } }
    /// Connections the client closed (or reset) while this server still had them open: a
    /// `.hang` or `.drip` reply the client gave up on.
    var closedByClient: Int { closes.withLock { _closedByClient } }
    /// Body bytes `.drip` replies have sent so far.
    var bytesDripped: Int { lock.withLock { _bytesDripped } }

    /// Waits until `count` connections were closed by the client; false when `seconds` pass first.
    func waitForClientClose(count: Int = 1, seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        closes.lock()
        defer { closes.unlock() }
        while _closedByClient < count {
            if !closes.wait(until: deadline) { return _closedByClient >= count }
        }
        return true
    }

    /// A connection's thread saw the client go (EOF or reset), not stop().
    private func clientClosed() {
        guard !lock.withLock({ stopped }) else { return }
        closes.lock()
        _closedByClient += 1
        closes.broadcast()
        closes.unlock()
    }
    /// Request lines ("GET /path HTTP/1.1") in arrival order.
    var requestLines: [String] { lock.withLock { _requests } }

    /// What ends a request: a blank line for HTTP, "\n" for a line protocol such as gpsd's.
    private let requestEnd: Data

    init(replies: [Reply], requestEnd: String = "\r\n\r\n") throws {
        precondition(!replies.isEmpty)
        self.replies = replies
        self.requestEnd = Data(requestEnd.utf8)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        socketFD = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    func stop() {
        lock.lock()
        if stopped { lock.unlock(); return }
        stopped = true
        let fds = clientFDs
        lock.unlock()
        shutdown(socketFD, Int32(SHUT_RDWR))
        acceptLoopDone.wait()
        close(socketFD)
        for fd in fds { shutdown(fd, Int32(SHUT_RDWR)) }
        serving.wait()
        for fd in fds { close(fd) }
    }

    private func acceptLoop() {
        defer { acceptLoopDone.signal() }
        while true {
            let client = accept(socketFD, nil, nil)
            if client < 0 { return }
            lock.lock()
            if stopped { lock.unlock(); close(client); return }
            clientFDs.append(client)
            lock.unlock()
            serving.enter()
            Thread { [self] in serve(client); serving.leave() }.start()
        }
    }

    private func serve(_ client: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var received = Data()
        while !received.contains(requestEnd) {
            let n = read(client, &buffer, buffer.count)
            if n <= 0 { return }
            received.append(contentsOf: buffer[0..<n])
        }
        let requestLine = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n").first ?? ""
        lock.lock()
        _requests.append(requestLine)
        let reply = replies.count > 1 ? replies.removeFirst() : replies[0]
        lock.unlock()
        switch reply {
        case .hang:
            // Keep the connection open and silent until the client closes it or stop().
            while read(client, &buffer, buffer.count) > 0 {}
            clientClosed()
        case .raw(let bytes):
            _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
            shutdown(client, Int32(SHUT_RDWR))
        case let .drip(head, every, limit):
            let head = Array(head.utf8)
            _ = head.withUnsafeBytes { send(client, $0.baseAddress, head.count, Int32(MSG_NOSIGNAL)) }
            var byte: UInt8 = 0x20
            // The pace is the reply (a slow server), not synchronisation; a failed send is the client gone.
            var sent = 0
            while sent < limit && !lock.withLock({ stopped }) && send(client, &byte, 1, Int32(MSG_NOSIGNAL)) == 1 {
                sent += 1
                lock.withLock { _bytesDripped += 1 }
                Thread.sleep(forTimeInterval: every)
            }
            if sent >= limit { while read(client, &buffer, buffer.count) > 0 {} }
            clientClosed()
        case let .flood(head):
            let head = Array(head.utf8)
            _ = head.withUnsafeBytes { send(client, $0.baseAddress, head.count, Int32(MSG_NOSIGNAL)) }
            let block = [UInt8](repeating: 0x61, count: 65536)
            while !lock.withLock({ stopped }) && block.withUnsafeBytes({ send(client, $0.baseAddress, block.count, Int32(MSG_NOSIGNAL)) }) > 0 {}
        case let .status(code, body):
            let bytes = Array(body.utf8)
            let head = "HTTP/1.1 \(code) X\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
            let all = Array(head.utf8) + bytes
            _ = all.withUnsafeBytes { send(client, $0.baseAddress, all.count, Int32(MSG_NOSIGNAL)) }
            shutdown(client, Int32(SHUT_RDWR))
        }
    }
}
