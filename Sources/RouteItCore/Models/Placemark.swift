/// A geocoded place: what CLPlacemark is to CoreLocation. `formattedAddressLines` is what the
/// screens show, e.g. ["Annankatu 25", "00100 Helsinki"].
public struct Placemark: Hashable, Codable, Sendable {
    public var name: String?
    public var houseNumber: String?
    public var street: String?
    public var postalCode: String?
    public var city: String?
    public var coordinate: Coordinate
    /// The place's OSM `opening_hours` as mapped (nil when the map has none for it).
    public var openingHours: String?
    /// The country's name as Nominatim gives it (`Suomi`) and its ISO 3166-1 code (`fi`).
    public var country: String?
    public var countryCode: String?
    /// What the place is, as the OSM tag that says so (`amenity=pharmacy`), or `place` for a
    /// town or district (the map keeps not which); nil for an address or a street, or unknown.
    public var category: String?
    /// How prominent the place is, 0-1 (Nominatim's `importance`), when the geocoder ranks it.
    public var importance: Double?
    /// The district the place lies in (`Kluuvi`), when the geocoder says: it does for rows that
    /// would otherwise read the same, so the picker can tell them apart.
    public var suburb: String?
    /// The neighbourhood, quarter and suburb of the place's address as Nominatim names them, when
    /// the geocoder says them (the offline map's does). Not saved: the map has them.
    public var districts = AddressDistricts.unknown
    /// The OSM object the place was read from, when the map keeps it (Nominatim's `osm_type`
    /// and `osm_id`).
    public var osm: OSMReference?
    /// The house number asked for that the street has not (`99999`): the place is the street
    /// instead. Nil for every other answer.
    public var missingHouseNumber: String?
    /// The postcode asked for (`00120`) when the place found is in another one (the street's
    /// other postcode, or one the map has not). Nil for every other answer.
    public var otherPostcodeAsked: String?
    /// The place's name tags and its address's other languages (none when the map keeps none).
    public var names = PlaceNames()

    /// Saved with a trip: all but `names`, which the map has (and which would weigh on every stop).
    private enum CodingKeys: String, CodingKey {
        case name, houseNumber, street, postalCode, city, coordinate, openingHours, country, countryCode, category,
             importance, suburb, osm, missingHouseNumber, otherPostcodeAsked
    }

    public init(name: String? = nil, houseNumber: String? = nil, street: String? = nil,
                postalCode: String? = nil, city: String? = nil, coordinate: Coordinate, openingHours: String? = nil,
                country: String? = nil, countryCode: String? = nil, category: String? = nil, importance: Double? = nil,
                suburb: String? = nil) {
        self.name = name
        self.houseNumber = houseNumber
        self.street = street
        self.postalCode = postalCode
        self.city = city
        self.coordinate = coordinate
        self.openingHours = openingHours
        self.country = country
        self.countryCode = countryCode
        self.category = category
        self.importance = importance
        self.suburb = suburb
    }

    /// "Name" (when it is not just the street address), "Street Number", "Postcode City".
    public var formattedAddressLines: [String] {
        var lines: [String] = []
        let streetLine = [street, houseNumber].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: " ")
        if let name, !name.isEmpty, name != streetLine { lines.append(name) }
        if !streetLine.isEmpty { lines.append(streetLine) }
        let cityLine = [postalCode, city].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: " ")
        if !cityLine.isEmpty { lines.append(cityLine) }
        if lines.isEmpty { lines.append(coordinate.description) }
        return lines
    }

    /// The single-line form used by the picker and the entry screen.
    public var formattedAddress: String { formattedAddressLines.joined(separator: ", ") }

    /// What the picker and `routeit geocode` say of a street answered for a number it has not:
    /// "no number 99999 on Annankatu; showing the street".
    public var missingHouseNumberNote: String? {
        guard let missingHouseNumber, let street else { return nil }
        return "no number \(missingHouseNumber) on \(street); showing the street"
    }

    /// What `routeit geocode` and the picker say of a place found in another postcode than the
    /// one asked: "postcode 00120 asked; this is in 00100".
    public var otherPostcodeNote: String? {
        guard let otherPostcodeAsked else { return nil }
        return "postcode \(otherPostcodeAsked) asked; this is in \(postalCode ?? "no postcode")"
    }

    /// Every note the geocoder gives of the answer, in one line (nil when none).
    public var geocoderNote: String? {
        let notes = [missingHouseNumberNote, otherPostcodeNote].compactMap { $0 }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }
}
