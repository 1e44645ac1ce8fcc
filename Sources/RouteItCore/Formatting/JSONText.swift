/// JSON written straight into a string, for answers too large to build as Foundation objects
/// first (a 201×201 table is 40,000 numbers: JSONSerialization took ten times the search), and
/// for the GeoJSON export.
public enum JSONText {
    /// A JSON string literal: quotes, backslashes and control characters escaped.
    public static func string(_ text: String) -> String {
        // Most text (keys, names, addresses) needs no escape: copied whole, it is a scan of its
        // bytes. A scalar at a time it was 0.5 M of a cold 11x11 `table --json`'s 32 M
        // instructions on the 1M grid (callgrind).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A finite number as JSON writes it (whole numbers without a fraction); anything else is null.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `[a,b,...]` of already written values.
    public static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

    /// `{"k":v,...}` of already written values, keys in the order given.
    public static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}
