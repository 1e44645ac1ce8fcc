import CCurlLoader
import Foundation

/// One GET, start to last byte, within a deadline, with a cap on the answer's size, stoppable
/// at any moment. Plain HTTP goes over a socket of our own (no URLSession: the program does not
/// link libcurl, which keeps a cold start cheap, and the deadline covers the whole exchange, not
/// each read); HTTPS goes through libcurl loaded when first needed.
struct HTTPExchange {
    var url: URL
    var userAgent: String
    var timeout: TimeInterval
    var maxBodyBytes: Int
    var stop: StopSignal

    /// The longest header section accepted.
    static let maxHeaderBytes = 64 << 10

    func run() throws -> HTTPResponse {
        let host = url.hostDescription
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), let name = components.host, !name.isEmpty else {
            throw RemoteError.unreachable(host: host, reason: "not an http:// or https:// address")
        }
        let deadline = Deadline(seconds: timeout)
        switch scheme {
        case "http": return try plain(components, hostName: name, deadline: deadline)
        case "https": return try secure(deadline: deadline)
        default: throw RemoteError.unreachable(host: host, reason: "not an http:// or https:// address")
        }
    }

    // MARK: plain HTTP

    private func plain(_ components: URLComponents, hostName: String, deadline: Deadline) throws -> HTTPResponse {
        let host = url.hostDescription
        let port = components.port ?? 80
        let socket = try SocketConnection.connect(host: hostName, port: port, deadline: deadline, stop: stop, label: host)
        defer { socket.close() }
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        let hostHeader = hostName.contains(":") ? "[\(hostName)]" : hostName
        let request = "GET \(target) HTTP/1.1\r\nHost: \(hostHeader)\(components.port.map { ":\($0)" } ?? "")\r\n"
            + "User-Agent: \(userAgent)\r\nAccept: application/json\r\nConnection: close\r\n\r\n"
        try socket.send(Array(request.utf8), deadline: deadline, stop: stop, label: host)
        var parser = HTTPResponseParser(maxHeaderBytes: HTTPExchange.maxHeaderBytes, maxBodyBytes: maxBodyBytes)
        while !parser.isComplete {
            guard let chunk = try socket.receive(deadline: deadline, stop: stop, label: host) else {
                try parser.finish(host: host)
                break
            }
            try parser.feed(chunk, host: host)
        }
        return try parser.response(host: host)
    }

    // MARK: HTTPS

    private func secure(deadline: Deadline) throws -> HTTPResponse {
        let host = url.hostDescription
        let sink = CurlSink(maxBodyBytes: maxBodyBytes, stop: stop)
        var status = 0
        var error = [CChar](repeating: 0, count: 512)
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let code = ccurl_get(url.absoluteString, userAgent, max(1, Int(deadline.remainingMilliseconds)), context, { context, bytes, count in
            let sink = Unmanaged<CurlSink>.fromOpaque(context!).takeUnretainedValue()
            return sink.take(bytes, count)
        }, { context in
            Unmanaged<CurlSink>.fromOpaque(context!).takeUnretainedValue().stop.isStopped ? 1 : 0
        }, &status, &error, error.count)
        if stop.isStopped { throw RemoteError.cancelled }
        if sink.overflowed { throw RemoteError.invalidResponse(host: host, reason: HTTPResponseParser.tooLarge(maxBodyBytes)) }
        switch code {
        case 0: return HTTPResponse(statusCode: status, body: sink.body)
        case 28: throw RemoteError.timedOut(host: host)
        case 6: throw RemoteError.unreachable(host: host, reason: "unknown host")
        case 7: throw RemoteError.unreachable(host: host, reason: "connection refused")
        default:
            let text = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw RemoteError.unreachable(host: host, reason: text.isEmpty ? "HTTPS failed" : text)
        }
    }
}

/// Collects a libcurl body up to the cap.
private final class CurlSink {
    let maxBodyBytes: Int
    let stop: StopSignal
    var body = Data()
    var overflowed = false

    init(maxBodyBytes: Int, stop: StopSignal) {
        self.maxBodyBytes = maxBodyBytes
        self.stop = stop
    }

    func take(_ bytes: UnsafePointer<CChar>?, _ count: Int) -> Int32 {
        guard !stop.isStopped else { return 1 }
        guard body.count + count <= maxBodyBytes else { overflowed = true; return 1 }
        if let bytes, count > 0 { body.append(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: count) }
        return 0
    }
}

/// A point in monotonic time an exchange must finish by.
struct Deadline {
    private let end: UInt64

    init(seconds: TimeInterval) {
        let bounded = seconds.isFinite ? min(86_400, max(0, seconds)) : 86_400
        end = DispatchTime.now().uptimeNanoseconds + UInt64(bounded * 1_000_000_000)
    }

    var remainingMilliseconds: Int64 {
        let now = DispatchTime.now().uptimeNanoseconds
        return now >= end ? 0 : Int64((end - now) / 1_000_000)
    }

    var hasPassed: Bool { DispatchTime.now().uptimeNanoseconds >= end }
}
