/// The order of the picker's rows: remembered places (favourites, recent) come first only among
/// equally good matches. The geocoder's leading exact matches (the text is their name or
/// address) share the top with the remembered exact matches; then favourites named as typed
/// ("home"), then the other remembered places, then the geocoder's other rows in its order. So
/// history never puts another place above an exact match, not even a favourite named like the
/// address (a slip: "Kalevankatu 20" naming Annankatu 25), and `pick 1` on an exact match is the
/// same for everyone.
enum PickerRanking {
    /// The rows in order, each with its origin note (`favourite "home"`, `recent`; nil for the geocoder's).
    static func order(remembered: [PreferredPlace], found: [Placemark], for query: String) -> [(Placemark, String?)] {
        let leading = found.prefix { isExact($0, for: query) }
        func exact(_ place: PreferredPlace) -> Bool { isExact(place.item.placemark, for: query) }
        // A favourite whose name is the text typed, its place another: first after the exact matches.
        func namedAsTyped(_ place: PreferredPlace) -> Bool {
            !exact(place) && place.favouriteName.map { words($0) == words(query) } == true
        }
        func row(_ place: PreferredPlace) -> (Placemark, String?) {
            (place.item.placemark, place.favouriteName.map { "favourite \"\($0)\"" } ?? "recent")
        }
        return remembered.filter(exact).map(row) + leading.map { ($0, nil) }
            + remembered.filter(namedAsTyped).map(row)
            + remembered.filter { !exact($0) && !namedAsTyped($0) }.map(row) + found.dropFirst(leading.count).map { ($0, nil) }
    }

    /// Whether `place` is what `query` names in full: its name, its street line or its whole
    /// address (case, accents and punctuation aside).
    static func isExact(_ place: Placemark, for query: String) -> Bool {
        let typed = words(query)
        guard !typed.isEmpty else { return false }
        let streetLine = [place.street, place.houseNumber].compactMap { $0 }.joined(separator: " ")
        return [place.name, streetLine, place.formattedAddress].compactMap { $0 }.contains { words($0) == typed }
    }

    /// Folded words, so "Annankatu 25 B" and "annankatu 25b" read alike.
    static func words(_ text: String) -> String {
        PreferredPlace.fold(text).filter { $0.isLetter || $0.isNumber }
    }
}
