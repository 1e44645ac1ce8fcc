/// Decodes a chunked body as its bytes arrive, handing on the data of each chunk without
/// keeping it (a download may be far larger than memory).
struct ChunkedBodyDecoder {
    private enum State { case size, data(left: Int), dataEnd, done }
    private var state = State.size
    private var pending: [UInt8] = []

    var isDone: Bool { if case .done = state { return true } else { return false } }

    mutating func feed(_ bytes: [UInt8], host: String, emit: ([UInt8]) throws -> Void) throws {
        pending += bytes
        while true {
            switch state {
            case .done:
                return
            case .size:
                guard let lineEnd = HTTPResponseParser.find([13, 10], in: pending, from: 0) else {
                    if pending.count > 1024 { throw RemoteError.invalidResponse(host: host, reason: "a bad chunk") }
                    return
                }
                let text = String(decoding: pending[0..<lineEnd], as: UTF8.self)
                    .split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                guard !text.isEmpty, text.count <= 15, let size = Int(text, radix: 16) else {
                    throw RemoteError.invalidResponse(host: host, reason: "a bad chunk")
                }
                pending.removeFirst(lineEnd + 2)
                state = size == 0 ? .done : .data(left: size)
            case .data(let left):
                guard !pending.isEmpty else { return }
                let n = min(left, pending.count)
                try emit(Array(pending[0..<n]))
                pending.removeFirst(n)
                state = n == left ? .dataEnd : .data(left: left - n)
            case .dataEnd:
                guard pending.count >= 2 else { return }
                pending.removeFirst(2)
                state = .size
            }
        }
    }
}
