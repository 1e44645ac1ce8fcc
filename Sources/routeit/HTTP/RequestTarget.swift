import Foundation

/// A request target split and percent-decoded: the path and the query's name=value pairs in
/// order (`+` is a space in the query, as forms and Nominatim's clients write it).
struct RequestTarget: Equatable, Sendable {
    var path: String
    var query: [(name: String, value: String)]

    /// Bad percent-encoding (`%4`, `%zz`, or bytes that are not UTF-8), with where it is.
    struct BadEncoding: Error, Equatable {
        var position: Int
        var description: String { "bad percent-encoding close to position \(position)" }
    }

    init(_ target: String) throws {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = try Self.decode(Substring(parts[0]), offset: 0, plusIsSpace: false)
        query = []
        guard parts.count == 2 else { return }
        var offset = parts[0].utf8.count + 1
        for pair in parts[1].split(separator: "&", omittingEmptySubsequences: false) {
            defer { offset += pair.utf8.count + 1 }
            if pair.isEmpty { continue }
            let nv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(nv[0], offset: offset, plusIsSpace: true)
            let value = nv.count == 2 ? try Self.decode(nv[1], offset: offset + nv[0].utf8.count + 1, plusIsSpace: true) : ""
            query.append((name, value))
        }
    }

    static func == (a: RequestTarget, b: RequestTarget) -> Bool {
        a.path == b.path && a.query.map(\.name) == b.query.map(\.name) && a.query.map(\.value) == b.query.map(\.value)
    }

    /// The last value given for `name` (a repeated parameter: the last one counts, as in PHP).
    func value(_ name: String) -> String? { query.last { $0.name == name }?.value }

    static func decode(_ text: Substring, offset: Int, plusIsSpace: Bool) throws -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var it = Array(text.utf8)[...]
        var position = offset
        while let b = it.popFirst() {
            if b == UInt8(ascii: "%") {
                guard it.count >= 2, let hi = hex(it[it.startIndex]), let lo = hex(it[it.startIndex + 1]) else {
                    throw BadEncoding(position: position)
                }
                bytes.append(hi << 4 | lo)
                it = it.dropFirst(2)
                position += 3
            } else {
                bytes.append(plusIsSpace && b == UInt8(ascii: "+") ? UInt8(ascii: " ") : b)
                position += 1
            }
        }
        guard let decoded = String(bytes: bytes, encoding: .utf8) else { throw BadEncoding(position: offset) }
        return decoded
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: return b - 48
        case 65...70: return b - 55
        case 97...102: return b - 87
        default: return nil
        }
    }
}
