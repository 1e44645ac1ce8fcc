import Foundation

/// A stop list's line that the geocoder answers with several places alike (a chain's shops, a
/// category, a street number in two towns): the list takes the first, nearest the user, and
/// says so, since no one picked it from a picker.
enum StopListMatches {
    /// An answer this long, all alike, may have been cut short: geocoders answer a limited
    /// number of candidates (Nominatim 10, the offline map 20), so it says "or more".
    static let answerLimit = 10

    /// How many places of `candidates` answer `query` as the first one does (the first counted).
    static func alike(_ candidates: [Placemark], query: String) -> Int {
        guard let first = candidates.first else { return 0 }
        let words = words(of: query)
        var places: Set<PlaceKey> = []
        for candidate in candidates where readAlike(candidate, first, words: words) { places.insert(PlaceKey(candidate.coordinate)) }
        return places.count
    }

    /// `line 3: "Alepa" matches 7 places; took Alepa, Kaivokatu 1, 00100 Helsinki — give the street to pick another.`
    static func notice(line: StopListLine, took first: Placemark, alike: Int, of answered: Int) -> String {
        let count = alike >= answerLimit && alike == answered ? "\(alike) or more" : "\(alike)"
        let more = first.name == nil ? "the town" : shows(first, words(of: line.query)) ? "the street" : "the name or the street"
        return "line \(line.line): \(QuotedInput.text(line.query)) matches \(count) places; took \(first.formattedAddress) — give \(more) to pick another."
    }

    /// Whether `candidate` answers the line as well as `first` does: for a name, another place
    /// of that name and kind (a chain's shop); for a kind (`pharmacy`, no name shows it), another
    /// of that kind; for an address, the same street and number (in another town).
    private static func readAlike(_ candidate: Placemark, _ first: Placemark, words: [String]) -> Bool {
        guard (candidate.name == nil) == (first.name == nil) else { return false }
        if first.name != nil {
            guard candidate.category == first.category else { return false }
            return !shows(first, words) || shows(candidate, words)
        }
        return folded(candidate.street) == folded(first.street) && folded(candidate.houseNumber) == folded(first.houseNumber)
    }

    /// Whether every typed word is in the place's row (folded: `cafe` is in `Café Metro`).
    private static func shows(_ place: Placemark, _ words: [String]) -> Bool {
        let row = folded(place.formattedAddress) ?? ""
        return words.allSatisfy(row.contains)
    }

    private static func words(of text: String) -> [String] {
        (folded(text) ?? "").split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// Compared as the picker compares what was typed with a row (`PreferredPlace.fold`).
    private static func folded(_ text: String?) -> String? { text.map(PreferredPlace.fold) }
}
