/// The parts of a town a place's address names, as Nominatim's `addressdetails` gives them
/// (`"neighbourhood":"Keskusta","suburb":"Kaartinkaupunki"`): each the name of the nearest
/// `place=` node of that kind whose reach holds the place (`AddressDistrictRule`).
public struct AddressDistricts: Hashable, Sendable {
    public var neighbourhood: String?
    public var quarter: String?
    public var suburb: String?

    public init(neighbourhood: String? = nil, quarter: String? = nil, suburb: String? = nil) {
        self.neighbourhood = neighbourhood
        self.quarter = quarter
        self.suburb = suburb
    }

    /// Nominatim's address keys and names, most specific first (its `display_name` order).
    public var parts: [(key: String, name: String)] {
        [("neighbourhood", neighbourhood), ("quarter", quarter), ("suburb", suburb)].compactMap { key, name in name.map { (key, $0) } }
    }
}
