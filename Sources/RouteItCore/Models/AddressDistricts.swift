/// The parts of a town a place's address names, as Nominatim's `addressdetails` gives them
/// (`"neighbourhood":"Keskusta","suburb":"Kaartinkaupunki"`): each the name of the nearest
/// `place=` node of that kind whose reach holds the place (the offline geocoder's rule).
/// Not part of what the place is, as `PlaceNames`: a stop saved without them (they are not
/// saved: the map has them) is the same place as one found now.
public struct AddressDistricts: Hashable, Sendable {
    public var neighbourhood: String?
    public var quarter: String?
    public var suburb: String?
    /// Whether the geocoder said them (the offline map's does; a server's answer or a saved stop
    /// does not): unknown ones are not "none".
    public var isKnown: Bool

    public init(neighbourhood: String? = nil, quarter: String? = nil, suburb: String? = nil, isKnown: Bool = true) {
        self.neighbourhood = neighbourhood
        self.quarter = quarter
        self.suburb = suburb
        self.isKnown = isKnown
    }

    /// Not said by the geocoder.
    public static let unknown = AddressDistricts(isKnown: false)

    public static func == (_: AddressDistricts, _: AddressDistricts) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}

    /// Nominatim's address keys and names, most specific first (its `display_name` order).
    public var parts: [(key: String, name: String)] {
        [("neighbourhood", neighbourhood), ("quarter", quarter), ("suburb", suburb)].compactMap { key, name in name.map { (key, $0) } }
    }
}
