import Foundation

/// An answer: status, content type and body; `write` adds the length and connection headers.
struct HTTPResponse: Sendable {
    var status: Int
    var contentType: String
    var body: [UInt8]

    init(status: Int, contentType: String = "application/json; charset=UTF-8", body: String) {
        self.status = status
        self.contentType = contentType
        self.body = Array(body.utf8)
    }

    /// A body already in UTF-8 (a route's JSON as written).
    init(status: Int, contentType: String = "application/json; charset=UTF-8", bytes: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = bytes
    }

    /// The bytes on the wire; `keepAlive` false says `Connection: close`; a HEAD answer has no body.
    func bytes(keepAlive: Bool, includeBody: Bool = true) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        head += "Content-Type: \(contentType)\r\n"
        head += "Content-Length: \(body.count)\r\n"
        head += "Access-Control-Allow-Origin: *\r\n"
        head += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        return Array(head.utf8) + (includeBody ? body : [])
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 411: return "Length Required"
        case 413: return "Payload Too Large"
        case 414: return "URI Too Long"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }
}
