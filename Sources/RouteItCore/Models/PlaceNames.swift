/// A place's names as the map keeps them, for Nominatim's answers: its name tags (`name`,
/// `name:sv`, `alt_name`, ...: `namedetails`) and the other languages of the names its address
/// shows, by the name as shown (`Annankatu`: `sv` `Annegatan`; `accept-language`).
/// Not part of what the place is: two placemarks of one place are equal whether or not they
/// carry them (a stop saved before, without them, is the same place as one found now).
/// A geocoder reads them only when asked (`NameTagsKeeping.withNames`): a search leaves them
/// empty and says where they are (`mapRow`), so a plain lookup reads no name pages.
public struct PlaceNames: Hashable, Sendable {
    public var tags: [String: String]
    public var translations: [String: [String: String]]
    /// The row of the map that answered with the place, by which that map's geocoder finds its
    /// names when asked; nil for a place not read from a map's row (a postcode's area).
    public var mapRow: Int64?

    public init(tags: [String: String] = [:], translations: [String: [String: String]] = [:], mapRow: Int64? = nil) {
        self.tags = tags
        self.translations = translations
        self.mapRow = mapRow
    }

    public static func == (_: PlaceNames, _: PlaceNames) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
