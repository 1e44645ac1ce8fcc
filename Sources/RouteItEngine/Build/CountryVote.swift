/// Which country a map's data is in, for addresses (Nominatim's `country`): the ISO 3166-1 code
/// most of its `addr:country` tags give, else the one country boundary the file holds. A map
/// whose data says neither has no country rather than a guessed one.
struct CountryVote {
    private var addressCodes: [String: Int] = [:]
    private var boundaryCodes: Set<String> = []

    mutating func count(addressCountry value: String?) {
        if let code = Self.code(value) { addressCodes[code, default: 0] += 1 }
    }

    /// A relation tagged as a country's border (`admin_level=2` with its ISO code).
    mutating func count(boundary tag: (String) -> String?) {
        guard tag("boundary") == "administrative", tag("admin_level") == "2",
              let code = Self.code(tag("ISO3166-1:alpha2") ?? tag("ISO3166-1")) else { return }
        boundaryCodes.insert(code)
    }

    /// Ties go to the alphabetically first code, so two imports of one file agree.
    var winner: String? {
        if let best = addressCodes.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) { return best.key }
        return boundaryCodes.count == 1 ? boundaryCodes.first : nil
    }

    /// Two ASCII letters, upper-cased; anything else is not a country code.
    static func code(_ value: String?) -> String? {
        guard let value = value?.trimmingWhitespace(), value.utf8.count == 2,
              value.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) }) else { return nil }
        return value.uppercased()
    }
}
