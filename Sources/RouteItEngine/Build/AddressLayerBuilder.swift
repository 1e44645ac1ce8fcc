import Foundation
import RouteItSQLite
import RouteItCore

/// The geocoder's layer: addresses (from nodes, ways and building outlines), named POIs and
/// places, and named streets with their geometry, plus the FTS5 text index and R*Trees over them.
/// Positions in the R*Trees and `place_tag` are integers of 1e-7 degrees (`PackedPolyline.fixed`);
/// street lines are packed polylines of up to 16 points, one R*Tree row each.
/// POIs keep their raw `opening_hours` in `place_hours`.
public final class AddressLayerBuilder: MapLayerBuilder, MapLayerSummarizing {
    public let phaseName = "addresses"
    public private(set) var writtenSummary = "nothing written"

    public init() {}

    // MARK: What pass 1 and 2 collect

    /// Where a feature lies before coordinates are known.
    enum Footprint {
        case point(Coordinate)
        case way([Int64])
        /// Sample nodes of a relation's member ways (their mean is the position).
        case relation([Int64])
        /// A relation's label node.
        case node(Int64)
    }

    struct AddressTags {
        var street: String
        var houseNumber: String
        var postcode: String?
        var city: String?
    }

    struct PendingAddress {
        var tags: AddressTags
        var footprint: Footprint
        /// Building outlines beat entrances and loose nodes as the address' position.
        var sourceRank: Int
        /// The OSM object the address is on.
        var osm: OSMReference
    }

    struct PendingFeature {
        var kind: PlaceKind
        /// The category's label for a place without a name ("Toilets"): found by category only.
        var name: String
        var named: Bool
        /// `key=value` of the tags that say what it is, for category search.
        var tags: [String]
        var searchNames: [String]
        var importance: Int
        /// Towns and districts are not "in" a postcode: only POIs and squares borrow one.
        var borrowsAddress: Bool
        var address: AddressTags?
        var footprint: Footprint
        var openingHours: String? = nil
        /// A place node's `population`, for its town's rank.
        var population: String? = nil
        /// The OSM object it is.
        var osm: OSMReference? = nil
        /// A town's or district's `place` tag (`suburb`): what Nominatim's answers call it.
        var placeType: String? = nil
        /// Its name tags (`PlaceNameTags`), for Nominatim's `namedetails`.
        var nameTags: [(String, String)] = []
    }

    struct PendingStreet {
        var name: String
        /// Other names of the street (Swedish in Helsinki: Annankatu is also Annegatan).
        var otherNames: [String]
        var refs: [Int64]
        /// The way's OSM id.
        var way: Int64 = 0
    }

    private var countries = CountryVote()
    /// Countries' and towns' outlines (`AdminBoundaries`), and the `addr:country` of the kept
    /// addresses and places, which say a town's country.
    private var boundaries = AdminBoundaries()
    private var taggedCountries: [(footprint: Footprint, code: String)] = []
    private var addresses: [PendingAddress] = []
    private var features: [PendingFeature] = []
    private var streets: [PendingStreet] = []
    /// The name tags of the first way of each street name (by its key), for `namedetails`.
    private var streetNameTags: [String: [(String, String)]] = [:]
    /// Each name's other languages (`name:sv` of a street or place named so), the first given.
    private var translations: [String: [String: String]] = [:]
    /// A few node ids of every way, so a multipolygon relation (which comes after its ways) can
    /// still be placed: bounded memory, unlike keeping every way's node list.
    private var waySamples = WaySamples()

    public func collect(way: OSMWay, needNode: (Int64) -> Void) throws {
        boundaries.collect(way: way)
        if way.nodeRefs.count >= 2 {
            waySamples.add(way.id, AddressLayerBuilder.samples(of: way.nodeRefs, count: 6))
        }
        guard !way.tags.isEmpty, !way.nodeRefs.isEmpty else { return }
        let footprint = Footprint.way(way.nodeRefs)
        var wanted = consider(tags: way.tags, footprint: footprint, sourceRank: 2, osm: OSMReference(kind: .way, id: way.id))
        if let name = way.tag("name"), !name.isEmpty, let highway = way.tag("highway"),
           AddressLayerBuilder.isStreet(highway: highway), way.nodeRefs.count >= 2 {
            let otherNames = AddressLayerBuilder.otherNameKeys.compactMap(way.tag).filter { !$0.isEmpty && $0 != name }
            streets.append(PendingStreet(name: name, otherNames: otherNames, refs: way.nodeRefs, way: way.id))
            let key = TextFolding.key(name)
            if streetNameTags[key] == nil { streetNameTags[key] = PlaceNameTags.of(way.tags) }
            keepTranslations(of: name, way.tags)
            wanted = true
        }
        if wanted { way.nodeRefs.forEach(needNode) }
    }

    public func collect(relation: OSMRelation, needNode: (Int64) -> Void) throws {
        guard !relation.tags.isEmpty else { return }
        countries.count(boundary: relation.tag)
        // A town's or country's outline names it in other languages (Helsingfors, Finland).
        if relation.tag("boundary") == "administrative", let name = relation.tag("name") {
            keepTranslations(of: name, relation.tags)
            if let code = relation.tag("ISO3166-1") ?? relation.tag("ISO3166-1:alpha2"), let country = CountryNames.name(ofCode: code) {
                keepTranslations(of: country, relation.tags)
            }
        }
        boundaries.collect(relation: relation, needNode: needNode)
        let type = relation.tag("type")
        guard type == "multipolygon" || type == "boundary" || type == "building" else { return }
        let label = relation.members.first { $0.kind == .node && ($0.role == "label" || $0.role == "admin_centre") }
        let footprint: Footprint
        if let label {
            footprint = .node(label.ref)
        } else {
            let ways = relation.members.filter { $0.kind == .way }
            let outer = ways.filter { $0.role == "outer" }
            let refs = (outer.isEmpty ? ways : outer).flatMap { waySamples.samples(of: $0.ref) }
            guard !refs.isEmpty else { return }
            footprint = .relation(refs)
        }
        // Administrative boundaries only count when they say what place they are.
        if type == "boundary", relation.tag("place") == nil { return }
        if consider(tags: relation.tags, footprint: footprint, sourceRank: 2, osm: OSMReference(kind: .relation, id: relation.id)) {
            switch footprint {
            case .node(let id): needNode(id)
            case .relation(let refs): refs.forEach(needNode)
            default: break
            }
        }
    }

    public func visit(node: OSMNode) throws {
        let point = Coordinate(latitude: node.latitude, longitude: node.longitude)
        _ = consider(tags: node.tags, footprint: .point(point), sourceRank: 1, osm: OSMReference(kind: .node, id: node.id))
    }

    /// Records the address and the named place/POI an element stands for; true if it is kept.
    private func consider(tags: [(String, String)], footprint: Footprint, sourceRank: Int, osm: OSMReference) -> Bool {
        var kept = false
        func tag(_ key: String) -> String? {
            // Lengths first, as `TagLookup` compares them (its proviso holds for these keys).
            let length = key.utf8.count
            guard let value = tags.first(where: { $0.0.utf8.count == length && $0.0 == key })?.1.trimmingWhitespace(),
                  !value.isEmpty else { return nil }
            return value
        }
        countries.count(addressCountry: tag("addr:country"))
        let countryCode = CountryVote.code(tag("addr:country"))
        defer { if kept, let countryCode { taggedCountries.append((footprint, countryCode)) } }
        let street = tag("addr:street") ?? tag("addr:place")
        var addressTags: AddressTags?
        if let street, let number = AddressLayerBuilder.houseNumber(tag("addr:housenumber"), unit: tag("addr:unit")) {
            let address = AddressTags(street: street, houseNumber: number, postcode: tag("addr:postcode"), city: tag("addr:city"))
            addressTags = address
            addresses.append(PendingAddress(tags: address, footprint: footprint, sourceRank: sourceRank, osm: osm))
            kept = true
        }
        let categoryTags = tags.compactMap { key, value in
            PlaceCategories.keys.contains(key) && !value.isEmpty ? "\(key)=\(value)" : nil
        }
        if let name = tag("name"), let (kind, importance) = AddressLayerBuilder.classify(tag) {
            let alternatives = AddressLayerBuilder.otherNameKeys.compactMap(tag).filter { $0 != name }
            features.append(PendingFeature(kind: kind, name: name, named: true, tags: categoryTags, searchNames: [name] + alternatives,
                                           importance: importance,
                                           borrowsAddress: kind == .poi || Self.borrowingPlaces.contains(tag("place") ?? ""),
                                           address: addressTags, footprint: footprint, openingHours: tag("opening_hours"),
                                           population: kind == .place ? tag("population") : nil, osm: osm,
                                           placeType: kind == .place ? tag("place") : nil, nameTags: PlaceNameTags.of(tags)))
            keepTranslations(of: name, tags)
            kept = true
        } else if tag("name") == nil, let label = PlaceCategories.label(for: categoryTags.filter(PlaceCategories.searchableTags.contains)) {
            // Toilets, parking, ATMs: rarely named, and still what people look for.
            features.append(PendingFeature(kind: .poi, name: label, named: false, tags: categoryTags, searchNames: [],
                                           importance: 10, borrowsAddress: true, address: addressTags, footprint: footprint, osm: osm))
            kept = true
        }
        return kept
    }

    /// The other languages of `name` from its `name:LANG` tags, unless another place gave them.
    private func keepTranslations(of name: String, _ tags: [(String, String)]) {
        let key = TextFolding.key(name)
        guard !key.isEmpty else { return }
        for (language, other) in PlaceNameTags.languages(tags) where translations[key]?[language] == nil {
            translations[key, default: [:]][language] = other
        }
    }

    /// Place or POI, with how prominent it is (higher ranks first among equal text matches).
    public static func classify(_ tag: (String) -> String?) -> (PlaceKind, Int)? {
        if let place = tag("place") {
            let importance: [String: Int] = ["city": 90, "town": 85, "village": 75, "borough": 75, "suburb": 70,
                                             "quarter": 68, "square": 65, "neighbourhood": 60, "island": 60]
            return (.place, importance[place] ?? 50)
        }
        if tag("tourism") != nil || tag("historic") != nil { return (.poi, 50) }
        if tag("railway") == "station" || tag("public_transport") == "station" || tag("aeroway") == "aerodrome" {
            return (.poi, 48)
        }
        for key in poiKeys where tag(key) != nil {
            return (.poi, 40)
        }
        // A named building ("Kaisa-talo", "WTC Plaza") is a place people type by name, as
        // Nominatim finds it; it was left out, and a search found another place a typo away.
        if let building = tag("building"), building != "no" { return (.poi, 30) }
        // Metro entrances ("Metro Rautatientori F") too.
        if tag("highway") == "bus_stop" || tag("railway") == "tram_stop" || tag("railway") == "halt" || tag("railway") == "subway_entrance"
            || tag("public_transport") == "platform" || tag("public_transport") == "stop_position" {
            return (.poi, 20)
        }
        return nil
    }

    private static let borrowingPlaces = ["square", "locality", "plot"]
    private static let poiKeys = ["shop", "amenity", "leisure", "office", "craft", "healthcare", "club", "sport", "man_made"]

    /// `addr:housenumber` with the letter of `addr:unit` when the number has none ("1" + "A" is
    /// house "1 A", so "1a" finds it and it is not shown as another door of 1).
    static func houseNumber(_ number: String?, unit: String?) -> String? {
        guard let number else { return nil }
        guard let unit, unit.count <= 2, unit.allSatisfy(\.isLetter),
              number.allSatisfy({ $0.isNumber || $0 == " " }) else { return number }
        return "\(number) \(unit.uppercased())"
    }

    /// Tags whose values also find a place or street.
    public static let otherNameKeys = ["name:fi", "name:sv", "name:en", "short_name", "alt_name", "official_name", "old_name"]

    static func isStreet(highway: String) -> Bool {
        !["platform", "bus_stop", "corridor", "elevator", "proposed", "construction", "abandoned",
          "razed", "raceway", "escape", "rest_area", "services", "bus_guideway"].contains(highway)
    }

    static func samples<T>(of refs: [T], count: Int) -> [T] {
        if refs.count <= count { return refs }
        return (0..<count).map { refs[$0 * (refs.count - 1) / (count - 1)] }
    }

    // MARK: Writing

    public func write(to db: SQLiteDatabase, coordinates: NodeCoordinates, progress: (Double) throws -> Void) throws {
        // What pass 1 and 2 collected is written once: it goes with this call, not with the
        // importer (the road layer after this one needs the memory).
        waySamples = WaySamples()
        defer { (addresses, features, streets) = ([], [], []) }
        try db.execute(AddressLayerBuilder.schema)
        try db.execute("CREATE TABLE IF NOT EXISTS metadata(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        let setMetadata = try db.prepare("INSERT OR REPLACE INTO metadata(key, value) VALUES (?, ?)")
        if let code = countries.winner { try setMetadata.run([.text(MapSchema.Key.countryCode), .text(code)]) }
        if !boundaries.countryCodes.isEmpty {
            try setMetadata.run([.text(MapSchema.Key.borderCountries), .text(boundaries.countryCodes.sorted().joined(separator: ","))])
        }
        // The whole outlines: the town of every row that does not name its own, and the geocoder's
        // countries and towns (`AdminAreas`).
        var outlines = AdminOutlineIndex(boundaries.outlines(coordinates))
        outlines.voteTownCountries(taggedCountries.compactMap { tagged in resolve(tagged.footprint, coordinates).map { ($0, tagged.code) } })
        taggedCountries = []
        try AdminAreas.write(outlines.outlines, to: db)
        if !outlines.isEmpty { try setMetadata.run([.text(MapSchema.Key.adminOutlines), .text(String(outlines.outlines.count))]) }
        let townNodes = features.filter { $0.kind == .place && OfflineGeocoder.townImportances.contains($0.importance) }
            .compactMap { feature in resolve(feature.footprint, coordinates).map { (feature.name, $0) } }
        let towns = TownOfPlace(outlines, townNodes: townNodes)
        let writer = try PlaceWriter(db: db)
        // Towns' place nodes first: every row written takes its town's rank.
        for feature in features where feature.kind == .place {
            guard let position = resolve(feature.footprint, coordinates) else { continue }
            let rank = PlaceArea.rank(importance: feature.importance, population: feature.population)
            let key = TextFolding.key(feature.name)
            if (writer.townNodes[key]?.rank ?? -1) < rank { writer.townNodes[key] = (rank, position) }
        }

        // Addresses: one place per (street, number) cluster, every position kept for reverse.
        var clusters = AddressClusters()
        for (i, address) in addresses.enumerated() {
            guard let position = resolve(address.footprint, coordinates) else { continue }
            for number in HouseNumber.parseList(address.tags.houseNumber) {
                clusters.add(address.tags, number: number, at: position, sourceRank: address.sourceRank, osm: address.osm)
            }
            if i % 5000 == 0 { try progress(0.4 * Double(i) / Double(max(1, addresses.count))) }
        }
        // Numbers that lack a postcode or city take them from their street and area.
        clusters.fillFromSurroundings(town: towns.town, outlineTown: towns.outlineTown)
        var words = Set<String>()
        // Written by street and number (the order of `place_by_number`), not as the extract lists
        // them town by town: the doors of one address in many towns ("Mannerheimintie 1" in a
        // country of towns) then share a few pages, where a cold lookup read a page a town.
        let ordered = clusters.all.enumerated().sorted {
            ($0.element.streetKey, $0.element.number.key, $0.offset) < ($1.element.streetKey, $1.element.number.key, $1.offset)
        }.map(\.element)
        for cluster in ordered {
            var row = PlaceRow(
                kind: .address, name: nil, houseNumber: cluster.houseNumberText, street: cluster.street,
                postcode: cluster.postcode, city: cluster.city, position: cluster.position, importance: 0,
                streetKey: cluster.streetKey, number: cluster.number)
            row.osm = cluster.best.osm
            let placeID = try writer.insert(row)
            for point in cluster.points { try writer.insertAddressPoint(point, place: placeID) }
        }
        try progress(0.5)
        ImportMemoryTrace.mark("addresses: address clusters written")

        // Streets: ways of one name, grouped when they lie together, with their lines indexed.
        let streetGroups = StreetGroups(streets: streets, coordinates: coordinates)
        for group in streetGroups.groups {
            let city = towns.town(at: group.representative, proposed: clusters.city(near: group.representative))
            let outlineTown = towns.outlineTown(at: group.representative)
            let postcode = clusters.postcode(near: group.representative, streetKey: group.key) { $0.outlineTown == outlineTown }
            var row = PlaceRow(
                kind: .street, name: group.name, houseNumber: nil, street: group.name,
                postcode: postcode, city: city,
                position: group.representative, importance: 30, streetKey: group.key, number: nil)
            row.osm = group.osm
            row.nameTagSet = try writer.nameTagSet(streetNameTags[group.key] ?? [])
            let placeID = try writer.insert(row)
            try writer.insertText([group.name] + group.otherNames, of: row, place: placeID)
            for other in group.otherNames { try writer.insertStreetAlias(other, of: group.key) }
            for line in PolylineChains.merge(group.lines) { try writer.insertStreetLine(line, place: placeID) }
        }
        try progress(0.8)
        ImportMemoryTrace.mark("addresses: streets written")

        // Named POIs and places, and unnamed ones of a searchable category; POIs without an
        // address borrow postcode and city from their surroundings ("Kauppatori, 00170 Helsinki"),
        // towns and districts only the city.
        for feature in features {
            guard let position = resolve(feature.footprint, coordinates) else { continue }
            var postcode = feature.address?.postcode
            var city = feature.address?.city
            let streetKey = feature.address.map { TextFolding.key($0.street) }
            if city == nil, feature.borrowsAddress || feature.kind == .place,
               let near = towns.town(at: position, proposed: clusters.city(near: position)),
               feature.kind != .place || TextFolding.key(near) != TextFolding.key(feature.name) {
                city = near   // "Kamppi, Helsinki"; but Helsinki is not in Helsinki
            }
            if feature.borrowsAddress, postcode == nil {
                let outlineTown = towns.outlineTown(at: position)
                postcode = clusters.postcode(near: position, streetKey: streetKey, anyWithin: 500) { $0.outlineTown == outlineTown }
            }
            let number = feature.address.flatMap { HouseNumber.parseList($0.houseNumber).first }
            var row = PlaceRow(
                kind: feature.kind, name: feature.name, houseNumber: feature.address.flatMap { number == nil ? nil : HouseNumber.displayText($0.houseNumber) },
                street: feature.address?.street, postcode: postcode, city: city, position: position,
                importance: feature.importance, streetKey: streetKey, number: number)
            let otherKeys = feature.searchNames.dropFirst().map(TextFolding.key).filter { !$0.isEmpty }
            row.otherKeys = otherKeys.isEmpty ? nil : "|" + otherKeys.joined(separator: "|") + "|"
            row.openingHours = feature.openingHours
            row.osm = feature.osm
            if feature.named { row.nameTagSet = try writer.nameTagSet(feature.nameTags) }
            let placeID = try writer.insert(row)
            if feature.named {
                try writer.insertText(feature.searchNames, of: row, place: placeID)
                for name in feature.searchNames { words.formUnion(TextFolding.words(name)) }
            }
            try writer.insertTags(feature.tags, of: row, place: placeID, placeType: feature.placeType)
        }
        for street in streetGroups.groups {
            for name in [street.name] + street.otherNames { words.formUnion(TextFolding.words(name)) }
        }
        try writer.insertWords(words.filter { $0.count >= 3 && !$0.allSatisfy(\.isNumber) })
        try writer.insertNameKeys()
        try writer.insertTranslations(translations)
        // The text index in one segment: filled in batches it is several, and a cold query looks
        // each word up in every one of them (on a 500-town country, 10 segments: 48 of a POI
        // query's 91 page reads; merged, 12 of 55, for 1.4 s of import).
        try db.execute("INSERT INTO place_text(place_text) VALUES('optimize')")
        let counts = try [(PlaceKind.address, "addresses"), (.poi, "POIs"), (.place, "places"), (.street, "streets")].map { kind, label in
            "\(try db.scalarInt("SELECT count(*) FROM place WHERE kind = \(kind.rawValue)") ?? 0) \(label)"
        }
        writtenSummary = counts.joined(separator: ", ")
        try progress(1)
    }

    private func resolve(_ footprint: Footprint, _ coordinates: NodeCoordinates) -> Coordinate? {
        switch footprint {
        case .point(let c): return c
        case .node(let id): return coordinates.coordinate(of: id)
        case .way(let refs): return Geometry.centroid(of: refs.compactMap(coordinates.coordinate(of:)))
        case .relation(let refs): return Geometry.mean(of: refs.compactMap(coordinates.coordinate(of:)))
        }
    }

    /// `place_by_street` ends with `kind`: a house lookup passes over the shops at that number
    /// ("Mannerheimintie 1" has two in every town) by their index entries, where it read their
    /// rows, two pages a town in a country (20 of a cold "Mannerheimintie 1"'s 60 on 500 towns);
    /// last, so every lookup by the index reads its rows in the same order as before.
    static let schema = PlaceTable.create + """

    CREATE INDEX place_by_street ON place(street_key, hn_key, town_rank DESC, kind);
    CREATE INDEX place_by_number ON place(street_key, hn_low, town_rank DESC, hn_high, hn_key);
    CREATE INDEX place_ranges ON place(street_key, hn_low) WHERE hn_high > hn_low;
    CREATE INDEX place_by_town ON place(city_key, street_key, hn_key);
    CREATE INDEX place_by_postcode ON place(postcode, street_key, hn_key);
    CREATE TABLE place_hours(place_id INTEGER PRIMARY KEY, opening_hours TEXT NOT NULL);
    CREATE TABLE street_alias(alias_key TEXT NOT NULL, street_key TEXT NOT NULL, PRIMARY KEY(alias_key, street_key)) WITHOUT ROWID;
    CREATE VIRTUAL TABLE place_text USING fts5(text, area, content='', tokenize='unicode61 remove_diacritics 2', prefix='2 3');
    CREATE VIRTUAL TABLE address_point USING rtree_i32(id, min_lat, max_lat, min_lon, max_lon, +place_id INTEGER);
    CREATE VIRTUAL TABLE street_line USING rtree_i32(id, min_lat, max_lat, min_lon, max_lon, +place_id INTEGER, +points BLOB);
    CREATE TABLE place_tag_name(id INTEGER PRIMARY KEY, tag TEXT NOT NULL UNIQUE);
    CREATE TABLE place_category(place_id INTEGER PRIMARY KEY, tag INTEGER NOT NULL);
    CREATE TABLE place_tag(tag INTEGER NOT NULL, lat INTEGER NOT NULL, lon INTEGER NOT NULL, place_id INTEGER NOT NULL,
        PRIMARY KEY(tag, lat, place_id)) WITHOUT ROWID;
    CREATE TABLE place_tag_area(tag INTEGER NOT NULL, area TEXT NOT NULL, place_id INTEGER NOT NULL,
        PRIMARY KEY(tag, area, place_id)) WITHOUT ROWID;
    CREATE TABLE place_word(word TEXT PRIMARY KEY) WITHOUT ROWID;
    CREATE TABLE place_street_key(key TEXT PRIMARY KEY) WITHOUT ROWID;
    """ + PlaceArea.schema + PlaceNameTags.schema
}

/// What a row of `place` is.
public enum PlaceKind: Int, Sendable {
    case address = 0, poi = 1, place = 2, street = 3
}
