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
            // A table has tab-separated lines (parsing it all here cost a cold route 8 ms).
            if let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8), text.utf8.contains(9) { return text }
        }
        return ""
    }()

    /// `FI<TAB>+6010+02458<TAB>Europe/Helsinki[<TAB>comment]`; `#` lines and lines that do not
    /// read are skipped. The first column may list several codes (`zone1970.tab`: `FI,AX`).
    /// With `country`, only its lines are read: the others are passed over by their bytes, as
    /// a cold route cannot afford to read 400 lines as characters.
    public static func parse(_ text: String, country: String? = nil) -> [Entry] {
        let bytes = Array(text.utf8)
        let wanted = country.map { Array($0.uppercased().utf8) }
        var entries: [Entry] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            defer { start = end + 1 }
            guard start < end, bytes[start] != UInt8(ascii: "#"), let tab = bytes[start..<end].firstIndex(of: 0x09) else { continue }
            if let wanted, !field(bytes[start..<tab], lists: wanted) { continue }
            let codes = bytes[start..<tab].split(separator: UInt8(ascii: ",")).map { $0.map(upper) }
            let fields = String(decoding: bytes[start..<end], as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, !codes.isEmpty, !fields[2].isEmpty, let city = coordinate(String(fields[1])) else { continue }
            entries.append(Entry(countries: codes.map { String(decoding: $0, as: UTF8.self) }, city: city, zone: String(fields[2])))
        }
        return entries
    }

    /// Whether a first column (`FI`, `DE,DK,NO`) lists `code` (upper case), without a copy.
    private static func field(_ field: ArraySlice<UInt8>, lists code: [UInt8]) -> Bool {
        var from = field.startIndex
        while from < field.endIndex {
            let to = field[from...].firstIndex(of: UInt8(ascii: ",")) ?? field.endIndex
            if to - from == code.count, zip(field[from..<to], code).allSatisfy({ upper($0) == $1 }) { return true }
            from = to + 1
        }
        return false
    }

    private static func upper(_ byte: UInt8) -> UInt8 { (97...122).contains(byte) ? byte - 32 : byte }

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
