/// The candidates for what was typed in one slot, then a last row `None of the above`.
public final class AddressPickerViewModel {
    public static let noneOfTheAbove = "None of the above"

    /// Which entry slot (0-based) the choice goes to, and the text that was looked up.
    public let slotIndex: Int
    public let query: String
    public let candidates: [Placemark]

    public init(slotIndex: Int, query: String, candidates: [Placemark]) {
        self.slotIndex = slotIndex
        self.query = query
        self.candidates = candidates
    }

    /// Geocodes `query`, ranked for someone at `near` (the current location); no candidates is
    /// the `Address not found.` alert. The names come from map data or a server: cleaned for the
    /// terminal here, where they enter.
    public static func search(_ query: String, forSlotAt slotIndex: Int, near: Coordinate? = nil,
                              using geocoder: Geocoding) async throws -> AddressPickerViewModel {
        let candidates = try await geocoder.geocode(query, near: near).map(\.terminalSafe)
        guard !candidates.isEmpty else { throw Alert.addressNotFound }
        return AddressPickerViewModel(slotIndex: slotIndex, query: query, candidates: candidates)
    }

    /// The rows as shown: each candidate's address lines joined with ", ", then `None of the above`.
    public var rows: [String] {
        candidates.map(\.formattedAddress) + [Self.noneOfTheAbove]
    }

    /// `pick ROW` (1-based): the chosen place, or nil for `None of the above`.
    public func pick(row: Int) throws -> MapItem? {
        guard (1...rows.count).contains(row) else {
            throw InputError("No row \(row); pick 1-\(rows.count).")
        }
        return row <= candidates.count ? MapItem(placemark: candidates[row - 1]) : nil
    }
}
