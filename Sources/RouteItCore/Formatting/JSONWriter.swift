import Foundation

/// Writes a tree of JSON values as the answers build them (`[String: Any]`, `[Any]`, `String`,
/// `Int`, `Double`, `Bool`, `NSNull`) straight into UTF-8 bytes, keys sorted and slashes
/// unescaped as `JSONSerialization`'s `.sortedKeys, .withoutEscapingSlashes` write them, without
/// its NSNumber and NSDictionary bridging: that bridging was most of the time of a served route's
/// answer and of a cold `route --json`. Numbers as `JSONText.number` writes them.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 4_096) {
        bytes.reserveCapacity(capacity)
    }

    /// The value as JSON text.
    public static func text(_ value: Any) -> String {
        String(decoding: data(value), as: UTF8.self)
    }

    /// The value as JSON's UTF-8 bytes.
    public static func data(_ value: Any) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(value)
        return writer.bytes
    }

    public mutating func write(_ value: Any) {
        // The common kinds by their exact type first: a cast that must fail (a number tried as a
        // string) cost more than writing the value, and a served route makes a hundred of them.
        let kind = ObjectIdentifier(type(of: value))
        if kind == Self.stringType { return string(value as! String) }
        if kind == Self.doubleType { return number(value as! Double) }
        if kind == Self.objectType { return object(value as! [String: Any]) }
        if kind == Self.intType { return raw(String(value as! Int)) }
        switch value {
        case let text as String: string(text)
        case let flag as Bool: raw(flag ? "true" : "false")
        case let n as Int: raw(String(n))
        case let x as Double: number(x)
        case let numbers as [Double]: list(numbers) { $0.number($1) }
        case let pairs as [[Double]]: list(pairs) { writer, pair in writer.list(pair) { $0.number($1) } }
        case let texts as [String]: list(texts) { $0.string($1) }
        case let objects as [[String: Any]]: list(objects) { $0.object($1) }
        case let members as [String: Any]: object(members)
        case let items as [Any]: list(items) { $0.write($1) }
        case let n as Int64: raw(String(n))
        case let n as Int32: raw(String(n))
        case let n as UInt64: raw(String(n))
        case let x as Float: number(Double(x))
        default: raw("null")   // NSNull, and anything JSON cannot hold
        }
    }

    private static let stringType = ObjectIdentifier(String.self), doubleType = ObjectIdentifier(Double.self)
    private static let objectType = ObjectIdentifier([String: Any].self), intType = ObjectIdentifier(Int.self)

    public mutating func object(_ members: [String: Any]) {
        bytes.append(UInt8(ascii: "{"))
        // Sorted by key, each value taken with its key (not looked up again).
        for (i, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            string(member.key)
            bytes.append(UInt8(ascii: ":"))
            write(member.value)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    public mutating func list<T>(_ items: [T], _ item: (inout JSONWriter, T) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (i, element) in items.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            item(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A finite number (whole ones without a fraction); anything else is null.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return raw("null") }
        if value == value.rounded(), abs(value) < 1e15 { return raw(String(Int64(value))) }
        if let millionths = Self.millionths(value) { return decimal(millionths) }
        raw(value.description)
    }

    /// The value in millionths when it is the double nearest a count of millionths (coordinates
    /// rounded to six decimals, distances to one), below a billion and not below 1e-4 (where
    /// `description` turns to exponents): then `description`'s shortest digits are exactly those
    /// millionths' (fifteen digits at most, and two decimals of that length lie more than half a
    /// double's spacing apart). `description` was most of the time of writing a long line.
    static func millionths(_ value: Double) -> Int64? {
        guard abs(value) >= 1e-4, abs(value) < 1e9 else { return nil }
        let scaled = (value * 1e6).rounded()
        guard scaled / 1e6 == value else { return nil }   // the division rounds correctly: nearest
        return Int64(scaled)
    }

    /// `-12.3405` from -12_340_500 millionths (not whole): the fraction's trailing zeros dropped.
    private mutating func decimal(_ millionths: Int64) {
        if millionths < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = millionths.magnitude
        digits(magnitude / 1_000_000)
        bytes.append(UInt8(ascii: "."))
        var fraction = magnitude % 1_000_000, place: UInt64 = 100_000
        while fraction > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / place))
            fraction %= place
            place /= 10
        }
    }

    private mutating func digits(_ n: UInt64) {
        if n >= 10 { digits(n / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(n % 10))
    }

    /// A string literal: quotes, backslashes and control characters escaped, the rest as is.
    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                raw("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }
}
