/// The distinct words of the map's names (`place_word`), where a mistyped word of a query looks
/// for the word meant: "pickwck" → "pickwick", "rautatientoi" → "rautatientori".
struct NameVocabulary {
    private let sorted: [String]
    private let byLength: [Int: [(word: String, scalars: [Unicode.Scalar])]]

    init<S: Sequence>(words: S) where S.Element == String {
        sorted = Array(Set(words)).sorted()
        var byLength: [Int: [(word: String, scalars: [Unicode.Scalar])]] = [:]
        for word in sorted {
            let scalars = Array(word.unicodeScalars)
            byLength[scalars.count, default: []].append((word, scalars))
        }
        self.byLength = byLength
    }

    /// Whether `word` is a whole word of some name.
    func contains(_ word: String) -> Bool {
        let low = lowerBound(word)
        return low < sorted.count && sorted[low] == word
    }

    /// Whether some name has a word that starts with `prefix` (or is it).
    func containsPrefix(_ prefix: String) -> Bool {
        let low = lowerBound(prefix)
        return low < sorted.count && sorted[low].hasPrefix(prefix)
    }

    /// The index of the first word not below `word`.
    private func lowerBound(_ word: String) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < word { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Words within the typo limit of `word`'s length, nearest first (at most `limit`).
    func corrections(of word: String, limit: Int = 6) -> [(word: String, distance: Int)] {
        let query = Array(word.unicodeScalars)
        // A word no name has gets one edit from 3 letters ("mrja" is "marja", "zvn" is "zen"): it
        // has no other meaning.
        let allowed = max(query.count >= 3 ? 1 : 0, StreetNameIndex.typoLimit(forLength: query.count))
        guard allowed > 0 else { return [] }
        var found: [(word: String, distance: Int)] = []
        for length in (query.count - allowed)...(query.count + allowed) {
            for entry in byLength[length] ?? [] {
                if let d = EditDistance.bounded(query, entry.scalars, limit: allowed) { found.append((entry.word, d)) }
            }
        }
        return Array(found.sorted { ($0.distance, $0.word) < ($1.distance, $1.word) }.prefix(limit))
    }
}
