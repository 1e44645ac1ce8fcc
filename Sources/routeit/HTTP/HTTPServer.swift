import Foundation
@preconcurrency import SwiftGlibc

/// An HTTP/1.1 server on POSIX sockets: one thread accepts and watches idle keep-alive
/// connections (poll), a fixed pool of `threads` serves the requests (each within `HTTPLimits`'
/// deadline), `handler` answers each request, and `log` gets one line per request with the time
/// the handler took. `stop()` (or a signal handler writing to `wakeDescriptor`) stops accepting,
/// lets the requests in flight finish and closes idle connections; `run()` then returns.
// @unchecked: the queue is guarded by `pending`; the descriptors are set in bind() before run().
final class HTTPServer: @unchecked Sendable {
    struct Configuration: Sendable {
        var host = "127.0.0.1"
        /// 0: any free port (see `bind()`'s result).
        var port: UInt16 = 0
        var threads = ProcessInfo.processInfo.activeProcessorCount
        var limits = HTTPLimits()
        /// Open connections in all. A new one beyond it closes the longest-idle connection
        /// (one waiting between requests), or is closed itself when none is idle.
        var maxConnections = 4_096
        /// Open connections from one address: one client holding many cannot take every
        /// other client's share. A new one beyond it closes that address's longest-idle one.
        var maxConnectionsPerPeer = 256
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    typealias Handler = @Sendable (HTTPRequest, _ peer: String) -> HTTPResponse

    let configuration: Configuration
    private let handler: Handler
    private let log: @Sendable (String) -> Void
    private var listenFD: Int32 = -1
    /// Written to on stop; its read end stays readable from then on, waking every poll.
    private var wakePipe: [Int32] = [-1, -1]
    private let pending = NSCondition()
    private var queue: [(fd: Int32, peer: String, partial: HTTPConnection.Partial)] = []
    /// Connections waiting for bytes, watched by the poll loop: since when, and what they sent
    /// so far of a request.
    private var idle: [Int32: (peer: String, since: Double, partial: HTTPConnection.Partial)] = [:]
    /// Open connections (idle, queued or being served) by peer address.
    private var openByPeer: [String: Int] = [:]
    private var openCount = 0
    /// Written to when a connection goes back to the poll loop, so it watches it at once.
    private var rearmPipe: [Int32] = [-1, -1]
    private var stopping = false

    init(configuration: Configuration, handler: @escaping Handler, log: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        self.handler = handler
        self.log = log
    }

    /// The write end of the pipe `stop()` writes to: a signal handler may write one byte to it
    /// (write(2) is async-signal-safe).
    var wakeDescriptor: Int32 { wakePipe[1] }

    /// Whether `text` is a dotted IPv4 address (`--host`), checked before the map is opened.
    static func isIPv4Address(_ text: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1
    }

    static func hostError(_ text: String) -> String {
        "--host takes an IPv4 address such as 127.0.0.1 or 0.0.0.0, not \"\(text)\""
    }

    /// Binds and listens; the port it got (the one asked, or any free one for 0).
    func bind() throws -> UInt16 {
        guard pipe(&wakePipe) == 0 else { throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&rearmPipe) == 0 else { throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))") }
        for fd in wakePipe + rearmPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // Many rearms between two turns of the poll loop must never block a serving thread.
        _ = fcntl(rearmPipe[1], F_SETFL, O_NONBLOCK)
        _ = fcntl(rearmPipe[0], F_SETFL, O_NONBLOCK)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = configuration.port.bigEndian
        guard inet_pton(AF_INET, configuration.host, &address.sin_addr) == 1 else { throw Failure(description: Self.hostError(configuration.host)) }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { SwiftGlibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 1_024) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "cannot listen on \(configuration.host):\(configuration.port): \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listenFD = fd
        return UInt16(bigEndian: actual.sin_port)
    }

    /// Asks `run()` to drain and return (from any thread).
    func stop() {
        var byte: UInt8 = 1
        _ = write(wakePipe[1], &byte, 1)
    }

    /// Accepts and watches idle keep-alive connections until stopped, then lets the serving
    /// threads finish what they hold and closes the idle connections.
    func run() {
        let finished = DispatchGroup()
        for _ in 0..<max(1, configuration.threads) {
            finished.enter()
            let thread = Thread { [self] in
                self.work()
                finished.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        pollLoop()
        close(listenFD)
        pending.withLock {
            stopping = true
            pending.broadcast()
        }
        finished.wait()
        pending.withLock {
            for (fd, connection) in idle { closeLocked(fd, peer: connection.peer) }
            idle.removeAll()
        }
    }

    /// One thread waits on every connection between reads (poll), so a client that keeps its
    /// connection open or sends slowly holds no serving thread; a connection with bytes arriving
    /// goes to the queue; one idle longer than `idleTimeout` is closed, one whose request has not
    /// arrived within `requestDeadline` is answered 408 and closed.
    private func pollLoop() {
        var lastReap = HTTPConnection.now()
        var drain = [UInt8](repeating: 0, count: 256)
        while true {
            let watched = pending.withLock { Array(idle.keys) }
            var fds = [pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0),
                       pollfd(fd: rearmPipe[0], events: Int16(POLLIN), revents: 0)]
                + watched.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let n = poll(&fds, nfds_t(fds.count), 1_000)
            if n < 0 && errno != EINTR { return }
            if fds[1].revents != 0 { return }
            if fds[2].revents != 0 { _ = read(rearmPipe[0], &drain, drain.count) }
            if fds[0].revents != 0 { acceptOne() }
            let ready = fds.dropFirst(3).filter { $0.revents != 0 }.map(\.fd)
            if !ready.isEmpty {
                pending.withLock {
                    for fd in ready {
                        guard let connection = idle.removeValue(forKey: fd) else { continue }
                        queue.append((fd, connection.peer, connection.partial))
                    }
                    pending.broadcast()
                }
            }
            let now = HTTPConnection.now()
            if now - lastReap >= 1 {
                lastReap = now
                let limits = configuration.limits
                let late = pending.withLock { () -> [(fd: Int32, peer: String, partial: HTTPConnection.Partial)] in
                    var late: [(fd: Int32, peer: String, partial: HTTPConnection.Partial)] = []
                    for (fd, connection) in idle {
                        let expired = connection.partial.requestStart.map { now - $0 > limits.requestDeadline }
                            ?? (now - connection.since > limits.idleTimeout)
                        guard expired else { continue }
                        idle.removeValue(forKey: fd)
                        late.append((fd, connection.peer, connection.partial))
                    }
                    return late
                }
                for connection in late {
                    // A request begun and not finished in time is answered 408; an idle one just closed.
                    if connection.partial.requestStart != nil {
                        HTTPConnection(fd: connection.fd, peer: connection.peer, limits: limits, wakeFD: wakePipe[0],
                                       handler: handler, log: log).timedOut(connection.partial.buffer)
                    }
                    pending.withLock { closeLocked(connection.fd, peer: connection.peer) }
                }
            }
        }
    }

    /// Tells the poll loop a connection is idle again (it watches the new set from its next turn).
    private func rearmed() {
        var byte: UInt8 = 1
        _ = write(rearmPipe[1], &byte, 1)
    }

    private func acceptOne() {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let fd = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listenFD, $0, &length) }
        }
        guard fd >= 0 else { return }   // a client gone before accept, or out of descriptors for now
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(INET_ADDRSTRLEN))
        let peer = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        pending.withLock {
            guard makeRoom(for: peer) else {
                close(fd)
                return
            }
            idle[fd] = (peer, HTTPConnection.now(), HTTPConnection.Partial())
            openByPeer[peer, default: 0] += 1
            openCount += 1
        }
    }

    /// Keeps the caps when `peer` opens one more connection: at its own cap its longest-idle
    /// connection is closed, at the server's cap the longest-idle of all (an idle keep-alive
    /// connection costs its client one reconnect; refusing the new one would lock a client out
    /// while another holds every place). False when nothing idle can make room. Under `pending`.
    private func makeRoom(for peer: String) -> Bool {
        let fromPeer = openByPeer[peer] ?? 0
        let mine = fromPeer >= configuration.maxConnectionsPerPeer
        guard mine || openCount >= configuration.maxConnections else { return true }
        let candidates = idle.lazy.filter { !mine || $0.value.peer == peer }
        guard let oldest = candidates.min(by: { $0.value.since < $1.value.since }) else { return false }
        idle.removeValue(forKey: oldest.key)
        closeLocked(oldest.key, peer: oldest.value.peer)
        return true
    }

    /// Closes a connection and counts it gone. Under `pending`.
    private func closeLocked(_ fd: Int32, peer: String) {
        close(fd)
        openCount -= 1
        let left = (openByPeer[peer] ?? 1) - 1
        openByPeer[peer] = left > 0 ? left : nil
    }

    /// One serving thread: a connection with a request arriving, served until it is idle again
    /// (back to the poll loop) or closed.
    private func work() {
        while true {
            pending.lock()
            while queue.isEmpty && !stopping { pending.wait() }
            if queue.isEmpty {
                pending.unlock()
                return
            }
            let next = queue.removeFirst()
            pending.unlock()
            var partial = next.partial
            let outcome = HTTPConnection(fd: next.fd, peer: next.peer, limits: configuration.limits, wakeFD: wakePipe[0],
                                         handler: handler, log: log).serve(&partial)
            let rearm = outcome == .idle && pending.withLock { () -> Bool in
                guard !stopping else { return false }
                idle[next.fd] = (next.peer, HTTPConnection.now(), partial)
                return true
            }
            if rearm { rearmed() } else { pending.withLock { closeLocked(next.fd, peer: next.peer) } }
        }
    }
}
