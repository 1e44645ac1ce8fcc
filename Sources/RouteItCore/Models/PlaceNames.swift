/// A place's names as the map keeps them, for Nominatim's answers: its name tags (`name`,
/// `name:sv`, `alt_name`, ...: `namedetails`) and the other languages of the names its address
/// shows, by the name as shown (`Annankatu`: `sv` `Annegatan`; `accept-language`).
/// Not part of what the place is: two placemarks of one place are equal whether or not they
/// carry them (a stop saved before, without them, is the same place as one found now).
public struct PlaceNames: Hashable, Sendable {
    public var tags: [String: String]
    public var translations: [String: [String: String]]

    public init(tags: [String: String] = [:], translations: [String: [String: String]] = [:]) {
        self.tags = tags
        self.translations = translations
    }

    public static func == (_: PlaceNames, _: PlaceNames) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
