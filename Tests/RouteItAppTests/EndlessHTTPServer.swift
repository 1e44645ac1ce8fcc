import Foundation

/// A misbehaving HTTP server on 127.0.0.1: it answers every request with a 200 head and then a
/// body that never ends, one byte at a time (`drip`) or as fast as the client takes it (`flood`).
final class EndlessHTTPServer: @unchecked Sendable {
    enum Pace { case drip, flood }

    let port: UInt16
    private let fd: Int32
    private let pace: Pace
    private let lock = NSLock()
    private var stopped = false

    init(_ pace: Pace) {
        let socket = LoopbackSocket.bound()
        fd = socket.fd
        port = socket.port
        self.pace = pace
        listen(fd, 16)
        Thread { [self] in acceptLoop() }.start()
    }

    var url: String { "http://127.0.0.1:\(port)" }

    func stop() {
        lock.withLock { stopped = true }
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        while true {
            let client = accept(fd, nil, nil)
            if client < 0 { return }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var head = Data()
        while !head.contains(Data("\r\n\r\n".utf8)) {
            let n = read(client, &buffer, buffer.count)
            if n <= 0 { return }
            head.append(contentsOf: buffer[0..<n])
        }
        guard send(client, Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n".utf8)) else { return }
        let chunk = [UInt8](repeating: 0x20, count: pace == .drip ? 1 : 65536)
        while !isStopped, send(client, chunk) {
            if pace == .drip { Thread.sleep(forTimeInterval: 0.05) }
        }
    }

    private func send(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}
