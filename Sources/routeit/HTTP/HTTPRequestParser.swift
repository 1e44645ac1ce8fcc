import Foundation

/// Reads HTTP/1.x requests out of the bytes a connection received so far, within `HTTPLimits`.
/// Pure (bytes in, request or refusal out), so hostile input is tested without sockets.
struct HTTPRequestParser: Sendable {
    var limits: HTTPLimits

    enum Outcome: Equatable {
        /// Not all of the request is here yet.
        case incomplete
        /// The head is whole and taken; its client waits for `100 Continue` before sending the
        /// body (`Expect: 100-continue`, RFC 9110 10.1.1), which is not here yet.
        case continueExpected
        /// A whole request, and how many bytes of the buffer it took (a pipelined next one may follow).
        case request(consumed: Int)
        /// Refused with this status and one line saying why; the connection is closed after.
        case refused(status: Int, message: String)
    }

    /// Parses the first request in `buffer`; `request` is set when the outcome is `.request`.
    func parse(_ buffer: [UInt8], request: inout HTTPRequest?) -> Outcome {
        // Empty lines before a request are passed over (RFC 9112 2.2), as many as a head may
        // take: read as the headers' end, two of them were an "empty request".
        var start = 0
        while start < buffer.count, buffer[start] == UInt8(ascii: "\r") || buffer[start] == UInt8(ascii: "\n") { start += 1 }
        guard start <= limits.maxHeaderBytes else {
            return .refused(status: 400, message: "more than \(limits.maxHeaderBytes / 1024) KB of empty lines before the request line; send the request without them")
        }
        guard let (headerEnd, bodyStart) = Self.endOfHeaders(buffer, from: start, limit: start + limits.maxHeaderBytes + 4) else {
            return refusalWhileIncomplete(buffer[start...])
        }
        let head = buffer[start..<headerEnd]
        let lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line -> ArraySlice<UInt8> in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        guard let requestLine = lines.first else { return .refused(status: 400, message: "empty request") }
        let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, let method = Self.text(parts[0]), let target = Self.text(parts[1]),
              let version = Self.text(parts[2]) else {
            return .refused(status: 400, message: "malformed request line")
        }
        guard target.utf8.count <= limits.maxTargetBytes else {
            return .refused(status: 414, message: "the URL is longer than \(limits.maxTargetBytes) bytes")
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .refused(status: 400, message: "only HTTP/1.0 and HTTP/1.1 are served")
        }
        guard !method.isEmpty, method.utf8.allSatisfy({ (65...90).contains($0) }), target.hasPrefix("/") else {
            return .refused(status: 400, message: "malformed request line")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), let name = Self.text(line[..<colon]), !name.isEmpty,
                  !name.contains(" "), let value = Self.text(line[(colon + 1)...]) else {
                return .refused(status: 400, message: "malformed header line")
            }
            headers.append((name.lowercased(), value.trimmingCharacters(in: [" ", "\t"])))
            guard headers.count <= limits.maxHeaderCount else {
                return .refused(status: 431, message: "more than \(limits.maxHeaderCount) header lines")
            }
        }
        var parsed = HTTPRequest(method: method, target: target, version: version, headers: headers, body: [])
        if parsed.header("transfer-encoding") != nil {
            return .refused(status: 411, message: "chunked bodies are not taken; send Content-Length")
        }
        var length = 0
        if let given = parsed.header("content-length") {
            guard let n = Int(given), n >= 0, headers.filter({ $0.name == "content-length" }).count == 1 else {
                return .refused(status: 400, message: "bad Content-Length")
            }
            guard n <= limits.maxBodyBytes else {
                return .refused(status: 413, message: "a body of \(n) bytes; at most \(limits.maxBodyBytes) are taken")
            }
            length = n
        }
        // RFC 9112 3.2: the host named once, and by every HTTP/1.1 request (checked after the
        // body's refusals, which say more).
        let hosts = headers.filter { $0.name == "host" }.count
        if hosts > 1 { return .refused(status: 400, message: "more than one Host header; send one") }
        if hosts == 0 && version == "HTTP/1.1" {
            return .refused(status: 400, message: "an HTTP/1.1 request needs a Host header naming the server")
        }
        guard buffer.count >= bodyStart + length else {
            // The body would be read (and ignored, as every body is), so the client may send it.
            // HTTP/1.0 has no 100 Continue (RFC 9110 10.1.1: its Expect is ignored).
            let waits = version == "HTTP/1.1" && parsed.header("expect")?.lowercased() == "100-continue"
            return waits ? .continueExpected : .incomplete
        }
        parsed.body = Array(buffer[bodyStart..<(bodyStart + length)])
        request = parsed
        return .request(consumed: bodyStart + length)
    }

    /// An unfinished request that is already too large is refused now, not when it ends.
    private func refusalWhileIncomplete(_ buffer: ArraySlice<UInt8>) -> Outcome {
        let firstLineEnd = (buffer.firstIndex(of: UInt8(ascii: "\n")) ?? buffer.endIndex) - buffer.startIndex
        if firstLineEnd > limits.maxTargetBytes + 32 {
            return .refused(status: 414, message: "the URL is longer than \(limits.maxTargetBytes) bytes")
        }
        if buffer.count > limits.maxHeaderBytes {
            return .refused(status: 431, message: "the headers are longer than \(limits.maxHeaderBytes) bytes")
        }
        return .incomplete
    }

    /// Where the headers that begin at `from` end (the blank line: `\r\n\r\n`, or bare `\n`s)
    /// within the first `limit` bytes: the end of the last header line and the start of the body.
    static func endOfHeaders(_ buffer: [UInt8], from: Int = 0, limit: Int) -> (head: Int, body: Int)? {
        let n = min(buffer.count, limit)
        var j = from
        while j + 1 < n {
            if buffer[j] == 10 {
                if buffer[j + 1] == 10 { return (j, j + 2) }
                if j + 2 < n, buffer[j + 1] == 13, buffer[j + 2] == 10 { return (j, j + 3) }
            }
            j += 1
        }
        return nil
    }

    /// Visible ASCII and spaces only (the request line and header names must be; values may be
    /// UTF-8, read as such).
    private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.allSatisfy({ $0 >= 32 && $0 != 127 || $0 == 9 }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
