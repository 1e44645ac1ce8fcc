import Foundation

/// One download's GET: where, the extra header lines it sends (`Range: bytes=10-`,
/// `If-Modified-Since: ...`), and how long the server may stay silent. A large extract has no
/// overall deadline, only this idle one.
public struct DownloadRequest: Sendable {
    public var url: URL
    public var headers: [String]
    public var idleTimeout: TimeInterval

    public init(url: URL, headers: [String] = [], idleTimeout: TimeInterval = 30) {
        self.url = url
        self.headers = headers
        self.idleTimeout = idleTimeout
    }
}

/// An answer's status and headers (names lowercased), given before its first body byte.
public struct DownloadHead: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]

    public init(status: Int, headers: [String: String] = [:]) {
        self.status = status
        self.headers = headers
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body's length as Content-Length gives it (nil: not given, or chunked).
    public var contentLength: Int64? {
        if header("transfer-encoding")?.lowercased().contains("chunked") == true { return nil }
        return header("content-length").flatMap { Int64($0) }.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// The file's full size: `Content-Range: bytes 10-99/100` on a 206, else the body's length.
    public var totalLength: Int64? {
        if status == 206, let range = header("content-range"), let slash = range.lastIndex(of: "/") {
            return Int64(range[range.index(after: slash)...].trimmingCharacters(in: .whitespaces))
        }
        return contentLength
    }

    /// Parses "HTTP/1.1 200 OK" and the header lines after it; nil when the first line is not
    /// an HTTP status line.
    static func parse(lines: [String]) -> DownloadHead? {
        guard let first = lines.first else { return nil }
        let parts = first.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].count == 3, let code = Int(parts[1]),
              (100...599).contains(code) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return DownloadHead(status: code, headers: headers)
    }
}

/// Fetching a URL as a stream of body bytes (a file far larger than memory). Tests give a double.
public protocol HTTPDownloading: Sendable {
    /// GETs `request`: `head` gets the answer's status and headers once, before any body byte,
    /// and may throw to stop there; `body` gets the body's bytes as they arrive. A connection that
    /// ends before the body is complete throws `RemoteError.unreachable` ("connection lost ...").
    func fetch(_ request: DownloadRequest, stop: StopSignal?,
               head: (DownloadHead) throws -> Void, body: ([UInt8]) throws -> Void) throws
}
