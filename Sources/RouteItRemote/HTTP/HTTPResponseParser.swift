import Foundation

/// Reads an HTTP/1.x answer as its bytes arrive: status line, headers, then a body framed by
/// Content-Length, chunked transfer coding, or the end of the connection. Every size is capped:
/// a server that sends without end is stopped at the cap, not after it has filled the memory.
struct HTTPResponseParser {
    let maxHeaderBytes: Int
    let maxBodyBytes: Int

    private var buffer: [UInt8] = []
    private var status: Int?
    private var contentLength: Int?
    private var chunked = false
    private var bodyStart = 0
    /// Chunked decoding: the body so far and where in `buffer` the next chunk header starts.
    private var decoded: [UInt8] = []
    private var chunkCursor = 0
    private var done = false

    init(maxHeaderBytes: Int, maxBodyBytes: Int) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
    }

    var isComplete: Bool { done }

    static func tooLarge(_ cap: Int) -> String { "the answer is larger than \(cap >> 20) MB" }

    mutating func feed(_ bytes: [UInt8], host: String) throws {
        buffer += bytes
        if status == nil { try parseHeaders(host: host) }
        guard status != nil else { return }
        if chunked {
            try decodeChunks(host: host)
        } else if let length = contentLength {
            if buffer.count - bodyStart >= length { done = true }
        } else if buffer.count - bodyStart > maxBodyBytes {
            throw RemoteError.invalidResponse(host: host, reason: HTTPResponseParser.tooLarge(maxBodyBytes))
        }
    }

    /// The connection ended: complete unless framing said more was coming.
    mutating func finish(host: String) throws {
        guard status != nil else {
            throw RemoteError.invalidResponse(host: host, reason: buffer.isEmpty ? "the connection closed before an answer" : "not an HTTP answer")
        }
        if chunked && !done { throw RemoteError.invalidResponse(host: host, reason: "the answer was cut off") }
        if let length = contentLength, buffer.count - bodyStart < length {
            throw RemoteError.invalidResponse(host: host, reason: "the answer was cut off")
        }
        done = true
    }

    func response(host: String) throws -> HTTPResponse {
        guard let status, done else { throw RemoteError.invalidResponse(host: host, reason: "the answer was cut off") }
        if chunked { return HTTPResponse(statusCode: status, body: Data(decoded)) }
        let end = contentLength.map { bodyStart + $0 } ?? buffer.count
        return HTTPResponse(statusCode: status, body: Data(buffer[bodyStart..<end]))
    }

    private mutating func parseHeaders(host: String) throws {
        guard let end = HTTPResponseParser.find([13, 10, 13, 10], in: buffer, from: 0) else {
            if buffer.count > maxHeaderBytes { throw RemoteError.invalidResponse(host: host, reason: "its headers are too long") }
            return
        }
        let text = String(decoding: buffer[0..<end], as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let code = Int(parts[1]), (100...599).contains(code) else {
            throw RemoteError.invalidResponse(host: host, reason: "not an HTTP answer")
        }
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                guard let length = Int(value), length >= 0 else {
                    throw RemoteError.invalidResponse(host: host, reason: "a bad Content-Length")
                }
                guard length <= maxBodyBytes else {
                    throw RemoteError.invalidResponse(host: host, reason: HTTPResponseParser.tooLarge(maxBodyBytes))
                }
                contentLength = length
            } else if name == "transfer-encoding", value.lowercased().contains("chunked") {
                chunked = true
            }
        }
        if chunked { contentLength = nil }
        status = code
        bodyStart = end + 4
        chunkCursor = bodyStart
        // 1xx answers precede the real one: drop them and read on.
        if (100...199).contains(code) {
            buffer.removeFirst(bodyStart)
            status = nil
            contentLength = nil
            chunked = false
            try parseHeaders(host: host)
        }
    }

    private mutating func decodeChunks(host: String) throws {
        while !done {
            guard let lineEnd = HTTPResponseParser.find([13, 10], in: buffer, from: chunkCursor) else {
                if buffer.count - chunkCursor > 1024 { throw RemoteError.invalidResponse(host: host, reason: "a bad chunk") }
                return
            }
            let sizeText = String(decoding: buffer[chunkCursor..<lineEnd], as: UTF8.self)
                .split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard !sizeText.isEmpty, sizeText.count <= 8, let size = Int(sizeText, radix: 16) else {
                throw RemoteError.invalidResponse(host: host, reason: "a bad chunk")
            }
            if size == 0 { done = true; return }
            guard decoded.count + size <= maxBodyBytes else {
                throw RemoteError.invalidResponse(host: host, reason: HTTPResponseParser.tooLarge(maxBodyBytes))
            }
            let dataStart = lineEnd + 2
            guard buffer.count >= dataStart + size + 2 else { return }
            decoded += buffer[dataStart..<(dataStart + size)]
            chunkCursor = dataStart + size + 2
            // Keep the buffer from holding every chunk twice.
            if chunkCursor > 1 << 20 {
                buffer.removeFirst(chunkCursor)
                chunkCursor = 0
                bodyStart = 0
            }
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var i = start
        while i <= haystack.count - needle.count {
            if haystack[i] == needle[0] && Array(haystack[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }
}
