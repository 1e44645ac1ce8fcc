import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 GET client on one keep-alive TCP connection to 127.0.0.1, used to time
/// osrm-routed itself: no URLSession machinery in the measurement, only a request on a warm
/// socket and reading the whole answer (`Content-Length` or chunked body).
final class LoopbackHTTPClient {
    struct Failure: Error, CustomStringConvertible { let description: String }

    let port: UInt16
    private var socket: Int32 = -1
    private var buffer: [UInt8] = []

    init(port: UInt16) { self.port = port }

    deinit { close() }

    func close() {
        if socket >= 0 { Glibc.close(socket) }
        socket = -1
        buffer.removeAll()
    }

    /// GET `path`; on a connection the server has closed, reconnects once.
    func get(_ path: String) throws -> (status: Int, body: [UInt8]) {
        do {
            return try attempt(path)
        } catch {
            close()
            return try attempt(path)
        }
    }

    private func attempt(_ path: String) throws -> (status: Int, body: [UInt8]) {
        if socket < 0 { try connect() }
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: keep-alive\r\n\r\n"
        try send(Array(request.utf8))
        let head = try readHead()
        guard let statusLine = head.first, statusLine.hasPrefix("HTTP/1."),
              let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else {
            throw Failure(description: "not an HTTP response")
        }
        var length: Int?
        var chunked = false
        var closes = false
        for line in head.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "content-length": length = Int(parts[1])
            case "transfer-encoding": chunked = parts[1].contains("chunked")
            case "connection": closes = parts[1] == "close"
            default: break
            }
        }
        let body: [UInt8]
        if chunked {
            body = try readChunked()
        } else if let length {
            body = try readExactly(length)
        } else {
            body = try readToEnd()
            closes = true
        }
        if closes { close() }
        return (status, body)
    }

    private func connect() throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            Glibc.close(fd)
            throw Failure(description: "cannot connect to 127.0.0.1:\(port) (errno \(errno))")
        }
        socket = fd
        buffer.removeAll()
    }

    private func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send failed (errno \(errno))") }
            sent += n
        }
    }

    /// Appends what the socket has to `buffer`; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if n < 0 { throw Failure(description: "recv failed (errno \(errno))") }
        if n == 0 { return false }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }

    private func readHead() throws -> [String] {
        while true {
            if let end = headEnd() {
                let text = String(decoding: buffer[0..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                return text.components(separatedBy: "\r\n")
            }
            guard try fill() else { throw Failure(description: "connection closed before the response") }
        }
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
            return i
        }
        return nil
    }

    private func readExactly(_ count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() else { throw Failure(description: "connection closed mid-body") }
        }
        let body = Array(buffer[0..<count])
        buffer.removeFirst(count)
        return body
    }

    private func readLine() throws -> String {
        while true {
            if let i = buffer.indices.dropLast().first(where: { buffer[$0] == 13 && buffer[$0 + 1] == 10 }) {
                let line = String(decoding: buffer[0..<i], as: UTF8.self)
                buffer.removeFirst(i + 2)
                return line
            }
            guard try fill() else { throw Failure(description: "connection closed mid-chunk") }
        }
    }

    private func readChunked() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeText = try readLine().split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw Failure(description: "bad chunk size")
            }
            if size == 0 {
                _ = try readLine()
                return body
            }
            body += try readExactly(size)
            _ = try readExactly(2)
        }
    }

    private func readToEnd() throws -> [UInt8] {
        while try fill() {}
        defer { buffer.removeAll() }
        return buffer
    }
}
