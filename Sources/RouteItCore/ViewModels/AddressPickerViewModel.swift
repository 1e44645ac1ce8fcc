import Foundation

/// A place offered before the geocoder's matches: a favourite (`favourite SLOT NAME`) or one
/// picked recently.
public struct PreferredPlace: Equatable, Sendable {
    public var item: MapItem
    /// The favourite's name; nil for a recent place.
    public var favouriteName: String?

    public init(item: MapItem, favouriteName: String? = nil) {
        self.item = item
        self.favouriteName = favouriteName
    }

    /// Whether the place answers what was typed: every word of the text is in its favourite
    /// name, its name or its address (case and accents aside), a word with digits as a whole
    /// number of it ("2" is not Annankatu 25, but "25" is 25 B; "60.17 24.94" is not the
    /// coordinate 60.171494,24.940961, nor is "24.94 60.17").
    public func matches(_ query: String) -> Bool {
        let haystack = Self.fold([favouriteName, item.name, item.placemark.formattedAddress].compactMap { $0 }.joined(separator: " "))
        let tokens = haystack.split(whereSeparator: { $0.isWhitespace || $0 == "," })
        let words = Self.fold(query).split(whereSeparator: { $0.isWhitespace || $0 == "," })
        return !words.isEmpty && words.allSatisfy { word in
            guard word.contains(where: \.isNumber) else { return haystack.contains(word) }
            return tokens.contains { $0 == word || $0.hasPrefix(word) && $0.dropFirst(word.count).allSatisfy(\.isLetter) }
        }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    }
}

/// The candidates for what was typed in one slot, then a last row `None of the above`.
/// Favourites and recent places that answer the text come first among equally good matches
/// (`PickerRanking`).
public final class AddressPickerViewModel {
    public static let noneOfTheAbove = "None of the above"

    /// Which entry slot (0-based) the choice goes to, and the text that was looked up.
    public let slotIndex: Int
    public let query: String
    public let candidates: [Placemark]
    /// Per candidate: its hours in short (`open until 18:00`), nil when the map has none.
    public let hoursNotes: [String?]
    /// Per candidate: `favourite "home"` or `recent` when it came from the planner's memory.
    public let origins: [String?]
    /// Per candidate whose row reads like another's: what tells them apart (`350 m away`).
    public let differences: [String?]

    public init(slotIndex: Int, query: String, candidates: [Placemark], hoursNotes: [String?]? = nil, origins: [String?]? = nil,
                differences: [String?]? = nil) {
        self.slotIndex = slotIndex
        self.query = query
        self.candidates = candidates
        self.hoursNotes = hoursNotes ?? candidates.map { _ in nil }
        self.origins = origins ?? candidates.map { _ in nil }
        self.differences = differences ?? candidates.map { _ in nil }
    }

    /// Geocodes `query`, ranked for someone at `near` (the current location); no candidates is
    /// the `Address not found.` alert. `preferred` places that answer the text come first among
    /// equally good matches (a geocoded duplicate of one is dropped); hours are summarised at
    /// `date`; identical rows are told apart in `unit`. The names come from map data, a server
    /// or a file: cleaned for the terminal here, where they enter.
    public static func search(_ query: String, forSlotAt slotIndex: Int, near: Coordinate? = nil, using geocoder: Geocoding,
                              preferred: [PreferredPlace] = [], at date: Date = Date(),
                              calendar: LocalCalendar = .fromEnvironment(),
                              unit: DistanceUnit = .kilometres) async throws -> AddressPickerViewModel {
        let found = try await geocoder.geocode(query, near: near).map(\.terminalSafe)
        var remembered: [PreferredPlace] = []
        for var place in preferred where place.matches(query) || found.contains(where: { Self.samePlace($0, place.item.placemark.terminalSafe) }) {
            place.item = MapItem(placemark: place.item.placemark.terminalSafe)
            if !remembered.contains(where: { Self.samePlace($0.item.placemark, place.item.placemark) }) { remembered.append(place) }
        }
        let rest = found.filter { candidate in !remembered.contains { Self.samePlace($0.item.placemark, candidate) } }
        let rows = PickerRanking.order(remembered: remembered, found: rest, for: query)
        let candidates = rows.map(\.0)
        guard !candidates.isEmpty else { throw Alert.addressNotFound }
        let origins = rows.map(\.1)
        let notes = candidates.map { candidate in
            candidate.openingHours.map { OpeningHoursSummary.text(OpeningHours($0), at: date, calendar: calendar) }
        }
        return AddressPickerViewModel(slotIndex: slotIndex, query: query, candidates: candidates, hoursNotes: notes, origins: origins,
                                      differences: PickerRowDifferences.notes(for: candidates, near: near, unit: unit))
    }

    /// The same place: same address and within a few metres.
    static func samePlace(_ a: Placemark, _ b: Placemark) -> Bool {
        a.formattedAddress == b.formattedAddress && a.coordinate.distance(to: b.coordinate) < 5
    }

    /// The rows as shown: each candidate's address lines joined with ", ", then `None of the above`.
    public var rows: [String] {
        candidates.map(\.formattedAddress) + [Self.noneOfTheAbove]
    }

    /// `pick ROW` (1-based): the chosen place (with its hours), or nil for `None of the above`.
    public func pick(row: Int) throws -> MapItem? {
        guard (1...rows.count).contains(row) else {
            throw InputError("No row \(row); pick 1-\(rows.count).")
        }
        guard row <= candidates.count else { return nil }
        // The street chosen is the stop; the number it lacked was the question, not the place.
        var placemark = candidates[row - 1]
        placemark.missingHouseNumber = nil
        placemark.otherPostcodeAsked = nil
        return MapItem(placemark: placemark)
    }
}
