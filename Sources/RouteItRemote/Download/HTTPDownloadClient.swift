import CCurlLoader
import Foundation

/// Streams a GET's body to its caller as it arrives: plain HTTP over a socket of our own (as
/// `HTTPExchange`), HTTPS through libcurl loaded when first needed. Unlike `HTTPClient`, nothing
/// is kept in memory and only silence times out, so a file of any size can be downloaded.
public struct HTTPDownloadClient: HTTPDownloading {
    public var userAgent: String

    public init(userAgent: String = RemoteConfiguration().userAgent) {
        self.userAgent = userAgent
    }

    public func fetch(_ request: DownloadRequest, stop: StopSignal?,
                      head: (DownloadHead) throws -> Void, body: ([UInt8]) throws -> Void) throws {
        try fetch(request, stop: stop, redirects: 0, head: head, body: body)
    }

    private func fetch(_ request: DownloadRequest, stop: StopSignal?, redirects: Int,
                       head: (DownloadHead) throws -> Void, body: ([UInt8]) throws -> Void) throws {
        let label = request.url.hostDescription
        guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), let name = components.host, !name.isEmpty else {
            throw RemoteError.unreachable(host: label, reason: "not an http:// or https:// address")
        }
        let stop = stop ?? StopSignal()
        switch scheme {
        case "http":
            // A redirect (to https://, a mirror) is followed, up to five times.
            guard let next = try plain(request, components, hostName: name, stop: stop, head: head, body: body) else { return }
            guard redirects < 5 else { throw RemoteError.invalidResponse(host: label, reason: "too many redirects") }
            var moved = request
            moved.url = next
            try fetch(moved, stop: stop, redirects: redirects + 1, head: head, body: body)
        case "https": try secure(request, stop: stop, head: head, body: body)
        default: throw RemoteError.unreachable(host: label, reason: "not an http:// or https:// address")
        }
    }

    static func connectionLost(_ host: String) -> RemoteError {
        .unreachable(host: host, reason: "connection lost during the download")
    }

    // MARK: plain HTTP

    /// The body to `body`, or the address a redirect points to (nothing was given to `head`).
    private func plain(_ request: DownloadRequest, _ components: URLComponents, hostName: String, stop: StopSignal,
                       head: (DownloadHead) throws -> Void, body: ([UInt8]) throws -> Void) throws -> URL? {
        let label = request.url.hostDescription
        func deadline() -> Deadline { Deadline(seconds: request.idleTimeout) }
        let socket = try SocketConnection.connect(host: hostName, port: components.port ?? 80, deadline: deadline(), stop: stop, label: label)
        defer { socket.close() }
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        let hostHeader = (hostName.contains(":") ? "[\(hostName)]" : hostName) + (components.port.map { ":\($0)" } ?? "")
        let lines = ["GET \(target) HTTP/1.1", "Host: \(hostHeader)", "User-Agent: \(userAgent)", "Accept: */*",
                     "Connection: close"] + request.headers.filter { !$0.contains("\r") && !$0.contains("\n") }
        try socket.send(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8), deadline: deadline(), stop: stop, label: label)

        // The head: read until its blank line (skipping 1xx answers).
        var buffer: [UInt8] = []
        var answer: DownloadHead?
        while answer == nil {
            guard let chunk = try socket.receive(deadline: deadline(), stop: stop, label: label) else {
                throw RemoteError.invalidResponse(host: label, reason: buffer.isEmpty ? "the connection closed before an answer" : "not an HTTP answer")
            }
            buffer += chunk
            while answer == nil, let end = HTTPResponseParser.find([13, 10, 13, 10], in: buffer, from: 0) {
                let text = String(decoding: buffer[0..<end], as: UTF8.self)
                guard let parsed = DownloadHead.parse(lines: text.components(separatedBy: "\r\n")) else {
                    throw RemoteError.invalidResponse(host: label, reason: "not an HTTP answer")
                }
                buffer.removeFirst(end + 4)
                if !(100...199).contains(parsed.status) { answer = parsed }
            }
            if answer == nil && buffer.count > HTTPExchange.maxHeaderBytes {
                throw RemoteError.invalidResponse(host: label, reason: "its headers are too long")
            }
        }
        let received = answer!
        if [301, 302, 303, 307, 308].contains(received.status), let location = received.header("location"),
           let next = URL(string: location, relativeTo: request.url)?.absoluteURL {
            return next
        }
        try head(received)
        if received.status == 204 || received.status == 304 { return nil }

        // The body: framed by chunks, by Content-Length, or by the end of the connection.
        if received.header("transfer-encoding")?.lowercased().contains("chunked") == true {
            var decoder = ChunkedBodyDecoder()
            var next: [UInt8]? = buffer
            while let chunk = next {
                try decoder.feed(chunk, host: label, emit: body)
                if decoder.isDone { return nil }
                next = try socket.receive(deadline: deadline(), stop: stop, label: label)
            }
            throw Self.connectionLost(label)
        }
        var left = received.contentLength ?? Int64.max
        var next: [UInt8]? = buffer
        while let chunk = next, left > 0 {
            let take = Int(min(Int64(chunk.count), left))
            if take > 0 { try body(take == chunk.count ? chunk : Array(chunk[0..<take])) }
            left -= Int64(take)
            if left == 0 { return nil }
            next = try socket.receive(deadline: deadline(), stop: stop, label: label)
        }
        if received.contentLength != nil && left > 0 { throw Self.connectionLost(label) }
        return nil
    }

    // MARK: HTTPS

    private func secure(_ request: DownloadRequest, stop: StopSignal,
                        head: (DownloadHead) throws -> Void, body: ([UInt8]) throws -> Void) throws {
        let label = request.url.hostDescription
        try withoutActuallyEscaping(head) { head in
            try withoutActuallyEscaping(body) { body in
                let transfer = CurlTransfer(label: label, stop: stop, head: head, body: body)
                var status = 0
                var error = [CChar](repeating: 0, count: 512)
                let headers = request.headers.map { strdup($0) }
                defer { headers.forEach { free($0) } }
                var pointers: [UnsafePointer<CChar>?] = headers.map { UnsafePointer($0) }
                let context = Unmanaged.passUnretained(transfer).toOpaque()
                let code = ccurl_download(
                    request.url.absoluteString, userAgent, max(1000, Int(request.idleTimeout * 1000)), &pointers, Int32(headers.count), context,
                    { context, bytes, count in Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().headerLine(bytes, count) },
                    { context, bytes, count in Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().bodyBytes(bytes, count) },
                    { context in Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().stop.isStopped ? 1 : 0 },
                    &status, &error, error.count)
                if let failure = transfer.failure { throw failure }
                if stop.isStopped { throw RemoteError.cancelled }
                switch code {
                case 0:
                    try transfer.deliverHead()
                case 28: throw RemoteError.timedOut(host: label)
                case 6: throw RemoteError.unreachable(host: label, reason: "unknown host")
                case 7: throw RemoteError.unreachable(host: label, reason: "connection refused")
                case 18, 56: throw Self.connectionLost(label)
                default:
                    let text = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    throw RemoteError.unreachable(host: label, reason: text.isEmpty ? "HTTPS failed" : text)
                }
            }
        }
    }
}

/// One libcurl transfer's state: the last head's lines (a redirect's head is replaced by the
/// next one), and the first error the caller's closures threw (which stops the transfer).
private final class CurlTransfer {
    let label: String
    let stop: StopSignal
    let head: (DownloadHead) throws -> Void
    let body: ([UInt8]) throws -> Void
    var lines: [String] = []
    var delivered = false
    var failure: Error?

    init(label: String, stop: StopSignal, head: @escaping (DownloadHead) throws -> Void, body: @escaping ([UInt8]) throws -> Void) {
        self.label = label
        self.stop = stop
        self.head = head
        self.body = body
    }

    func headerLine(_ bytes: UnsafePointer<CChar>?, _ count: Int) -> Int32 {
        guard let bytes else { return 0 }
        let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
            .trimmingCharacters(in: .newlines)
        if line.hasPrefix("HTTP/") { lines = [line] } else if !line.isEmpty { lines.append(line) }
        return 0
    }

    func deliverHead() throws {
        guard !delivered else { return }
        delivered = true
        guard let parsed = DownloadHead.parse(lines: lines) else {
            throw RemoteError.invalidResponse(host: label, reason: "not an HTTP answer")
        }
        try head(parsed)
    }

    func bodyBytes(_ bytes: UnsafePointer<CChar>?, _ count: Int) -> Int32 {
        do {
            try deliverHead()
            if let bytes, count > 0 { try body(Array(UnsafeRawBufferPointer(start: bytes, count: count))) }
            return 0
        } catch {
            failure = error
            return 1
        }
    }
}
