import Foundation
import RouteItCore
#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to gpsd that reads its newline-delimited JSON, never blocking for longer than
/// a short slice, so that a deadline or a cancellation ends any wait promptly.
final class GPSDConnection {
    /// The longest report line accepted: gpsd's are a few KB at most.
    static let longestLine = 64 * 1024
    private static let slice: Int32 = 100  // ms

    let address: GPSDAddress
    private let socket: Int32
    private var buffer: [UInt8] = []

    /// Connects by `deadline`. Throws `LocationSourceUnavailable` when nothing accepts the
    /// connection, `CancellationError` when `isCancelled` turns true.
    init(to address: GPSDAddress, deadline: Date, isCancelled: () -> Bool) throws {
        self.address = address
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(address.host, String(address.port), &hints, &list)
        guard status == 0, let first = list else {
            throw LocationSourceUnavailable("No gpsd at \(address) (unknown host)")
        }
        defer { freeaddrinfo(list) }
        var lastError = ECONNREFUSED
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let fd = Glibc.socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { lastError = errno; continue }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                socket = fd
                return
            }
            lastError = errno
            if lastError == EINPROGRESS {
                do {
                    lastError = try Self.finishConnecting(fd, deadline: deadline, isCancelled: isCancelled)
                } catch {
                    close(fd)
                    throw error
                }
                if lastError == 0 {
                    socket = fd
                    return
                }
            }
            close(fd)
        }
        let reason = lastError == ETIMEDOUT ? "no answer" : String(cString: strerror(lastError)).lowercased()
        throw LocationSourceUnavailable("No gpsd at \(address) (\(reason))")
    }

    /// Waits for a non-blocking connect; 0 when connected, else the errno.
    private static func finishConnecting(_ fd: Int32, deadline: Date, isCancelled: () -> Bool) throws -> Int32 {
        while true {
            if isCancelled() { throw CancellationError() }
            guard Date() < deadline else { return ETIMEDOUT }
            var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&poller, 1, slice)
            if ready < 0 && errno != EINTR { return errno }
            guard ready > 0 else { continue }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            return error
        }
    }

    deinit { close(socket) }

    /// Sends a command (`?WATCH=...`). A closed connection is `LocationSourceUnavailable`.
    func send(_ text: String) throws {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { raw in
                Glibc.send(socket, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw LocationSourceUnavailable("gpsd at \(address) went away")
            }
            offset += written
        }
    }

    /// The next line (without its newline), nil when `deadline` passes first. Throws
    /// `LocationSourceUnavailable` when gpsd closes the connection (it went away) or sends a
    /// line too long to be a report, `CancellationError` when `isCancelled` turns true.
    func readLine(until deadline: Date, isCancelled: () -> Bool) throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[..<newline]
                buffer.removeSubrange(...newline)
                return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard buffer.count <= Self.longestLine else {
                throw LocationSourceUnavailable("\(address) does not speak gpsd's protocol (a line over 64 KB)")
            }
            if isCancelled() { throw CancellationError() }
            guard Date() < deadline else { return nil }
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Self.slice)
            if ready < 0 && errno != EINTR { throw LocationSourceUnavailable("gpsd at \(address) went away") }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { throw LocationSourceUnavailable("gpsd at \(address) went away (it closed the connection)") }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw LocationSourceUnavailable("gpsd at \(address) went away (\(String(cString: strerror(errno)).lowercased()))")
            }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
