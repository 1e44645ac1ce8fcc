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

    /// `isCity` tells whether folded words name a town of the map, `isStreet` whether they name
    /// one of its streets (so "Boulevard Albert 1er" keeps its "1er" and "Quai Antoine 1er 1"
    /// is house 1); `isStreetWithTypo` whether they name one give or take a typo ("Quai Antine
    /// 1er 6" is house 6 of "Quai Antoine 1er").
    /// `isPostcode` tells whether five digits are a postcode of the map: "Annankatu 99999" asks
    /// for house 99999 when the map has no such postcode.
    init(_ text: String, isCity: (String) -> Bool, isStreet: (String) -> Bool = { _ in false },
         isStreetWithTypo: (String) -> Bool = { _ in false }, isPostcode: (String) -> Bool = { _ in true }) {
        var words = Array(TextFolding.words(text).prefix(Self.maxWords))
        if let i = words.firstIndex(where: { $0.count == 5 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
           words.count > 1,
           // The map is asked last: most postcodes come with a house number or no street.
           words.indices.contains(where: { $0 != i && words[$0].first?.isNumber == true })
            || !isStreet(words.filter { $0 != words[i] }.joined(separator: " ")) || isPostcode(words[i]) {
            postcode = words.remove(at: i)
        }
        // A town whose name has a number ("Helsinki-17") is a town, not a house number.
        for length in [3, 2] where words.count > length {
            let tail = words.suffix(length)
            if tail.contains(where: { $0.first?.isNumber == true }), tail.contains(where: { $0.first?.isLetter == true }),
               isCity(tail.joined(separator: " ")) {
                city = tail.joined(separator: " ")
                words.removeLast(length)
                break
            }
        }
        let numeric = words.indices.filter { words[$0].first?.isNumber == true }
        if words.count > 1, !numeric.isEmpty, !isStreet(words.joined(separator: " ")) {
            // A Finnish flat after the house and its staircase ("Annankatu 25 B 12"): the house is
            // 25 B, the 12 a door inside it, which the map does not have.
            func flatAfter(_ i: Int, in rest: [String]) -> Bool {
                i < rest.count && rest[i].allSatisfy { $0.isASCII && $0.isNumber }
            }
            // A street, or a street followed by its town ("annankatu helsinki").
            func isStreetInTown(_ rest: [String], _ test: (String) -> Bool) -> Bool {
                test(rest.joined(separator: " ")) || [3, 2, 1].contains { length in
                    rest.count > length && isCity(rest.suffix(length).joined(separator: " ")) && test(rest.dropLast(length).joined(separator: " "))
                }
            }
            // Two or three letters after the number ("Pohjoisesplanadi 35 AA"): the door's, when
            // the words without them are a street (or one in its town) and with them are not.
            func isDoorLetters(_ rest: [String], _ i: Int, _ test: (String) -> Bool) -> Bool {
                guard i < rest.count, (2...3).contains(rest[i].count), rest[i].allSatisfy(\.isLetter) else { return false }
                var without = rest
                without.remove(at: i)
                return !isStreetInTown(rest, test) && isStreetInTown(without, test)
            }
            // The number whose removal leaves a known street (as typed, else with a typo), else the first one.
            func leavesStreet(_ i: Int, _ test: (String) -> Bool) -> Bool {
                var rest = words
                rest.remove(at: i)
                if i < rest.count, rest[i].count == 1 || isDoorLetters(rest, i, test) { rest.remove(at: i) }
                if test(rest.joined(separator: " ")) { return true }
                guard flatAfter(i, in: rest) else { return false }
                rest.remove(at: i)
                return isStreetInTown(rest, test)
            }
            let chosen = numeric.reversed().first { leavesStreet($0, isStreet) }
                ?? (numeric.count > 1 ? numeric.reversed().first { leavesStreet($0, isStreetWithTypo) } : nil) ?? numeric[0]
            var raw = words.remove(at: chosen)
            // "25 b" is house 25b; so is "35 AA" when the street is the words without "aa".
            if chosen < words.count, words[chosen].count == 1 && words[chosen].first?.isLetter == true || isDoorLetters(words, chosen, isStreet) {
                raw += words.remove(at: chosen)
            }
            if !isStreetInTown(words, isStreet), flatAfter(chosen, in: words) {
                var rest = words
                rest.remove(at: chosen)
                if isStreetInTown(rest, { isStreet($0) || isStreetWithTypo($0) }) { words = rest }
            }
            number = HouseNumber(raw)
        }
        // A trailing town name ("annankatu 25 helsinki", "… roquebrune cap martin"), when
        // something is left to search for; not when the words are a street's whole name ("Route
        // de Menton" is no street "Route de" in Menton).
        for length in [3, 2, 1] where city == nil && words.count > length && !isStreet(words.joined(separator: " ")) {
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
