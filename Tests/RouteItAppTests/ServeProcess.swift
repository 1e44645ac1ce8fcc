import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `routeit serve --port 0` as a child process: the port from its first line (no race for a
/// port), plain HTTP/1.1 over a socket (so tests can send what no HTTP library would), and a
/// SIGTERM that must end it with status 0.
final class ServeProcess {
    let process = Process()
    let port: UInt16
    private let stdout = Pipe(), stderr = Pipe()
    private let exited = DispatchSemaphore(value: 0)

    init(map: String, extra: [String] = [], environment: [String: String] = [:]) throws {
        process.executableURL = try RouteItProcess.locate()
        process.arguments = ["serve", "--map", map, "--port", "0", "--threads", "2"] + extra
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = RouteItProcess.privateDataDirectory()
        env["ROUTEIT_DIRECTIONS"] = ""
        env["ROUTEIT_GEOCODER"] = ""
        env.merge(environment) { $1 }
        process.environment = env
        process.standardOutput = stdout
        process.standardError = stderr
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
        // The first line names the address: `routeit serve: listening on 127.0.0.1:PORT ...`.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: #"127\.0\.0\.1:[0-9]+"#, options: .regularExpression),
              let port = UInt16(text[range].split(separator: ":")[1]) else {
            process.terminate()
            throw Failure(description: "routeit serve printed no address: \(text) \(String(decoding: stderr.fileHandleForReading.availableData, as: UTF8.self))")
        }
        self.port = port
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    struct Response {
        var status: Int
        var headers: String
        var body: Data
        var json: Any? { try? JSONSerialization.jsonObject(with: body) }
        var object: [String: Any] { json as? [String: Any] ?? [:] }
    }

    /// GET `target` on a new connection (closed after the answer).
    func get(_ target: String) throws -> Response {
        try exchange(Data("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
    }

    /// Sends `bytes` as they are and reads until the server closes; `timeout` bounds the wait.
    func exchange(_ bytes: Data, timeout: TimeInterval = 30) throws -> Response {
        let fd = try connect()
        defer { close(fd) }
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return try Self.parse(readToEnd(fd, timeout: timeout))
    }

    /// A connected socket to the server.
    func connect() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, connected == 0 else { throw Failure(description: "cannot connect to 127.0.0.1:\(port)") }
        return fd
    }

    /// Everything until the server closes the connection (or `timeout` passes: an error).
    func readToEnd(_ fd: Int32, timeout: TimeInterval) throws -> Data {
        var out = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let end = Date().addingTimeInterval(timeout)
        while true {
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            let waitMs = Int32(max(0, end.timeIntervalSinceNow * 1000))
            guard poll(&fds, 1, waitMs) > 0 else { throw Failure(description: "no end of answer within \(timeout) s: \(out.count) bytes") }
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return out }
            out.append(contentsOf: chunk[..<n])
        }
    }

    static func parse(_ data: Data) throws -> Response {
        guard let split = data.range(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(description: "not an HTTP answer: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return Response(status: status, headers: head, body: data[split.upperBound...])
    }

    /// SIGTERM, then the exit status and what it logged; a server still running 30 s later is
    /// killed and reported as status -1.
    func stop() -> (status: Int32, log: String) {
        kill(process.processIdentifier, SIGTERM)
        var status: Int32 = -1
        if exited.wait(timeout: .now() + 30) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        } else {
            process.waitUntilExit()
            status = process.terminationStatus
        }
        let log = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (status, log)
    }
}
