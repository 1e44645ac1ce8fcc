import RouteItCore

/// A waypoint's `hint`, as OSRM's is: opaque base64 that a client hands back in `hints=` so the
/// place lands on the same road without a new nearest-road choice. RouteIt's carries the map's
/// fingerprint (a hint from another map or import is not taken, as OSRM checks its data
/// checksum), the coordinate asked (a hint is taken only for that coordinate, as OSRM's
/// `Hint::IsValid`) and the point on the road it was snapped to, to 1e-7°.
struct OSRMHint: Equatable {
    static let version: UInt8 = 1
    var map: UInt32
    var asked: Coordinate
    var snapped: Coordinate

    /// URL-safe base64 (`-`, `_`, no padding) of 21 bytes: version, map, asked, snapped.
    var text: String {
        var bytes: [UInt8] = [Self.version]
        func append(_ value: UInt32) { for shift in stride(from: 0, through: 24, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) } }
        append(map)
        for c in [asked, snapped] {
            append(UInt32(bitPattern: Self.fixed(c.latitude)))
            append(UInt32(bitPattern: Self.fixed(c.longitude)))
        }
        return Self.base64(bytes)
    }

    /// The hint in `text`; nil when it is not one of RouteIt's (another server's, damaged).
    init?(text: String) {
        guard let bytes = Self.bytes(base64: text), bytes.count == 21, bytes[0] == Self.version else { return nil }
        func value(_ at: Int) -> UInt32 { (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << UInt32(8 * $1) } }
        func coordinate(_ at: Int) -> Coordinate {
            Coordinate(latitude: Double(Int32(bitPattern: value(at))) / 1e7, longitude: Double(Int32(bitPattern: value(at + 4))) / 1e7)
        }
        map = value(1)
        asked = coordinate(5)
        snapped = coordinate(13)
        guard asked.isValid, snapped.isValid else { return nil }
    }

    init(map: UInt32, asked: Coordinate, snapped: Coordinate) {
        self.map = map
        self.asked = asked
        self.snapped = snapped
    }

    /// The road point to route from for the place asked at `coordinate` on the map `map`; nil
    /// when the hint belongs to another map or another coordinate (the place is snapped anew).
    func roadPoint(for coordinate: Coordinate, map: UInt32) -> Coordinate? {
        guard map == self.map, abs(coordinate.latitude - asked.latitude) <= 1e-7, abs(coordinate.longitude - asked.longitude) <= 1e-7 else {
            return nil
        }
        return snapped
    }

    private static func fixed(_ degrees: Double) -> Int32 { Int32((degrees * 1e7).rounded()) }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static func base64(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            var chunk = UInt32(0)
            for k in 0..<3 { chunk = chunk << 8 | UInt32(k < n ? bytes[i + k] : 0) }
            for k in 0...n { out.append(alphabet[Int(chunk >> UInt32(18 - 6 * k) & 63)]) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func bytes(base64 text: String) -> [UInt8]? {
        var bits = UInt32(0), count = 0
        var out: [UInt8] = []
        for c in text.utf8 {
            guard let v = alphabet.firstIndex(of: c) else { return nil }
            bits = bits << 6 | UInt32(v)
            count += 6
            if count >= 8 {
                count -= 8
                out.append(UInt8(truncatingIfNeeded: bits >> UInt32(count)))
            }
        }
        return out
    }
}
