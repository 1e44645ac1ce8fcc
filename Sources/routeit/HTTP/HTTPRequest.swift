/// One HTTP/1.x request as the server read it: the request line, the headers (names in lower
/// case), the body, and whether the connection stays open after the answer.
struct HTTPRequest: Sendable {
    var method: String
    /// The request target as sent: `/route/v1/driving/24.9,60.1;24.95,60.17?steps=true`.
    var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    var version: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// HTTP/1.1 keeps the connection unless the client says `close`; HTTP/1.0 only when it
    /// says `keep-alive`.
    var keepAlive: Bool {
        let tokens = (header("connection") ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if version == "HTTP/1.0" { return tokens.contains("keep-alive") }
        return !tokens.contains("close")
    }
}
