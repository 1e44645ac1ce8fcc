import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small file server on 127.0.0.1 for the map-download tests: serves files by path with
/// Content-Length and Last-Modified, answers `Range: bytes=N-` with 206 and `If-Modified-Since`
/// with 304, and can cut a file's body off after some bytes (a dropped connection). Unknown
/// paths are 404. Records each request's head.
public final class ExtractHTTPServer: @unchecked Sendable {
    public let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var files: [String: (bytes: [UInt8], lastModified: String)] = [:]
    private var cuts: [String: [Int]] = [:]
    private var chunkedPaths: Set<String> = []
    private var redirects: [String: String] = [:]
    private var stalls: [String: [Int]] = [:]
    private var openClients: [Int32] = []
    private var stalledClosed = 0
    private let closes = NSCondition()
    private var heads: [String] = []
    private var stopped = false
    private let acceptDone = DispatchSemaphore(value: 0)
    private let serving = DispatchGroup()

    public init() throws {
        let (fd, port) = LoopbackSocket.bound()
        guard fd >= 0, listen(fd, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        listener = fd
        self.port = port
        Thread { [self] in acceptLoop() }.start()
    }

    deinit { stop() }

    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Serves `bytes` at `path` (replacing what was there), last modified `lastModified`.
    public func serve(_ path: String, _ bytes: [UInt8], lastModified: String = "Sat, 05 Dec 2026 10:00:00 GMT") {
        lock.withLock { files[path] = (bytes, lastModified) }
    }

    /// The next request for `path` gets its head and only `bytes` of its body, then the
    /// connection closes (one cut per call, in order).
    public func cutOff(_ path: String, after bytes: Int) {
        lock.withLock { cuts[path, default: []].append(bytes) }
    }

    /// The next request for `path` gets its head and `bytes` of its body, then nothing more
    /// while the connection stays open (a stalled server), until the client closes it or stop().
    public func stall(_ path: String, after bytes: Int) {
        lock.withLock { stalls[path, default: []].append(bytes) }
    }

    /// Waits until the client closed a stalled connection (it gave up on the download); false
    /// when `seconds` pass first.
    public func waitForStalledClose(seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        closes.lock()
        defer { closes.unlock() }
        while stalledClosed == 0 {
            if !closes.wait(until: deadline) { return stalledClosed > 0 }
        }
        return true
    }

    /// `path` answers 301 with `Location: location`.
    public func redirect(_ path: String, to location: String) {
        lock.withLock { redirects[path] = location }
    }

    /// `path` is sent with chunked transfer coding.
    public func sendChunked(_ path: String) {
        _ = lock.withLock { chunkedPaths.insert(path) }
    }

    /// Each request's head (request line and headers), in arrival order.
    public var requests: [String] { lock.withLock { heads } }

    public func requests(for path: String) -> [String] {
        requests.filter { $0.hasPrefix("GET \(path) ") }
    }

    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        // Under the lock: a stalled connection leaves the list before its descriptor is closed.
        lock.withLock { for client in openClients { shutdown(client, Int32(SHUT_RDWR)) } }
        acceptDone.wait()
        close(listener)
        serving.wait()
    }

    private func acceptLoop() {
        defer { acceptDone.signal() }
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 { return }
            serving.enter()
            Thread { [self] in
                serve(client)
                close(client)
                serving.leave()
            }.start()
        }
    }

    private func serve(_ client: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16384)
        var received = Data()
        while !received.contains(Data("\r\n\r\n".utf8)) {
            let n = read(client, &buffer, buffer.count)
            if n <= 0 { return }
            received.append(contentsOf: buffer[0..<n])
        }
        let head = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n\r\n")[0]
        let lines = head.components(separatedBy: "\r\n")
        let path = lines[0].split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        func header(_ name: String) -> String? {
            lines.dropFirst().first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
                .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }
        if let location = lock.withLock({ () -> String? in heads.append(head); return redirects[path] }) {
            return send(client, "HTTP/1.1 301 Moved Permanently\r\nLocation: \(location)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        }
        let (file, cut, chunked, stall) = lock.withLock { () -> ((bytes: [UInt8], lastModified: String)?, Int?, Bool, Int?) in
            let cut = cuts[path]?.isEmpty == false ? cuts[path]!.removeFirst() : nil
            let stall = stalls[path]?.isEmpty == false ? stalls[path]!.removeFirst() : nil
            return (files[path], cut, chunkedPaths.contains(path), stall)
        }
        guard let file else { return send(client, "HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\nConnection: close\r\n\r\nnot found") }
        if header("If-Modified-Since") == file.lastModified, header("Range") == nil {
            return send(client, "HTTP/1.1 304 Not Modified\r\nConnection: close\r\n\r\n")
        }
        var start = 0
        var status = "200 OK"
        var extra = ""
        if let range = header("Range"), range.hasPrefix("bytes="), range.hasSuffix("-"), let from = Int(range.dropFirst(6).dropLast()) {
            guard from < file.bytes.count else {
                return send(client, "HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */\(file.bytes.count)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            }
            start = from
            status = "206 Partial Content"
            extra = "Content-Range: bytes \(from)-\(file.bytes.count - 1)/\(file.bytes.count)\r\n"
        }
        var body = Array(file.bytes[start...])
        let framing = chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: \(body.count)\r\n"
        send(client, "HTTP/1.1 \(status)\r\n\(framing)\(extra)Last-Modified: \(file.lastModified)\r\nConnection: close\r\n\r\n")
        if chunked {
            var encoded: [UInt8] = []
            var offset = 0
            while offset < body.count {
                let size = min(1000, body.count - offset)
                encoded += Array("\(String(size, radix: 16))\r\n".utf8) + body[offset..<(offset + size)] + [13, 10]
                offset += size
            }
            body = encoded + Array("0\r\n\r\n".utf8)
        }
        if let cut { body = Array(body.prefix(cut)) }
        if let stall {
            send(client, Array(body.prefix(stall)))
            lock.withLock { openClients.append(client) }
            while read(client, &buffer, buffer.count) > 0 {}   // until the client goes, or stop()
            let byClient = lock.withLock { () -> Bool in
                openClients.removeAll { $0 == client }
                return !stopped
            }
            if byClient { closes.withLock { stalledClosed += 1; closes.broadcast() } }
            return
        }
        send(client, body)
    }

    private func send(_ client: Int32, _ text: String) { send(client, Array(text.utf8)) }

    private func send(_ client: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }
}
