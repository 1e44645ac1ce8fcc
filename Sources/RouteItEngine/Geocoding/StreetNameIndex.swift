/// Every street name of a map (folded keys), in memory: exact lookup, and typo-tolerant lookup
/// with a bounded edit distance that grows with the name's length.
struct StreetNameIndex {
    private let keys: Set<String>
    private let scalars: [(key: String, scalars: [Unicode.Scalar])]

    init<S: Sequence>(keys: S) where S.Element == String {
        let unique = Set(keys.filter { !$0.isEmpty })
        self.keys = unique
        scalars = unique.sorted().map { ($0, Array($0.unicodeScalars)) }
    }

    var count: Int { keys.count }

    func contains(_ key: String) -> Bool { keys.contains(key) }

    /// How many typos a name of this length may carry: none for short words (too many false
    /// friends), one from 5 letters, two from 12.
    static func typoLimit(forLength length: Int) -> Int {
        length >= 12 ? 2 : length >= 5 ? 1 : 0
    }

    /// Street keys matching `key`: exact first (distance 0), then near misses by increasing edit
    /// distance (so a typo finds its street, and a real street one letter away from another
    /// still shows the other, ranked below).
    func matches(_ key: String, limit: Int = 5) -> [(key: String, distance: Int)] {
        let query = Array(key.unicodeScalars)
        let allowed = Self.typoLimit(forLength: query.count)
        var found: [(key: String, distance: Int)] = keys.contains(key) ? [(key, 0)] : []
        if allowed > 0 {
            for entry in scalars where entry.key != key {
                if let d = EditDistance.bounded(query, entry.scalars, limit: allowed) { found.append((entry.key, d)) }
            }
        }
        return Array(found.sorted { ($0.distance, $0.key) < ($1.distance, $1.key) }.prefix(limit))
    }
}
