/// A place's name followed by its address, as the picker shows a row and a person copies it:
/// "Espresso House, Kaisaniemenkatu 4" or "Pääposti, Elielinaukio 2, 00100 Helsinki". The name
/// is searched, and the match that stands at that address wins.
struct NamedAddressQuery {
    /// The comma-separated parts before the address ("UniSport, Kluuvi").
    var name: String
    /// The street and number part, with the postcode and town of the parts after it.
    var address: GeocodeQuery

    /// Nil unless a part after the first is a street of the map (or one typo from one) with a
    /// house number.
    init?(_ text: String, isCity: (String) -> Bool, isStreet: (String) -> Bool, isStreetWithTypo: (String) -> Bool) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2 else { return nil }
        for index in 1..<parts.count {
            var address = GeocodeQuery(parts[index], isCity: isCity, isStreet: isStreet, isStreetWithTypo: isStreetWithTypo)
            guard address.number != nil, !address.nameWords.isEmpty, isStreetWithTypo(address.nameKey) else { continue }
            let name = parts[..<index].joined(separator: ",")
            guard TextFolding.words(name).contains(where: { $0.first?.isLetter == true }) else { return nil }
            // "00100 Helsinki" after the street: the town and postcode narrow it further.
            let after = parts[(index + 1)...].flatMap(TextFolding.words)
            address.postcode = address.postcode ?? after.first { $0.count == 5 && $0.allSatisfy(\.isNumber) }
            let words = after.filter { $0.first?.isLetter == true }
            address.city = address.city ?? (words.isEmpty ? nil : Optional(words.joined(separator: " "))).flatMap { isCity($0) ? $0 : nil }
            self.name = name
            self.address = address
            return
        }
        return nil
    }
}
