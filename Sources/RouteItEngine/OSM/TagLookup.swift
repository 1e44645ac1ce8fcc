/// An element's tags looked up by key, as a dictionary built from them in order would answer
/// (the last of a repeated key wins), by scanning them: an element has a handful of tags, and
/// building a `[String: String]` and hashing each key looked up cost the import's tag profiles
/// about 400 instructions a lookup, several thousand a way.
struct TagLookup {
    private let tags: [(String, String)]

    init(_ tags: [(String, String)]) { self.tags = tags }

    /// The first of a repeated key wins instead (`Dictionary(_:uniquingKeysWith:)` keeping the first).
    init(firstWins tags: [(String, String)]) { self.tags = tags.reversed() }

    init(_ dictionary: [String: String]) { tags = dictionary.map { ($0.key, $0.value) } }

    /// Lengths are compared first: a string comparison is a call of some 30 instructions, a
    /// length a few. Swift's `==` is canonical equivalence, so this is exact for keys of ASCII
    /// without `K`, `;` and `` ` `` (the only ASCII characters that a non-ASCII one, such as the
    /// Kelvin sign, is equivalent to), as every key the import looks up is. An empty value is no
    /// value, as OSRM's profiles read tags (`get_value_by_key`).
    subscript(key: String) -> String? {
        let length = key.utf8.count
        var i = tags.count
        while i > 0 {
            i -= 1
            if tags[i].0.utf8.count == length && tags[i].0 == key { return tags[i].1.isEmpty ? nil : tags[i].1 }
        }
        return nil
    }

    /// False when `value` cannot contain ";" as Foundation's `contains` (canonical equivalence)
    /// finds it: ASCII without that byte (only the Greek question mark, not ASCII, is
    /// equivalent to it). Asked first, it spares most values Foundation's search, some
    /// thousand instructions a call.
    static func mayHoldSemicolon(_ value: String) -> Bool {
        value.utf8.contains { $0 == UInt8(ascii: ";") || $0 >= 0x80 }
    }

    /// Whether `keys` holds `key`, lengths compared first (as in the subscript, with its proviso).
    static func list(_ keys: [String], contains key: String) -> Bool {
        let length = key.utf8.count
        return keys.contains { $0.utf8.count == length && $0 == key }
    }
}
