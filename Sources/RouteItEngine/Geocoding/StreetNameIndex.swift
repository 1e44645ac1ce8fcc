/// Every street name of a map (folded keys), in memory: exact lookup, and typo-tolerant lookup
/// with a bounded edit distance that grows with the name's length.
struct StreetNameIndex {
    private let keys: Set<String>
    /// Other names → the street keys addresses use ("annegatan" → ["annankatu"]).
    private let aliases: [String: [String]]
    private let scalars: [(key: String, scalars: [Unicode.Scalar])]

    init<S: Sequence>(keys: S, aliases: [(alias: String, key: String)] = []) where S.Element == String {
        let unique = Set(keys.filter { !$0.isEmpty })
        self.keys = unique
        var aliasMap: [String: [String]] = [:]
        for (alias, key) in aliases where !unique.contains(alias) && !(aliasMap[alias] ?? []).contains(key) {
            aliasMap[alias, default: []].append(key)
        }
        self.aliases = aliasMap
        scalars = (unique.union(aliasMap.keys)).sorted().map { ($0, Array($0.unicodeScalars)) }
    }

    var count: Int { keys.count }

    func contains(_ key: String) -> Bool { keys.contains(key) || aliases[key] != nil }

    /// How many typos a name of this length may carry: none for short words (too many false
    /// friends), one from 5 letters, two from 12.
    static func typoLimit(forLength length: Int) -> Int {
        length >= 12 ? 2 : length >= 5 ? 1 : 0
    }

    /// Street keys matching `key`: exact first (distance 0), then near misses by increasing edit
    /// distance (so a typo finds its street, and a real street one letter away from another
    /// still shows the other, ranked below). `typos: false`: the exact match alone.
    func matches(_ key: String, limit: Int = 5, typos: Bool = true) -> [(key: String, distance: Int)] {
        let query = Array(key.unicodeScalars)
        let allowed = typos ? Self.typoLimit(forLength: query.count) : 0
        var found: [(key: String, distance: Int)] = contains(key) ? [(key, 0)] : []
        if allowed > 0 {
            for entry in scalars where entry.key != key {
                if let d = EditDistance.bounded(query, entry.scalars, limit: allowed) { found.append((entry.key, d)) }
            }
        }
        // Other names stand for the street they name, at the same distance.
        var resolved: [(key: String, distance: Int)] = []
        for match in found.sorted(by: { ($0.distance, $0.key) < ($1.distance, $1.key) }) {
            for street in keys.contains(match.key) ? [match.key] : aliases[match.key] ?? []
            where !resolved.contains(where: { $0.key == street }) {
                resolved.append((street, match.distance))
            }
        }
        return Array(resolved.prefix(limit))
    }
}
