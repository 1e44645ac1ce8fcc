/// JSON written member by member as an answer is walked, with no tree of values built first:
/// a route's OSRM answer as a `[String: Any]` tree cost as much to build and to free as to
/// write it (a cold `route --json` on the 1M grid, callgrind). Commas are placed by what was
/// written last (none after `{`, `[` or a key's `:`), so the caller only opens, names and
/// closes. Keys are written in the order given; the answers give them sorted, as `JSONWriter`
/// sorts a tree's (debug builds check it). `JSONWriter` writes its trees through it, so a tree
/// and a stream of the same values are the same bytes. Inlinable: the route answers write
/// through it from the app's module, a call per number.
@frozen
public struct JSONStream {
    public var bytes: [UInt8] = []
    #if DEBUG
    /// Per open object, its last key: keys must come sorted.
    @usableFromInline var lastKeys: [String?] = []
    #endif

    @inlinable
    public init(capacity: Int = 4_096) {
        bytes.reserveCapacity(capacity)
    }

    @inlinable
    public mutating func openObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        #if DEBUG
        lastKeys.append(nil)
        #endif
    }

    @inlinable
    public mutating func closeObject() {
        bytes.append(UInt8(ascii: "}"))
        #if DEBUG
        lastKeys.removeLast()
        #endif
    }

    @inlinable
    public mutating func openArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
    }

    @inlinable
    public mutating func closeArray() { bytes.append(UInt8(ascii: "]")) }

    /// `"name":`, the member's value to follow.
    @inlinable
    public mutating func key(_ name: String) {
        #if DEBUG
        if let last = lastKeys[lastKeys.count - 1] { assert(last < name, "JSON keys out of order: \(last) before \(name)") }
        lastKeys[lastKeys.count - 1] = name
        #endif
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// A string literal: quotes, backslashes and control characters escaped, the rest as is.
    @inlinable
    public mutating func string(_ text: String) {
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

    @usableFromInline static let hexDigits = Array("0123456789abcdef".utf8)

    /// A finite number (whole ones without a fraction, others with `description`'s digits);
    /// anything else is null.
    @inlinable
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        if value == value.rounded(), abs(value) < 1e15 { return integer(Int(value)) }
        // The double nearest a count of millionths (a coordinate rounded to six decimals, a
        // distance to one), below a billion and not below 1e-4 (where `description` turns to
        // exponents): `description`'s shortest digits are exactly those millionths' (fifteen
        // digits at most, and two decimals of that length lie more than half a double's spacing
        // apart), written without it: `description` was most of the time of writing a long line.
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
    @inlinable
    public mutating func sixDecimals(_ value: Double) {
        let millionths = (value * 1e6).rounded()
        // Below 1e-4 (`description`'s exponent form), and the huge or not finite, as `number`.
        guard abs(millionths) >= 100, abs(millionths) < 1e15 else { return number(millionths / 1e6) }
        let count = Int64(millionths)
        if count % 1_000_000 == 0 { return integer(Int(count / 1_000_000)) }
        decimal(count)
    }

    @inlinable
    public mutating func integer(_ n: Int) {
        separate()
        write(whole: n.magnitude, fraction: 0, places: 0, negative: n < 0)
    }

    /// An unsigned whole number, all its digits (past `Int.max` too).
    @inlinable
    public mutating func unsigned(_ n: UInt) {
        separate()
        write(whole: n, fraction: 0, places: 0, negative: false)
    }

    @inlinable
    public mutating func bool(_ value: Bool) {
        separate()
        literal(value ? "true" : "false")
    }

    @inlinable
    public mutating func null() {
        separate()
        literal("null")
    }

    /// `-12.3405` from -12_340_500 millionths (not whole): the fraction's trailing zeros dropped.
    @inlinable
    mutating func decimal(_ millionths: Int64) {
        separate()
        var fraction = millionths.magnitude % 1_000_000, places = 6
        while places > 0 && fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        write(whole: UInt(millionths.magnitude / 1_000_000), fraction: fraction, places: places, negative: millionths < 0)
    }

    /// `-whole.fraction` (`places` digits of fraction, none: no point), its digits made from the
    /// back in a buffer on the stack, two at a time, and appended at once: byte by byte, a line's
    /// coordinates were a tenth of a cold `route --json --steps --overview full --geometries
    /// geojson`; digit by digit, the digits were still over half of writing a coordinate.
    @inlinable
    mutating func write(whole: UInt, fraction: UInt64, places: Int, negative: Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            Self.digitPairs.withUTF8Buffer { pairs in
                var start = buffer.count, fraction = fraction, whole = whole, left = places
                func pair(_ n: Int) {
                    start -= 2
                    buffer[start] = pairs[2 * n]
                    buffer[start + 1] = pairs[2 * n + 1]
                }
                while left >= 2 {
                    pair(Int(fraction % 100))
                    fraction /= 100
                    left -= 2
                }
                if left == 1 {
                    start -= 1
                    buffer[start] = UInt8(ascii: "0") + UInt8(fraction % 10)
                }
                if places > 0 {
                    start -= 1
                    buffer[start] = UInt8(ascii: ".")
                }
                while whole >= 100 {
                    pair(Int(whole % 100))
                    whole /= 100
                }
                if whole >= 10 {
                    pair(Int(whole))
                } else {
                    start -= 1
                    buffer[start] = UInt8(ascii: "0") + UInt8(whole)
                }
                if negative {
                    start -= 1
                    buffer[start] = UInt8(ascii: "-")
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
            }
        }
    }

    /// "00" to "99": the two digits of n at 2n.
    @usableFromInline static var digitPairs: StaticString { "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899" }

    @inlinable
    mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inlinable
    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// A comma unless the value or key opens its container or follows its key.
    @inlinable @inline(__always)
    mutating func separate() {
        guard let last = bytes.last else { return }
        if last != UInt8(ascii: "{") && last != UInt8(ascii: "[") && last != UInt8(ascii: ":") {
            bytes.append(UInt8(ascii: ","))
        }
    }
}
