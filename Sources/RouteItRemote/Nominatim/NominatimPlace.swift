import RouteItCore

/// One result of Nominatim's `format=jsonv2&addressdetails=1` (search and reverse alike).
struct NominatimPlace: Decodable {
    var lat: String
    var lon: String
    var name: String?
    var address: [String: String]?
    /// `extratags=1`: the place's other OSM tags; only `opening_hours` is read, and a body whose
    /// extra tags are malformed still gives its place.
    var extratags: ExtraTags?

    struct ExtraTags: Decodable {
        var openingHours: String?
        private enum Key: String, CodingKey { case openingHours = "opening_hours" }
        init(from decoder: Decoder) throws {
            openingHours = try? decoder.container(keyedBy: Key.self).decodeIfPresent(String.self, forKey: .openingHours)
        }
    }

    /// Address keys Nominatim uses for the street an address is on, most specific first.
    static let streetKeys = ["road", "pedestrian", "footway", "path", "cycleway", "square"]
    /// Keys naming the settlement, largest unit that is still a "city line" first.
    static let cityKeys = ["city", "town", "village", "municipality", "hamlet"]

    /// Same fields the embedded geocoder fills, so `formattedAddressLines` read alike. The
    /// position must be a real one in decimal degrees (no `0x10`, `inf`, 1e300).
    var placemark: Placemark {
        get throws {
            guard let latitude = DecimalNumber.parse(lat), let longitude = DecimalNumber.parse(lon),
                  Coordinate(latitude: latitude, longitude: longitude).isValid else {
                throw RemoteError.implausibleAnswer(server: "Nominatim server", problem: "a place with an impossible position")
            }
            return makePlacemark(latitude: latitude, longitude: longitude)
        }
    }

    private func makePlacemark(latitude: Double, longitude: Double) -> Placemark {
        let address = self.address ?? [:]
        func first(_ keys: [String]) -> String? { keys.lazy.compactMap { address[$0] }.first { !$0.isEmpty } }
        return Placemark(name: name.flatMap { $0.isEmpty ? nil : $0 },
                         houseNumber: address["house_number"],
                         street: first(Self.streetKeys),
                         postalCode: address["postcode"],
                         city: first(Self.cityKeys),
                         coordinate: Coordinate(latitude: latitude, longitude: longitude),
                         openingHours: extratags?.openingHours.flatMap { $0.isEmpty ? nil : $0 },
                         country: address["country"], countryCode: address["country_code"])
    }
}

/// Nominatim's error body: `{"error": "Unable to geocode"}` or `{"error": {"code": 400, "message": "…"}}`.
struct NominatimErrorBody: Decodable {
    struct Detail: Decodable { var message: String? }
    var message: String?

    enum CodingKeys: String, CodingKey { case error }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try? container.decode(String.self, forKey: .error) {
            message = text
        } else {
            message = try container.decode(Detail.self, forKey: .error).message
        }
    }
}
