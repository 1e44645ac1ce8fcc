/// A place's name followed by its address, as the picker shows a row and a person copies it:
/// "Espresso House, Kaisaniemenkatu 4" or "Pääposti, Elielinaukio 2, 00100 Helsinki". The name
/// is searched, and the match that stands at that address wins.
struct NamedAddressQuery {
    /// The comma-separated parts before the address ("UniSport, Kluuvi").
    var name: String
    /// The street and number part, with the postcode and town of the parts after it.
    var address: GeocodeQuery
    /// Whether the street is one of the map's as typed (no typo looked for): a street with a
    /// comma of its own ("Asemahalli, Kaivokatu").
    var streetAsTyped: Bool

    /// The readings of `text` as a name and an address, at the first part after the first that
    /// is a street of the map (or one typo from one) with a house number. OSM streets may have
    /// a comma of their own ("Robert's Coffee, Asemahalli, Kaivokatu 1": the street is
    /// "Asemahalli, Kaivokatu"): the parts before it that make a street of the map with it are
    /// another reading, the name then shorter. Empty when no part is such an address.
    static func readings(_ text: String, isCity: (String) -> Bool, isStreet: (String) -> Bool,
                         isStreetWithTypo: (String) -> Bool) -> [NamedAddressQuery] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2 else { return [] }
        for index in 1..<parts.count {
            var readings: [NamedAddressQuery] = []
            // The longest street first; only the last part alone may carry a typo (a typo
            // scan per span would read every street name again).
            for start in 1...index {
                let asTyped = start < index
                var address = GeocodeQuery(parts[start...index].joined(separator: ","), isCity: isCity, isStreet: isStreet,
                                           isStreetWithTypo: asTyped ? isStreet : isStreetWithTypo)
                guard address.number != nil, !address.nameWords.isEmpty,
                      asTyped ? isStreet(address.nameKey) : isStreetWithTypo(address.nameKey) else { continue }
                let name = parts[..<start].joined(separator: ",")
                guard TextFolding.words(name).contains(where: { $0.first?.isLetter == true }) else { continue }
                // "00100 Helsinki" after the street: the town and postcode narrow it further.
                let after = parts[(index + 1)...].flatMap(TextFolding.words)
                address.postcode = address.postcode ?? after.first { $0.count == 5 && $0.allSatisfy(\.isNumber) }
                let words = after.filter { $0.first?.isLetter == true }
                address.city = address.city ?? (words.isEmpty ? nil : Optional(words.joined(separator: " "))).flatMap { isCity($0) ? $0 : nil }
                readings.append(NamedAddressQuery(name: name, address: address, streetAsTyped: asTyped))
            }
            if !readings.isEmpty { return readings }
        }
        return []
    }
}
