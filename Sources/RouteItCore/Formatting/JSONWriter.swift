import Foundation

/// Writes a tree of JSON values as the answers build them (`[String: Any]`, `[Any]`, `String`,
/// `Int`, `Double`, `Bool`, `NSNull`) straight into UTF-8 bytes, keys sorted and slashes
/// unescaped as `JSONSerialization`'s `.sortedKeys, .withoutEscapingSlashes` write them, without
/// its NSNumber and NSDictionary bridging: that bridging was most of the time of a served route's
/// answer and of a cold `route --json`. Numbers as `JSONText.number` writes them.
public struct JSONWriter {
    /// Strings and numbers as the route answers' `JSONStream` writes them: one writer of each.
    private var stream: JSONStream
    public var bytes: [UInt8] { stream.bytes }

    public init(capacity: Int = 4_096) {
        stream = JSONStream(capacity: capacity)
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
        if kind == Self.stringType { return stream.string(value as! String) }
        if kind == Self.doubleType { return stream.number(value as! Double) }
        if kind == Self.objectType { return object(value as! [String: Any]) }
        if kind == Self.intType { return stream.integer(value as! Int) }
        switch value {
        case let text as String: stream.string(text)
        case let flag as Bool: stream.bool(flag)
        case let n as Int: stream.integer(n)
        case let x as Double: stream.number(x)
        case let numbers as [Double]: list(numbers) { $0.stream.number($1) }
        case let pairs as [[Double]]: list(pairs) { writer, pair in writer.list(pair) { $0.stream.number($1) } }
        case let texts as [String]: list(texts) { $0.stream.string($1) }
        case let objects as [[String: Any]]: list(objects) { $0.object($1) }
        case let members as [String: Any]: object(members)
        case let items as [Any]: list(items) { $0.write($1) }
        case let n as Int64: stream.integer(Int(n))
        case let n as Int32: stream.integer(Int(n))
        case let n as UInt64: stream.unsigned(UInt(n))
        case let x as Float: stream.number(Double(x))
        default: stream.null()   // NSNull, and anything JSON cannot hold
        }
    }

    private static let stringType = ObjectIdentifier(String.self), doubleType = ObjectIdentifier(Double.self)
    private static let objectType = ObjectIdentifier([String: Any].self), intType = ObjectIdentifier(Int.self)

    public mutating func object(_ members: [String: Any]) {
        stream.openObject()
        // Sorted by key, each value taken with its key (not looked up again).
        for member in members.sorted(by: { $0.key < $1.key }) {
            stream.key(member.key)
            write(member.value)
        }
        stream.closeObject()
    }

    public mutating func list<T>(_ items: [T], _ item: (inout JSONWriter, T) -> Void) {
        stream.openArray()
        for element in items { item(&self, element) }
        stream.closeArray()
    }
}
