/// A free-text address split into its parts: `Annankatu 25 B, 00100 Helsinki` →
/// name "annankatu", number "25b", postcode "00100", city "helsinki" (all folded).
struct GeocodeQuery: Equatable {
    var nameWords: [String] = []
    var number: HouseNumber?
    var postcode: String?
    var city: String?

    var nameKey: String { nameWords.joined(separator: " ") }

    /// Longer input than this is cut: nobody types an address of 16 words.
    static let maxWords = 16

    /// `isCity` tells whether folded words name a town of the map.
    init(_ text: String, isCity: (String) -> Bool) {
        var words = Array(TextFolding.words(text).prefix(Self.maxWords))
        if let i = words.firstIndex(where: { $0.count == 5 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
           words.count > 1 {
            postcode = words.remove(at: i)
        }
        if let i = words.firstIndex(where: { $0.first?.isNumber == true }), words.count > 1 {
            var raw = words.remove(at: i)
            // "25 b" is house 25b.
            if i < words.count, words[i].count == 1, words[i].first?.isLetter == true {
                raw += words.remove(at: i)
            }
            number = HouseNumber(raw)
        }
        // A trailing town name ("annankatu 25 helsinki"), when something is left to search for.
        for length in [2, 1] where words.count > length {
            let tail = words.suffix(length).joined(separator: " ")
            if isCity(tail) {
                city = tail
                words.removeLast(length)
                break
            }
        }
        nameWords = words
    }
}
