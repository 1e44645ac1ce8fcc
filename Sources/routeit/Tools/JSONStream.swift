/// JSON written member by member as an answer is walked, with no tree of values built first:
/// a route's OSRM answer as a `[String: Any]` tree cost as much to build and to free as to
/// write it (a cold `route --json` on the 1M grid, callgrind). Commas are placed by what was
/// written last (none after `{`, `[` or a key's `:`), so the caller only opens, names and
/// closes. Keys are written in the order given; the answers give them sorted, as `JSONWriter`
/// sorts a tree's (debug builds check it), and strings and numbers come out as `JSONWriter`
/// writes them (`JSONStreamTests`), so both write the same bytes.
struct JSONStream {
    private(set) var bytes: [UInt8] = []
    #if DEBUG
    /// Per open object, its last key: keys must come sorted.
    private var lastKeys: [String?] = []
    #endif

    init(capacity: Int = 4_096) {
        bytes.reserveCapacity(capacity)
    }

    mutating func openObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        #if DEBUG
        lastKeys.append(nil)
        #endif
    }

    mutating func closeObject() {
        bytes.append(UInt8(ascii: "}"))
        #if DEBUG
        lastKeys.removeLast()
        #endif
    }

    mutating func openArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
    }

    mutating func closeArray() { bytes.append(UInt8(ascii: "]")) }

    /// `"name":`, the member's value to follow.
    mutating func key(_ name: String) {
        #if DEBUG
        if let last = lastKeys[lastKeys.count - 1] { assert(last < name, "JSON keys out of order: \(last) before \(name)") }
        lastKeys[lastKeys.count - 1] = name
        #endif
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// A string literal: quotes, backslashes and control characters escaped, the rest as is.
    mutating func string(_ text: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): literal("\\\"")
            case UInt8(ascii: "\\"): literal("\\\\")
            case UInt8(ascii: "\n"): literal("\\n")
            case UInt8(ascii: "\r"): literal("\\r")
            case UInt8(ascii: "\t"): literal("\\t")
            case 0..<0x20:
                literal("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 15)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A finite number (whole ones without a fraction, others with `description`'s digits);
    /// anything else is null.
    mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        if value == value.rounded(), abs(value) < 1e15 { return integer(Int(value)) }
        // A count of millionths (a rounded distance or coordinate): `description`'s shortest
        // digits are exactly those millionths' (see `JSONWriter.millionths`), written without it.
        if abs(value) >= 1e-4, abs(value) < 1e9 {
            let scaled = (value * 1e6).rounded()
            if scaled / 1e6 == value { return decimal(Int64(scaled)) }
        }
        separate()
        raw(value.description)
    }

    /// The value rounded to six decimals (a coordinate as OSRM writes it), as
    /// `number((value * 1e6).rounded() / 1e6)` writes it, without the division and the checks
    /// that undo it.
    mutating func sixDecimals(_ value: Double) {
        let millionths = (value * 1e6).rounded()
        // Below 1e-4 (`description`'s exponent form), and the huge or not finite, as `number`.
        guard abs(millionths) >= 100, abs(millionths) < 1e15 else { return number(millionths / 1e6) }
        let count = Int64(millionths)
        if count % 1_000_000 == 0 { return integer(Int(count / 1_000_000)) }
        decimal(count)
    }

    mutating func integer(_ n: Int) {
        separate()
        write(whole: n.magnitude, fraction: 0, places: 0, negative: n < 0)
    }

    mutating func bool(_ value: Bool) {
        separate()
        literal(value ? "true" : "false")
    }

    mutating func null() {
        separate()
        literal("null")
    }

    /// `-12.3405` from -12_340_500 millionths (not whole): the fraction's trailing zeros dropped.
    private mutating func decimal(_ millionths: Int64) {
        separate()
        var fraction = millionths.magnitude % 1_000_000, places = 6
        while places > 0 && fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        write(whole: UInt(millionths.magnitude / 1_000_000), fraction: fraction, places: places, negative: millionths < 0)
    }

    /// `-whole.fraction` (`places` digits of fraction, none: no point), its digits made from the
    /// back in a buffer on the stack and appended at once: byte by byte, a line's coordinates
    /// were a tenth of a cold `route --json --steps --overview full --geometries geojson`.
    private mutating func write(whole: UInt, fraction: UInt64, places: Int, negative: Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            var start = buffer.count, fraction = fraction, whole = whole
            for _ in 0..<places {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(fraction % 10)
                fraction /= 10
            }
            if places > 0 {
                start -= 1
                buffer[start] = UInt8(ascii: ".")
            }
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
            } while whole > 0
            if negative {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    private mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// A comma unless the value or key opens its container or follows its key.
    @inline(__always)
    private mutating func separate() {
        guard let last = bytes.last else { return }
        if last != UInt8(ascii: "{") && last != UInt8(ascii: "[") && last != UInt8(ascii: ":") {
            bytes.append(UInt8(ascii: ","))
        }
    }
}
