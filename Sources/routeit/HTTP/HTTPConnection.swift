import Foundation
@preconcurrency import SwiftGlibc
import RouteItCore

/// One client connection on a serving thread: reads the requests that have arrived (pipelined
/// ones too) within the limits and deadline, answers each, logs each, and returns when nothing
/// more has arrived (idle, perhaps part-way through a request), or to close: the client closed,
/// a request asked to close, was refused or late, or the server drains.
struct HTTPConnection {
    let fd: Int32
    let peer: String
    let limits: HTTPLimits
    /// Readable once the server is stopping.
    let wakeFD: Int32
    let handler: HTTPServer.Handler
    let log: @Sendable (String) -> Void

    enum Outcome { case idle, closed }

    /// What has arrived of a request not yet whole, kept while the connection waits in the poll
    /// loop: a client that sends slowly holds no serving thread.
    struct Partial {
        var buffer: [UInt8] = []
        /// When its first byte came (the request's deadline runs from there); nil between requests.
        var requestStart: Double?
        /// Whether `100 Continue` was sent for this request (once is enough).
        var continued = false
    }

    /// Serves the requests that have arrived; `.idle` when the connection stays open with
    /// nothing more to read yet (the poll loop watches it, with `partial`, until more comes).
    func serve(_ partial: inout Partial) -> Outcome {
        var timeout = timeval(tv_sec: Int(limits.requestDeadline), tv_usec: 0)
        // A client that stops reading cannot hold the thread in send() for longer than a request may take.
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let parser = HTTPRequestParser(limits: limits)
        var buffer = partial.buffer, requestStart = partial.requestStart, continued = partial.continued
        defer { partial = Partial(buffer: buffer, requestStart: requestStart, continued: continued) }
        // Not zeroed: only what recv() wrote is read (zeroing 64 KB was a tenth of a served route).
        var chunk = [UInt8](unsafeUninitializedCapacity: Self.chunkSize) { _, count in count = Self.chunkSize }
        while true {
            var parsed: HTTPRequest?
            switch parser.parse(buffer, request: &parsed) {
            case .request(let consumed):
                buffer.removeFirst(consumed)
                requestStart = buffer.isEmpty ? nil : Self.now()
                continued = false
                guard let request = parsed, answer(request) else { return .closed }
                if buffer.isEmpty { return .idle }
                continue
            case .refused(let status, let message):
                refuse(status: status, message: message, target: Self.firstLine(buffer))
                return .closed
            case .continueExpected:
                // Its client sends the body once told to (else only after a wait of its own).
                if !continued {
                    guard send(Self.continueLine) else { return .closed }
                    continued = true
                }
            case .incomplete:
                break
            }
            if let start = requestStart, Self.now() - start > limits.requestDeadline {
                timedOut(buffer)
                return .closed
            }
            // What is there now; nothing more yet: back to the poll loop.
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, 0)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return .idle }
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return .closed }
            if requestStart == nil { requestStart = Self.now() }
            buffer.append(contentsOf: chunk[..<n])
        }
    }

    static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Bytes read from the socket at a time.
    static let chunkSize = 64 * 1024

    /// 408 for a request that did not arrive within the deadline (the poll loop's reaper calls
    /// it too: no lingering, the client is slow anyway).
    func timedOut(_ buffer: [UInt8]) {
        refuse(status: 408, message: "the request did not arrive within \(Int(limits.requestDeadline)) s",
               target: Self.firstLine(buffer), linger: false)
    }

    /// Answers one request; false when the connection closes after it.
    private func answer(_ request: HTTPRequest) -> Bool {
        let started = Self.now()
        let response: HTTPResponse
        if request.method == "GET" || request.method == "HEAD" {
            response = handler(request, peer)
        } else {
            response = HTTPResponse(status: 405, body: Self.errorBody("InvalidUrl", "only GET and HEAD are served"))
        }
        let elapsed = Self.now() - started
        let keepAlive = request.keepAlive && !draining()
        let sent = send(response.bytes(keepAlive: keepAlive, includeBody: request.method != "HEAD"))
        logLine(ms: elapsed * 1000, status: response.status, target: request.target, agent: request.header("user-agent"))
        return sent && keepAlive
    }

    private func refuse(status: Int, message: String, target: String, linger: Bool = true) {
        let code = status == 408 ? "Timeout" : [413, 414, 431].contains(status) ? "TooBig" : "InvalidUrl"
        _ = send(HTTPResponse(status: status, body: Self.errorBody(code, message)).bytes(keepAlive: false))
        logLine(ms: 0, status: status, target: target, agent: nil)
        if linger { lingeringClose() }
    }

    /// Closing with unread bytes would reset the connection and may lose the answer at the
    /// client: the rest is read and dropped first, for half a second and 4 MB at most.
    private func lingeringClose() {
        shutdown(fd, Int32(SHUT_WR))
        let end = Self.now() + 0.5
        var dropped = 0
        var scratch = [UInt8](repeating: 0, count: 64 * 1024)
        while dropped < 4 << 20 {
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            let waitMs = Int32(max(0, (end - Self.now()) * 1000))
            guard waitMs > 0, poll(&fds, 1, waitMs) > 0 else { return }
            let n = recv(fd, &scratch, scratch.count, 0)
            guard n > 0 else { return }
            dropped += n
        }
    }

    static func errorBody(_ code: String, _ message: String) -> String {
        JSONText.object([("code", JSONText.string(code)), ("message", JSONText.string(message))])
    }

    private func draining() -> Bool {
        var fds = [pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
        return poll(&fds, 1, 0) > 0
    }

    private func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { SwiftGlibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// As osrm-routed logs: `[info] TIME 1.23ms 127.0.0.1 - AGENT STATUS TARGET`, in one write.
    private func logLine(ms: Double, status: Int, target: String, agent: String?) {
        let shown = target.count > 300 ? String(target.prefix(300)) + "…" : target
        let line = "[info] \(Self.timestamp()) \(DecimalText.fixed(ms, places: 3))ms \(peer) - \(agent ?? "-") \(status) \(shown)"
        log(TerminalSafeText.clean(line))
    }

    /// The request line of what arrived, for the log of a refused request.
    private static func firstLine(_ buffer: [UInt8]) -> String {
        let line = buffer.prefix(300).prefix { $0 != 10 && $0 != 13 }
        let parts = String(decoding: line, as: UTF8.self).split(separator: " ")
        return parts.count > 1 ? String(parts[1]) : "-"
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// `2026-12-05T10:01:02Z`: UTC, formatted without Foundation's (shared, locked) formatters
    /// or String(format:) (both a measurable part of a served route).
    static func timestamp() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
