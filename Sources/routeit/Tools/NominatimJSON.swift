import Foundation
import RouteItCore

/// A placemark as one result of Nominatim's `format=jsonv2&addressdetails=1`, so scripts written
/// for Nominatim read `routeit geocode --json` / `reverse --json` unchanged: `place_id`,
/// `lat`/`lon` as strings, `display_name`, `category`, `type`, `address{}`, `boundingbox` (four
/// strings: south, north, west, east), `osm_type`/`osm_id` when the map keeps them. RouteIt's own
/// additions are under `routeit`.
enum NominatimJSON {

    static func object(_ placemark: Placemark) -> [String: Any] { object(placemark, languages: []) }

    /// `languages`: Nominatim's `accept-language`, most wanted first: each name is shown in the
    /// first of them it has (`name:sv`), else as its `name` tag gives it.
    static func object(_ given: Placemark, languages: [String]) -> [String: Any] {
        let placemark = localized(given, languages)
        let c = placemark.coordinate
        var address: [String: String] = [:]
        address["house_number"] = placemark.houseNumber
        address["road"] = placemark.street
        // The districts by Nominatim's rule when the geocoder says them, else the one it named.
        if placemark.districts.isKnown {
            for (key, name) in placemark.districts.parts { address[key] = name }
        } else {
            address["suburb"] = placemark.suburb
        }
        address["postcode"] = placemark.postalCode
        address["city"] = placemark.city
        address["country"] = placemark.country
        address["country_code"] = placemark.countryCode?.lowercased()
        let (category, type) = classification(placemark)
        // Nominatim names a tagged place's address part and `addresstype` by the tag's key
        // (`amenity` for a pharmacy), a town or district and others by their type (`suburb`).
        let part = placemark.category?.contains("=") == true && category != "place" ? category : type
        if let name = placemark.name, !name.isEmpty, category != "highway" { address[part] = name }
        // Nominatim's box around a point: a postcode's its country's postcode extent, else by what
        // the place is (a town's kilometres), else ±0.00005°.
        let extent = nodeExtents["\(category)=\(type)"] ?? 0.00005
        let box = (category == "place" && type == "postcode" ? NominatimPostcodeBox.box(around: c, countryCode: placemark.countryCode)
            : [c.latitude - extent, c.latitude + extent, c.longitude - extent, c.longitude + extent]).map(degrees)
        var object: [String: Any] = [
            "place_id": placeID(placemark),
            "licence": MapAttribution.licence,
            "lat": degrees(c.latitude),
            "lon": degrees(c.longitude),
            "category": category,
            "type": type,
            "addresstype": part,
            "place_rank": placeRank(placemark),
            "name": placemark.name ?? (category == "highway" ? placemark.street : type == "postcode" ? placemark.postalCode : nil) ?? "",
            "display_name": displayName(placemark),
            "address": address,
            "boundingbox": box,
            // Nominatim's 0-1 prominence; RouteIt's own ranking of the place, scaled alike.
            "importance": placemark.importance ?? 0,
            "routeit": ["formatted_address": placemark.formattedAddress,
                        "formatted_address_lines": placemark.formattedAddressLines],
        ]
        // The OSM object, when the map keeps it: a map imported before has none, and says
        // nothing rather than a made-up id.
        if let osm = placemark.osm {
            object["osm_type"] = osm.kind.rawValue
            object["osm_id"] = osm.id
        }
        // Nominatim's `extratags=1` carries the OSM tags beyond the address; hours are the one kept.
        if let hours = placemark.openingHours { object["extratags"] = ["opening_hours": hours] }
        return object
    }

    /// The placemark with its names in the first of `languages` each has (Nominatim's rule).
    static func localized(_ p: Placemark, _ languages: [String]) -> Placemark {
        guard !languages.isEmpty else { return p }
        var local = p
        // The place's own name by its own tags alone (another place of that name may have other
        // languages); its address's names by the other languages of those names.
        func shown(_ name: String?, own: Bool = false) -> String? {
            guard let name else { return nil }
            for language in languages {
                let other = own ? p.names.tags["name:\(language)"] : p.names.translations[name]?[language]
                if let other { return other }
            }
            return name
        }
        local.name = shown(p.name, own: true)
        local.street = p.street == p.name ? local.name : shown(p.street)
        local.suburb = shown(p.suburb)
        local.districts.neighbourhood = shown(p.districts.neighbourhood)
        local.districts.quarter = shown(p.districts.quarter)
        local.districts.suburb = shown(p.districts.suburb)
        local.city = shown(p.city)
        local.country = shown(p.country)
        return local
    }

    /// Nominatim's `accept-language` (an HTTP Accept-Language list: `sv,en;q=0.8`): the
    /// languages by weight, each region's language after it (`en-GB`, then `en`).
    static func languages(_ header: String) -> [String] {
        var weighted: [(language: String, weight: Double, order: Int)] = []
        for (order, item) in header.split(separator: ",").enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, !tag.isEmpty, tag != "*" else { continue }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            guard weight > 0 else { continue }
            weighted.append((tag.lowercased().replacingOccurrences(of: "-", with: "_"), weight, order))
        }
        var languages: [String] = []
        for entry in weighted.sorted(by: { ($0.weight, -$0.order) > ($1.weight, -$1.order) }) {
            for language in [entry.language, String(entry.language.prefix { $0 != "_" })] where !languages.contains(language) {
                languages.append(language)
            }
        }
        return languages
    }

    /// Nominatim's search rank: an address 30, a town or district by its `place` tag, else 26.
    static func placeRank(_ placemark: Placemark) -> Int {
        let (category, type) = classification(placemark)
        return placemark.houseNumber != nil ? 30 : placeRanks[type].map { category == "place" ? $0 : 26 } ?? 26
    }

    /// Nominatim's `display_name`: most specific part first, comma-separated (the districts
    /// between the street and the town).
    static func displayName(_ p: Placemark) -> String {
        // A postcode's area is named by its code first, as Nominatim names one.
        let postcodeFirst = p.category == "place=postcode"
        let districts: [String?] = p.districts.parts.map(\.name)
        return ([p.name, p.houseNumber, p.street] + districts + [postcodeFirst ? p.postalCode : p.city, postcodeFirst ? p.city : p.postalCode, p.country])
            .compactMap { $0?.isEmpty == false ? $0 : nil }
            .reduce(into: [String]()) { parts, part in if !parts.contains(part) { parts.append(part) } }
            .joined(separator: ", ")
    }

    /// Nominatim's search rank of a town or district by its `place` tag (its address-levels.json).
    static let placeRanks = ["city": 16, "town": 18, "borough": 18, "village": 19, "suburb": 19, "hamlet": 20, "quarter": 20,
                             "neighbourhood": 24, "square": 25, "island": 17, "islet": 20, "locality": 25, "city_block": 25,
                             "isolated_dwelling": 22, "farm": 22]

    /// Nominatim's half-size in degrees of the box around a node, by its class and type (its
    /// `NODE_EXTENT`).
    static let nodeExtents = ["place=city": 0.16, "place=municipality": 0.16, "place=island": 0.32, "place=town": 0.04,
                              "place=village": 0.02, "place=hamlet": 0.02, "place=district": 0.02, "place=borough": 0.02,
                              "place=suburb": 0.02, "place=locality": 0.01, "place=neighbourhood": 0.01, "place=quarter": 0.01,
                              "place=city_block": 0.01, "place=farm": 0.01, "landuse=farm": 0.01, "aeroway=aerodrome": 0.015,
                              "railway=station": 0.005]

    /// Nominatim's class/type for what the placemark holds: its OSM tag when the map keeps one
    /// (a pharmacy is `amenity`/`pharmacy`, a suburb `place`/`suburb`), a town or district of a
    /// map that kept not which kind `place`/`place`, an address `place`/`house`, a bare street
    /// `highway`/`road`, another named place `amenity`/`place`.
    static func classification(_ p: Placemark) -> (String, String) {
        if let tag = p.category?.split(separator: "=", maxSplits: 1), tag.count == 2 { return (String(tag[0]), String(tag[1])) }
        if p.category == "place" { return ("place", "place") }
        if p.houseNumber?.isEmpty == false && (p.name ?? "").isEmpty { return ("place", "house") }
        if (p.name ?? "").isEmpty || p.name == p.street { return ("highway", "road") }
        return ("amenity", "place")
    }

    /// A stable number for the same place (Nominatim's ids are its database's; ours is a hash of
    /// what identifies the place, so two runs on one map agree).
    static func placeID(_ p: Placemark) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(p.formattedAddress)|\(p.coordinate)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(hash % 1_000_000_000)
    }

    private static func degrees(_ value: Double) -> String { String(format: "%.7f", value) }

    /// The JSON text of an answer (the one writer of every `--json` answer and of `routeit serve`).
    static func text(_ value: Any) -> String { JSONWriter.text(value) }
}
