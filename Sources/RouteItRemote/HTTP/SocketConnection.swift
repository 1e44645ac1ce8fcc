import Foundation

/// A non-blocking TCP connection whose every wait is bounded by a deadline and wakes up when
/// the exchange is stopped (the stop signal's pipe is polled beside the socket).
final class SocketConnection {
    private var fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { close() }

    func close() {
        if fd >= 0 { Glibc.close(fd); fd = -1 }
    }

    /// Connects to the first address of `host` that accepts, within the deadline.
    static func connect(host: String, port: Int, deadline: Deadline, stop: StopSignal, label: String) throws -> SocketConnection {
        guard (1...65_535).contains(port) else { throw RemoteError.unreachable(host: label, reason: "port \(port) is out of range") }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(name, String(port), &hints, &list) == 0, let first = list else {
            throw RemoteError.unreachable(host: label, reason: "unknown host")
        }
        defer { freeaddrinfo(list) }
        var reason = "connection refused"
        var address: UnsafeMutablePointer<addrinfo>? = first
        while let a = address {
            address = a.pointee.ai_next
            let fd = socket(a.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { continue }
            let connection = SocketConnection(fd: fd)
            if Glibc.connect(fd, a.pointee.ai_addr, a.pointee.ai_addrlen) == 0 { return connection }
            guard errno == EINPROGRESS else { reason = String(cString: strerror(errno)).lowercased(); continue }
            try connection.wait(for: Int16(POLLOUT), deadline: deadline, stop: stop, label: label)
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            if error == 0 { return connection }
            reason = error == ECONNREFUSED ? "connection refused" : String(cString: strerror(error)).lowercased()
        }
        throw RemoteError.unreachable(host: label, reason: reason)
    }

    func send(_ bytes: [UInt8], deadline: Deadline, stop: StopSignal, label: String) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if n > 0 { sent += n; continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                try wait(for: Int16(POLLOUT), deadline: deadline, stop: stop, label: label)
                continue
            }
            throw RemoteError.unreachable(host: label, reason: "connection lost")
        }
    }

    /// The next bytes, or nil at the end of the stream.
    func receive(deadline: Deadline, stop: StopSignal, label: String) throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n > 0 { return Array(buffer[0..<n]) }
            if n == 0 { return nil }
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                try wait(for: Int16(POLLIN), deadline: deadline, stop: stop, label: label)
                continue
            }
            throw RemoteError.unreachable(host: label, reason: "connection lost")
        }
    }

    private func wait(for events: Int16, deadline: Deadline, stop: StopSignal, label: String) throws {
        while true {
            if stop.isStopped { throw RemoteError.cancelled }
            let remaining = deadline.remainingMilliseconds
            guard remaining > 0 else { throw RemoteError.timedOut(host: label) }
            var fds = [pollfd(fd: fd, events: events, revents: 0), pollfd(fd: stop.readFD, events: Int16(POLLIN), revents: 0)]
            let n = poll(&fds, 2, Int32(min(remaining, 1_000)))
            if n < 0 && errno != EINTR { throw RemoteError.unreachable(host: label, reason: "connection lost") }
            if stop.isStopped { throw RemoteError.cancelled }
            if n > 0 && fds[0].revents != 0 { return }
        }
    }
}
