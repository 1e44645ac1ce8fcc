import Foundation

/// The zone a map's clock times are in: its country's, read from the system's tz database
/// table (`zone.tab`, else `zone1970.tab`: country code → zones, each with its principal
/// city's coordinates). OSM `opening_hours` are the place's local time, so a trip on the map is
/// timed on the map's clock, not the machine's. A country with one zone has it; a country with
/// several has the zone whose principal city is nearest the map's centre. No country, no table
/// or no match: nil, and the caller keeps `TZ` (else the system's zone).
public enum MapTimeZone {
    /// One line of the table: the countries a zone is for, and where its principal city lies.
    public struct Entry: Equatable, Sendable {
        public var countries: [String]
        public var city: Coordinate
        public var zone: String
    }

    /// The zone for a map in `country` (ISO 3166-1 alpha-2) centred on `centre`, from `table`
    /// (the system's when nil).
    public static func zone(country: String?, centre: Coordinate?, table: [Entry]? = nil) -> TimeZone? {
        guard let country = country?.uppercased(), !country.isEmpty else { return nil }
        let entries = table ?? parse(systemText, country: country)
        let zones = entries.filter { $0.countries.contains(country) && TimeZone(identifier: $0.zone) != nil }
        guard let first = zones.first else { return nil }
        guard zones.count > 1, let centre, centre.isValid else { return TimeZone(identifier: first.zone) }
        let nearest = zones.min { centre.distance(to: $0.city) < centre.distance(to: $1.city) } ?? first
        return TimeZone(identifier: nearest.zone)
    }

    /// The system's table, read once (`TZDIR`, else /usr/share/zoneinfo); empty when there is
    /// none. `zone.tab` first: it names each country's own zone (Europe/Oslo), where
    /// `zone1970.tab` may give a neighbour's with the same rules since 1970 (Europe/Berlin).
    static let systemText: String = {
        let folder = ProcessEnvironment.variables(named: ["TZDIR"])["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        for name in ["zone.tab", "zone1970.tab"] {
            if let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8), !parse(text).isEmpty { return text }
        }
        return ""
    }()

    /// `FI<TAB>+6010+02458<TAB>Europe/Helsinki[<TAB>comment]`; `#` lines and lines that do not
    /// read are skipped. The first column may list several codes (`zone1970.tab`: `FI,AX`).
    /// With `country`, only its lines are read (a route pays for one country's, not 400 lines).
    public static func parse(_ text: String, country: String? = nil) -> [Entry] {
        text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3 else { return nil }
            let countries = fields[0].split(separator: ",").map { $0.uppercased() }
            if let country, !countries.contains(country) { return nil }
            guard !countries.isEmpty, !fields[2].isEmpty, let city = coordinate(String(fields[1])) else { return nil }
            return Entry(countries: countries, city: city, zone: String(fields[2]))
        }
    }

    /// ISO 6709 as the table writes it: `±DDMM±DDDMM` or `±DDMMSS±DDDMMSS`.
    static func coordinate(_ text: String) -> Coordinate? {
        let characters = Array(text)
        guard let split = characters.indices.dropFirst().first(where: { characters[$0] == "+" || characters[$0] == "-" })
        else { return nil }
        guard let latitude = degrees(characters[..<split], degreeDigits: 2),
              let longitude = degrees(characters[split...], degreeDigits: 3) else { return nil }
        let c = Coordinate(latitude: latitude, longitude: longitude)
        return c.isValid ? c : nil
    }

    private static func degrees(_ part: ArraySlice<Character>, degreeDigits: Int) -> Double? {
        guard let sign = part.first, sign == "+" || sign == "-" else { return nil }
        let digits = part.dropFirst()
        guard digits.count == degreeDigits + 2 || digits.count == degreeDigits + 4,
              digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let numbers = Array(digits).map { Int(String($0))! }
        func value(_ range: Range<Int>) -> Double { Double(numbers[range].reduce(0) { $0 * 10 + $1 }) }
        var result = value(0..<degreeDigits) + value(degreeDigits..<(degreeDigits + 2)) / 60
        if digits.count == degreeDigits + 4 { result += value((degreeDigits + 2)..<(degreeDigits + 4)) / 3600 }
        return sign == "-" ? -result : result
    }
}

extension LocalCalendar {
    /// The calendar a trip on the map covering `area` is timed in: the map's zone (its
    /// country's, `MapTimeZone`) when known, else `TZ` (else the system's zone). The one place
    /// that decides, so the shell, the tools and `serve` agree.
    public static func forMap(_ area: MapArea?, table: [MapTimeZone.Entry]? = nil,
                              environment: [String: String]? = nil) -> LocalCalendar {
        if let area, let country = area.countryCode,
           let zone = MapTimeZone.zone(country: country, centre: area.centre, table: table) {
            return LocalCalendar(timeZone: zone)
        }
        return environment.map(fromEnvironment) ?? fromEnvironment()
    }
}
