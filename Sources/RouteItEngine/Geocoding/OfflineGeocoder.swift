import Foundation
import RouteItSQLite
import RouteItCore

/// Forward and reverse geocoding on a `.routeit` map's address layer, with no network.
/// One geocoder serialises its queries on its prepared statements (they are reused, not re-parsed).
// @unchecked: `lock` guards the prepared statements (reused, so one query at a time) and
// `vocabulary`; the rest is set in init.
public final class OfflineGeocoder: Geocoding, NameTagsKeeping, @unchecked Sendable {
    /// More than a screen: with a town in every one of them, "Kirkkokatu 1" has many answers.
    public static let maxCandidates = 20
    /// Rows read per lookup before ranking: the most prominent towns' (and the nearest towns').
    static let rowsPerLookup = maxCandidates
    /// Towns searched around the current location besides the most prominent ones.
    static let nearTowns = 3
    /// Reverse geocoding answers with an address this close, else with the nearest street.
    public static let addressRadius = 50.0

    let map: RouteItMap
    let lock = NSLock()
    private let streets: StreetNameIndex
    /// The map's towns by folded name, with their centres and ranks.
    let towns: [String: PlaceArea]
    /// Other names of towns asked so far ("helsingfors" → "helsinki"; nil: no town's).
    private var townAliases: [String: String?] = [:]
    /// The names and other names of the places (towns, quarters) whose names have a phrase.
    private let placesWithName: PreparedOnUse
    /// The map's country's names, folded, read at first use.
    private var countryKeys: Set<String>?
    /// House and street lookups by scope kind, prepared at first use.
    private var houseQueries: [Int: HouseQueries] = [:]
    private let postcodeCentre: PreparedOnUse
    private let taggedInArea: PreparedOnUse
    private let textSearch: SQLiteStatement
    let placeByID: SQLiteStatement
    /// The POIs and places with an address: "Espresso House, Kaisaniemenkatu 4" typed back.
    private let namedAtHouse: PreparedOnUse
    let pointsNear: PreparedOnUse
    let linesNear: PreparedOnUse
    private let taggedNear: PreparedOnUse
    private let wordRows: PreparedOnUse
    /// The first word of `place_word` not below the one bound, in the table's key order (UTF-8
    /// bytes, the vocabulary's order too).
    private let wordAtOrAfter: SQLiteStatement
    private var vocabulary: NameVocabulary?
    /// Where category searches are centred when not told: the middle of the map.
    private let mapCentre: Coordinate
    /// Opening hours of POIs.
    private let hoursByPlace: SQLiteStatement
    /// A place's name tags and a name's other languages, prepared when first asked (nil: the
    /// map keeps none).
    private let namesOfPlace: PreparedOnUse?
    private let translationsOfName: PreparedOnUse?
    private let categoryOfPlace: SQLiteStatement
    /// The map's country (`FI`, `Suomi`) by its addresses; nil when the data does not say. An
    /// answer's own country is `adminAreas`'s.
    let countryCode: String?
    let country: String?
    /// The country and town of a point, by the map's whole outlines.
    let adminAreas: AdminAreas
    /// The map's area (what `reverseGeocode` calls outside); nil when the map does not say.
    public let area: MapArea?
    /// The places name their OSM objects (maps imported before that have no `place.osm`).
    let keepsOSM: Bool


    public init(map: RouteItMap) throws {
        self.map = map
        let db = map.database
        // The import lists the map's distinct street keys and towns: reading them costs what the
        // map has of streets and towns, where scanning `place` would read every address.
        var keys: [String] = []
        let keyRows = try db.prepare("SELECT key FROM place_street_key")
        while try keyRows.step() { if let key = keyRows.string(0) { keys.append(key) } }
        var aliases: [(alias: String, key: String)] = []
        let aliasRows = try db.prepare("SELECT alias_key, street_key FROM street_alias")
        while try aliasRows.step() {
            if let alias = aliasRows.string(0), let key = aliasRows.string(1) { aliases.append((alias, key)) }
        }
        streets = StreetNameIndex(keys: keys, aliases: aliases)
        var towns: [String: PlaceArea] = [:]
        let townRows = try db.prepare("SELECT key, lat, lon, rank FROM place_area WHERE kind = \(PlaceArea.Kind.town.rawValue)")
        while try townRows.step() {
            guard let key = townRows.string(0) else { continue }
            towns[key] = PlaceArea(kind: .town, key: key, centre: Coordinate(latitude: townRows.double(1), longitude: townRows.double(2)),
                                   rank: Int(townRows.int(3)))
        }
        self.towns = towns
        keepsOSM = try PlaceTable.keepsOSM(db)
        let c = PlaceTable.selectList(keepsOSM: keepsOSM)
        placesWithName = PreparedOnUse(db, """
            SELECT p.name, p.other_keys FROM place_text JOIN place p ON p.id = place_text.rowid
            WHERE place_text MATCH ? AND p.kind = \(PlaceKind.place.rawValue) AND p.other_keys IS NOT NULL
            """)
        postcodeCentre = PreparedOnUse(db, "SELECT lat, lon FROM place_area WHERE kind = \(PlaceArea.Kind.postcode.rawValue) AND key = ?")
        // A tag is stored as its number (`place_tag_name`), looked up once per statement run.
        let tagNumber = "(SELECT id FROM place_tag_name WHERE tag = ?1)"
        taggedInArea = PreparedOnUse(db, "SELECT place_id FROM place_tag_area WHERE tag = \(tagNumber) AND area = ?2")
        // The name's words in `text`, the town or postcode (when asked) in `area`.
        textSearch = try db.prepare("""
            SELECT \(c), bm25(place_text, 1.0, 0.0) FROM place_text JOIN place p ON p.id = place_text.rowid
            WHERE place_text MATCH ? ORDER BY bm25(place_text, 1.0, 0.0) LIMIT 60
            """)
        placeByID = try db.prepare("SELECT \(c) FROM place p WHERE p.id = ?")
        namedAtHouse = PreparedOnUse(db, """
            SELECT \(c) FROM place p WHERE ((p.street_key = ?1 AND p.hn_key = ?2) OR (p.street_key = ?1 AND p.hn_low = ?3))
            AND p.kind IN (\(PlaceKind.poi.rawValue), \(PlaceKind.place.rawValue)) LIMIT \(Self.namedAtHouseRows)
            """)
        pointsNear = PreparedOnUse(db, """
            SELECT place_id, min_lat, min_lon FROM address_point WHERE min_lat <= ? AND max_lat >= ? AND min_lon <= ? AND max_lon >= ?
            """)
        linesNear = PreparedOnUse(db, """
            SELECT place_id, points FROM street_line WHERE min_lat <= ? AND max_lat >= ? AND min_lon <= ? AND max_lon >= ?
            """)
        taggedNear = PreparedOnUse(db, """
            SELECT place_id, lat, lon FROM place_tag WHERE tag = \(tagNumber) AND lat <= ?2 AND lat >= ?3 AND lon <= ?4 AND lon >= ?5
            """)
        wordRows = PreparedOnUse(db, "SELECT word FROM place_word")
        wordAtOrAfter = try db.prepare("SELECT word FROM place_word WHERE word >= ? ORDER BY word LIMIT 1")
        let bound = { (key: String) in map.metadata[key].flatMap(Double.init) ?? 0 }
        mapCentre = Coordinate(latitude: (bound(MapSchema.Key.minLatitude) + bound(MapSchema.Key.maxLatitude)) / 2,
                               longitude: (bound(MapSchema.Key.minLongitude) + bound(MapSchema.Key.maxLongitude)) / 2)
        hoursByPlace = try db.prepare("SELECT opening_hours FROM place_hours WHERE place_id = ?")
        // Name tags and other languages: none on a map imported before they were kept.
        if try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name IN ('name_tag_set', 'name_translation')") == 2 {
            namesOfPlace = PreparedOnUse(db, """
                SELECT p.kind, s.tags FROM place p LEFT JOIN name_tag_set s ON s.id = p.\(PlaceTable.Column.nameTags.rawValue)
                WHERE p.id = ?
                """)
            translationsOfName = PreparedOnUse(db, "SELECT language, name FROM name_translation WHERE name_key = ?")
        } else {
            namesOfPlace = nil
            translationsOfName = nil
        }
        // A POI's category: its row of `place_category`, by id.
        categoryOfPlace = try db.prepare("SELECT n.tag FROM place_category c JOIN place_tag_name n ON n.id = c.tag WHERE c.place_id = ?")
        countryCode = map.metadata[MapSchema.Key.countryCode].flatMap(CountryVote.code)
        country = countryCode.flatMap(CountryNames.name(ofCode:))
        let borderCountries = (map.metadata[MapSchema.Key.borderCountries] ?? "").split(separator: ",").compactMap { CountryVote.code(String($0)) }
        adminAreas = AdminAreas(db, mapCountry: countryCode, borderCountries: Set(borderCountries),
                                hasOutlines: (map.metadata[MapSchema.Key.adminOutlines].flatMap(Int.init) ?? 0) > 0)
        area = map.area
    }

    /// Whether the map keeps places' name tags (a map imported before schema 19 has none).
    public var keepsNameTags: Bool { namesOfPlace != nil }

    /// `placemarks` (this geocoder's answers) with their names: the place's name tags, and the
    /// other languages of the names its address shows. Read only when asked (serve's
    /// `namedetails`, `accept-language`): read for every candidate, they were 11 of the 71 pages
    /// of a cold "Mannerheimintie 1" in the 500-town country, and 45 % of its instructions (the
    /// country's name in some 230 languages, once per candidate: here once per call).
    public func withNames(_ placemarks: [Placemark]) throws -> [Placemark] {
        lock.lock()
        defer { lock.unlock() }
        var languagesOfName: [String: [String: String]] = [:]
        return try placemarks.map { placemark in
            var named = placemark
            try addNames(to: &named, languagesOfName: &languagesOfName)
            return named
        }
    }

    /// The names of the place of the map's row `placemark.names.mapRow` (none for a placemark not
    /// read from a row); `languagesOfName`: the other languages of the names read so far. The
    /// caller holds `lock`.
    private func addNames(to placemark: inout Placemark, languagesOfName: inout [String: [String: String]]) throws {
        guard let place = placemark.names.mapRow, let namesOfPlace = try namesOfPlace?.statement(),
              let translationsOfName = try translationsOfName?.statement() else { return }
        var names = PlaceNames(mapRow: place)
        var isNamed = false
        try namesOfPlace.bind([.int(place)])
        if try namesOfPlace.step() {
            isNamed = namesOfPlace.int(0) != Int64(PlaceKind.address.rawValue)
            if let text = namesOfPlace.string(1) { names.tags = PlaceNameTags.decoded(text) }
        }
        // Run to the end (one row) so the statement holds no read lock.
        while try namesOfPlace.step() {}
        // A street, town or POI with no other name tags than its `name` has no set
        // (`PlaceWriter.nameTagSet`): its name is the place's.
        if names.tags.isEmpty, isNamed, let name = placemark.name, !name.isEmpty { names.tags = ["name": name] }
        for name in ([placemark.name, placemark.street, placemark.suburb, placemark.city, placemark.country] + placemark.districts.parts.map(\.name)).compactMap({ $0 })
        where names.translations[name] == nil {
            if languagesOfName[name] == nil {
                try translationsOfName.bind([.text(TextFolding.key(name))])
                var languages: [String: String] = [:]
                while try translationsOfName.step() {
                    if let language = translationsOfName.string(0), let other = translationsOfName.string(1) { languages[language] = other }
                }
                languagesOfName[name] = languages
            }
            if let languages = languagesOfName[name], !languages.isEmpty { names.translations[name] = languages }
        }
        placemark.names = names
    }

    /// The record's placemark with the place's opening hours, when the map has them. `category`:
    /// the POI's tag when the caller found it by that tag (else it is looked up).
    func placemark(_ record: PlaceRow, category known: String? = nil) throws -> Placemark {
        var placemark = record.placemark
        try placeInCountry(&placemark)
        placemark.importance = Double(record.importance) / 100
        if record.kind == .poi || record.kind == .place {
            try hoursByPlace.bind([.int(record.id)])
            if try hoursByPlace.step() { placemark.openingHours = hoursByPlace.string(0) }
            // Run to the end (one row per place) so the statement holds no read lock.
            while try hoursByPlace.step() {}
        }
        // Its names are read when asked (`withNames`), by its row.
        placemark.names.mapRow = record.id
        if record.kind == .poi, let known {
            placemark.category = known
        } else if record.kind == .poi || record.kind == .place {
            try categoryOfPlace.bind([.int(record.id)])
            if try categoryOfPlace.step() { placemark.category = categoryOfPlace.string(0) }
            while try categoryOfPlace.step() {}
            // A town or district of a map that kept not which (imported before `place=`).
            if record.kind == .place, placemark.category == nil { placemark.category = "place" }
        }
        return placemark
    }

    /// Gives `placemark` the country its position is in (`AdminAreas`' rules); the town whose
    /// whole outline holds it too when `town` (a street's row names the town of its middle, a
    /// point on it may be in the next one). The caller holds `lock`.
    func placeInCountry(_ placemark: inout Placemark, town: Bool = false) throws {
        let found = try adminAreas.at(placemark.coordinate)
        placemark.countryCode = found.countryCode?.lowercased()
        placemark.country = found.countryCode.flatMap(CountryNames.name(ofCode:))
        if town, let name = found.town, TextFolding.key(name) != placemark.city.map(TextFolding.key) {
            placemark.city = name
            placemark.postalCode = nil
        }
    }

    /// Opens the map at `path` and a geocoder on it.
    public convenience init(path: String) throws { try self.init(map: RouteItMap(path: path)) }

    // MARK: Forward

    public func geocode(_ text: String) async throws -> [Placemark] { try search(text) }

    public func geocode(_ text: String, near: Coordinate?) async throws -> [Placemark] { try search(text, near: near) }

    /// Synchronous forward geocoding (what `geocode` does), for tools and benchmarks. `near`
    /// ranks equal matches by distance from it and centres category searches.
    public func search(_ text: String, near: Coordinate? = nil) throws -> [Placemark] {
        lock.lock()
        defer { lock.unlock() }
        return try search(text, near: near.flatMap { $0.isValid ? $0 : nil }, bias: near == nil ? .none : .currentLocation)
    }

    private func search(_ typedText: String, near: Coordinate?, bias: LocationBias) throws -> [Placemark] {
        // "cafe near Kamppi": Kamppi first, then cafés around it.
        if let phrase = NearPhrase(typedText), let anchor = try search(phrase.place, near: near, bias: bias).first {
            return try search(phrase.what, near: anchor.coordinate, bias: .namedPlace)
        }
        // "…, 00100 Helsinki, Finland": the map's own country narrows nothing.
        let text = try withoutCountry(typedText)
        let isTown = try townTest()
        let query = try reading(text, isCity: isTown)
        if let postcode = try postcodeArea(query, text: text) {
            // "Helsinki, 00100 Helsinki" is also the row of a place named as its town, typed back.
            guard text.contains(","), !query.nameKey.isEmpty else { return [postcode] }
            let typed = TextFolding.key(text)
            let named = try placesNamed(query, scope: .postcode(postcode.postalCode ?? ""), text: text, near: near)
                .filter { $0.placemark.rowReads(as: typed) }
            return try distinct(named).prefix(Self.maxCandidates - 1) + [postcode]
        }
        // One letter is not a name (and an arrow key's escape sequence leaves one behind); nor
        // are letters alone ("a b c" began half the map's names).
        guard query.nameKey.count >= 2 else { return [] }
        guard query.nameWords.contains(where: { $0.count >= 2 }) || query.number != nil else {
            // But letters joined by "&" are a name ("H&M"): the places named so, whole words only.
            guard typedText.contains("&") else { return [] }
            return try distinct(placesNamedWithLetters(query, near: near))
        }
        // The town or postcode first: the search then looks only there.
        let scope: SearchScope = query.city.map(SearchScope.town) ?? query.postcode.map(SearchScope.postcode) ?? .anywhere
        if query.number == nil, let tags = PlaceCategories.tags(for: query.nameKey) {
            // "Market Square" is a kind of place and the name of one: the square so named first
            // (but "market square near Kamppi" asks for the kind). Shops so named ("Subway" the
            // sandwich bars, not the metro stations) come first when typed as their name is
            // written, else after the nearest of the kind ("subway"); a shop of the kind itself
            // (an ATM named "Otto") keeps its place among the nearest.
            let named = bias == .namedPlace ? [] : try placesNamed(query, scope: scope, text: text, near: near)
                .filter { try $0.kind != .poi || Set(categories(of: $0.id)).isDisjoint(with: tags) }
            let asWritten = text.trimmingWhitespace()
            let first = named.filter { $0.kind != .poi || text.contains(",") || $0.name == asWritten }
            let later = named.filter { !($0.kind != .poi || text.contains(",") || $0.name == asWritten) }
            let found = try places(taggedWith: tags, scope: scope, near: near, text: text)
            if !found.isEmpty {
                let kind = found.prefix(Self.maxCandidates - named.count)
                return Self.rowsTypedFirst(try distinct(first) + kind.prefix(1) + distinct(later) + kind.dropFirst(), text: text)
            }
        }
        var readings = [query]
        // "Pohjoisesplanadi 33" is also house 33 of Pohjoisesplanadi when a street of the map is
        // named with the number (an `addr:street` that says "Pohjoisesplanadi 33").
        if query.number == nil, query.nameWords.count > 1, query.nameWords.contains(where: { $0.first?.isNumber == true }) {
            let whole = query.nameKey
            let house = try reading(text, isCity: isTown, isStreet: { $0 != whole && self.streets.contains($0) })
            if house.number != nil, streets.contains(house.nameKey) { readings.append(house) }
        }
        // "Hôtel de Monaco" is a name ending in a town's, besides "hôtel de…" in Monaco.
        if query.number == nil, query.city != nil, !text.contains(",") {
            let whole = try reading(text, isCity: { _ in false })
            if whole.nameWords != query.nameWords { readings.append(whole) }
        }
        var candidates: [Int64: Candidate] = [:]
        for reading in readings {
            for (id, found) in try self.candidates(reading, text: text, near: near, bias: bias)
            where (candidates[id]?.score ?? -.infinity) < found.score {
                candidates[id] = found
            }
        }
        for named in NamedAddressQuery.readings(text, isCity: isTown, isStreet: { streets.contains($0) },
                                                isStreetWithTypo: isStreetWithTypo) {
            for found in try self.named(named, near: near, bias: bias) where (candidates[found.record.id]?.score ?? -.infinity) < found.score {
                candidates[found.record.id] = found
            }
        }
        // A picker row typed back: the place whose row reads as the text, above places that
        // only match its words ("Pupu, 00100 Helsinki" is not "Pupu, Annankatu 21").
        let typed = TextFolding.key(text)
        for (id, candidate) in candidates {
            let row = candidate.record.placemark.formattedAddress
            guard TextFolding.key(row) == typed else { continue }
            candidates[id]?.score += CandidateScore.rowAsTyped + (row == text.trimmingWhitespace() ? 1 : 0)
        }
        // Equal matches: the more prominent town first, then the earlier row.
        let found = try distinct(candidates.values.sorted {
            ($0.score, $0.record.townRank, -$0.record.id) > ($1.score, $1.record.townRank, -$1.record.id)
        }.map(\.record))
        // A place in another postcode than the one asked for is said to be.
        let noted = found.map { place in
            guard let postcode = query.postcode, let other = place.postalCode, other != postcode else { return place }
            var noted = place
            noted.otherPostcodeAsked = postcode
            return noted
        }
        // A street answered for a number: the number is not on it (else the house would be);
        // but a street named with the number ("Pohjoisesplanadi 33") is what was asked.
        guard let number = readings.lazy.compactMap(\.number).first else { return noted }
        let streetsAsked = Set(readings.filter { $0.number == nil }.map(\.nameKey))
        return noted.map { place in
            guard place.name == nil, place.houseNumber == nil, let name = place.street, !streetsAsked.contains(TextFolding.key(name)) else { return place }
            var street = place
            street.missingHouseNumber = number.key.uppercased()
            return street
        }
    }

    /// `text` read as an address, its town by the name the map's addresses give it.
    private func reading(_ text: String, isCity: (String) -> Bool, isStreet: ((String) -> Bool)? = nil) throws -> GeocodeQuery {
        var query = GeocodeQuery(text, isCity: isCity, isStreet: isStreet ?? { self.streets.contains($0) }, isStreetWithTypo: isStreetWithTypo,
                                 isPostcode: { (try? self.centre(of: .postcode($0))) != nil })
        query.city = try query.city.map(townKey)
        return query
    }

    /// The scored rows that match `query`: in its town or postcode, else on the whole map (the
    /// town a penalty); on the whole map also in the towns around the current location.
    private func candidates(_ query: GeocodeQuery, text: String, near: Coordinate?, bias: LocationBias) throws -> [Int64: Candidate] {
        let scope: SearchScope = query.city.map(SearchScope.town) ?? query.postcode.map(SearchScope.postcode) ?? .anywhere
        var scopes = [scope]
        if scope == .anywhere, let near {
            scopes += towns.values.sorted { (near.distance(to: $0.centre), $0.key) < (near.distance(to: $1.centre), $1.key) }
                .prefix(Self.nearTowns).map { .town($0.key) }
        }
        let candidates = try self.candidates(query, text: text, scopes: scopes, near: near, bias: bias)
        guard candidates.isEmpty && scope != .anywhere else { return candidates }
        // Nothing there that says so (a POI without a town): the whole map, the town a penalty.
        return try self.candidates(query, text: text, scopes: [.anywhere], near: near, bias: bias)
    }

    /// Whether folded words name a town of the map, by its name or one of its other names.
    private func townTest() throws -> (String) -> Bool {
        { self.towns[$0] != nil || (try? self.townAlias($0)) != nil }
    }

    /// The key addresses give the town named `key` ("helsingfors" → "helsinki").
    private func townKey(_ key: String) throws -> String {
        towns[key] != nil ? key : try townAlias(key) ?? key
    }

    /// The town whose place node has `key` among its other names (`name:sv`, `name:en`,
    /// `alt_name`…), the most prominent one when several have; nil when none. One look in the
    /// name index, remembered.
    private func townAlias(_ key: String) throws -> String? {
        if let known = townAliases[key] { return known }
        var found: (key: String, rank: Int)?
        if key.contains(where: \.isLetter) {
            let phrase = "\"" + key.replacingOccurrences(of: "\"", with: "") + "\""
            let places = try placesWithName.statement()
            try places.bind([.text("text : \(phrase)")])
            while try places.step() {
                guard let name = places.string(0).map(TextFolding.key), let town = towns[name],
                      places.string(1)?.split(separator: "|").contains(Substring(key)) == true,
                      town.rank > found?.rank ?? .min else { continue }
                found = (name, town.rank)
            }
        }
        // Words from every query: the memory stays bounded on a server.
        if townAliases.count >= 10_000 { townAliases.removeAll() }
        townAliases[key] = .some(found?.key)
        return found?.key
    }

    /// `text` without a trailing name of the map's country ("…, Helsinki, Finland", "… Helsinki
    /// Suomi"), when something is left; a country named as a town ("Monaco") only after that
    /// town ("98000 Monaco, Monaco").
    private func withoutCountry(_ text: String) throws -> String {
        let keys = loadedCountryKeys()
        guard !keys.isEmpty else { return text }
        let words = TextFolding.words(text)
        for key in keys.sorted(by: { $0.count > $1.count }) {
            let country = key.split(separator: " ").map(String.init)
            guard words.count > country.count, Array(words.suffix(country.count)) == country else { continue }
            let rest = Array(words.dropLast(country.count))
            if try townTest()(key), Array(rest.suffix(country.count)) != country { continue }
            // Cut the text where the country's words begin (the last `country.count` words).
            var cut = text.endIndex
            var left = country.count
            while left > 0, cut > text.startIndex {
                let before = text[..<cut]
                guard let end = before.lastIndex(where: { $0.isLetter || $0.isNumber }) else { break }
                var start = end
                while start > text.startIndex, let previous = text.index(start, offsetBy: -1, limitedBy: text.startIndex),
                      text[previous].isLetter || text[previous].isNumber {
                    start = previous
                }
                cut = start
                left -= 1
            }
            let before = String(text[..<cut]).trimmingWhitespace()
            // A part of its own ("…, Finland") or after a town, postcode or number ("… Helsinki
            // Finland"); "Hotel Finland" is a name.
            let isTown = try townTest()
            let afterTown = (1...3).contains { rest.count >= $0 && isTown(rest.suffix($0).joined(separator: " ")) }
            guard before.hasSuffix(",") || afterTown || rest.last?.first?.isNumber == true else { continue }
            let trimmed = before.trimmingCharacters(in: CharacterSet(charactersIn: " ,;\t"))
            return TextFolding.words(trimmed).isEmpty ? text : trimmed
        }
        return text
    }

    /// The folded names of the map's country: its own (Nominatim's, "Suomi / Finland") and the
    /// names a few common languages give it ("Finland", "Finnland", "Finlande").
    private func loadedCountryKeys() -> Set<String> {
        if let countryKeys { return countryKeys }
        var keys: Set<String> = []
        if let code = countryCode {
            let own = CountryNames.name(ofCode: code).map { $0.components(separatedBy: CharacterSet(charactersIn: "/-")) } ?? []
            let languages = ["en", "fi", "sv", "de", "fr", "it", "es", "nl", "pt", "da", "nb", "et", "ru"]
            let translated = languages.compactMap { Locale(identifier: $0).localizedString(forRegionCode: code.uppercased()) }
            keys = Set((own + translated).map(TextFolding.key).filter { !$0.isEmpty })
        }
        countryKeys = keys
        return keys
    }

    /// Every category tag of a place (`amenity=atm`).
    func categories(of id: Int64) throws -> [String] {
        try categoryOfPlace.bind([.int(id)])
        var tags: [String] = []
        while try categoryOfPlace.step() { if let tag = categoryOfPlace.string(0) { tags.append(tag) } }
        return tags
    }

    /// Whether folded words name a street of the map, give or take the typos its length allows.
    private func isStreetWithTypo(_ key: String) -> Bool { !streets.matches(key, limit: 1).isEmpty }

    /// The scored rows that match `query` within `scopes`.
    private func candidates(_ query: GeocodeQuery, text: String, scopes: [SearchScope], near: Coordinate?,
                            bias: LocationBias) throws -> [Int64: Candidate] {
        var candidates: [Int64: Candidate] = [:]
        func offer(_ row: PlaceRow, _ score: Double, inOtherPostcode: Bool = false) {
            var score = score
            if let city = query.city, let rowCity = row.city, TextFolding.key(rowCity) != city { score -= CandidateScore.otherTownOrPostcode }
            if !inOtherPostcode, let postcode = query.postcode, let rowPostcode = row.postcode, rowPostcode != postcode {
                score -= CandidateScore.otherTownOrPostcode
            }
            if let near { score -= bias.penalty(metres: near.distance(to: row.coordinate)) }
            if let old = candidates[row.id], old.score >= score { return }
            candidates[row.id] = Candidate(record: row, score: score)
        }

        let streetMatches = streets.matches(query.nameKey)
        var foundHouse = false
        for (key, distance) in streetMatches {
            let penalty = Double(distance) * CandidateScore.perTypo
            for scope in scopes {
                let lookups = try houseQueries(scope)
                guard let number = query.number else {
                    let values = lookups.values(street: key, number: nil, limit: Self.rowsPerLookup, scope: scope)
                    for row in try rows(lookups.streets, values) { offer(row, CandidateScore.street - penalty) }
                    continue
                }
                let values = lookups.values(street: key, number: number, limit: Self.rowsPerLookup, scope: scope)
                let exact = try rows(lookups.exact, values)
                for row in exact { offer(row, CandidateScore.house - penalty) }
                var found = !exact.isEmpty
                // A full page of the house itself ("Mannerheimintie 1" in 20 towns): other doors and
                // ranges rank below every one of them, and finding them in every town of a country
                // reads a row per town.
                if number.low != nil, exact.count < Self.rowsPerLookup {
                    let variants = lookups.variantValues(values, number: number, scope: scope)
                    for row in try rows(lookups.variants, variants) + rows(lookups.ranges, values) {
                        let isRange = row.houseNumberKey.flatMap(HouseNumber.init)?.isRange ?? false
                        offer(row, (isRange ? CandidateScore.houseInRange : CandidateScore.houseVariant) - penalty)
                        found = true
                    }
                }
                if found {
                    foundHouse = true
                } else {
                    let streetRows = try rows(lookups.streets, values)
                    for row in streetRows { offer(row, CandidateScore.streetWithoutThatHouse - penalty) }
                    // "Annankatu 25, 00120": the house in the street's other postcode of the same
                    // town (said so), above the street where it is not.
                    guard case .postcode = scope else { continue }
                    let townsOfStreet = Set(streetRows.compactMap { $0.city.map(TextFolding.key) })
                    let anywhere = try houseQueries(.anywhere)
                    let values = anywhere.values(street: key, number: number, limit: Self.rowsPerLookup, scope: .anywhere)
                    for row in try rows(anywhere.exact, values) + rows(anywhere.variants, values)
                    where row.city.map(TextFolding.key).map(townsOfStreet.contains) ?? false {
                        let door = row.houseNumberKey == number.key ? 0.0 : CandidateScore.house - CandidateScore.houseVariant
                        offer(row, CandidateScore.houseInOtherPostcode - door - penalty, inOtherPostcode: true)
                        foundHouse = true
                    }
                }
            }
        }

        // The house asked for is found: a name search would only add rows below it (POIs
        // without that number give way to the house), and it reads every town's matches.
        if foundHouse { return candidates }

        // Names of POIs, places and streets, every word a prefix (or, mistyped, the words meant).
        let queryScalars = Array(query.nameKey.unicodeScalars)
        let nameTypoLimit = StreetNameIndex.typoLimit(forLength: queryScalars.count)
        var textRows: [(PlaceRow, Double)] = []
        for eager in [false, true] {
            // Nothing has every word: perhaps a short word is mistyped as another word ("dis" for "des").
            guard textRows.isEmpty, !eager || (candidates.isEmpty && query.nameWords.count > 1) else { break }
            let nameMatch = try textMatch(query.nameWords, eager: eager)
            for scope in scopes {
                textRows += try rowsWithRank(textSearch, [.text("text : (\(nameMatch))" + scope.textCondition)])
            }
        }
        for (row, rank) in textRows {
            let tieBreak = min(1, max(0, -rank / 100))
            switch row.kind {
            case .street:
                // Streets matched by name above are already offered (or, with a number, their house).
                if streetMatches.contains(where: { $0.key == row.streetKey }) { continue }
                offer(row, CandidateScore.streetByPrefix + tieBreak)
            case .poi, .place:
                let names = [row.name.map(TextFolding.key)].compactMap { $0 }
                    + (row.otherKeys?.split(separator: "|").map(String.init) ?? [])
                let typos = names.contains(query.nameKey) ? 0
                    : names.compactMap { EditDistance.bounded(queryScalars, Array($0.unicodeScalars), limit: nameTypoLimit) }.min()
                var score = typos.map { CandidateScore.namedExactly - Double($0) * CandidateScore.perTypo } ?? CandidateScore.namedByPrefix
                score += Double(row.importance) / 10 + tieBreak
                if let number = query.number, row.houseNumberKey != number.key {
                    // "Annankatu 25" is the house, not the "Annankatu" tram stop.
                    if foundHouse { continue }
                    score -= CandidateScore.numberNotThere
                }
                offer(row, score)
            case .address:
                continue
            }
        }

        // "Helsinki 1992", "1er Escalier": a number that is no house may be part of a name.
        if query.number != nil, !foundHouse {
            // The row typed back ("Elielinaukio, laituri 30, 00100 Helsinki"): the name without
            // its postcode and town.
            var words = TextFolding.words(text).filter { $0 != query.postcode }
            if let city = query.city?.split(separator: " ").map(String.init), words.count > city.count, Array(words.suffix(city.count)) == city {
                words.removeLast(city.count)
            }
            let key = words.joined(separator: " ")
            let keyScalars = Array(key.unicodeScalars)
            let limit = StreetNameIndex.typoLimit(forLength: keyScalars.count)
            for (row, rank) in try rowsWithRank(textSearch, [.text("text : (\(try textMatch(words)))")]) where row.kind == .poi || row.kind == .place {
                let names = [row.name.map(TextFolding.key)].compactMap { $0 } + (row.otherKeys?.split(separator: "|").map(String.init) ?? [])
                // "1er Esaclier": the name with a typo, as a name without a number would be.
                if let typos = names.compactMap({ EditDistance.bounded(keyScalars, Array($0.unicodeScalars), limit: limit) }).min() {
                    offer(row, CandidateScore.namedExactly - Double(typos) * CandidateScore.perTypo + Double(row.importance) / 10
                          + min(1, max(0, -rank / 100)))
                }
            }
        }
        return candidates
    }

    /// Rows read at one street and number for a name typed with its address (every town's).
    static let namedAtHouseRows = 200

    /// The places at the address of `named` whose name is the name typed (or a typo or the
    /// start of it), above the house itself: the name and the address both say it is this one.
    private func named(_ named: NamedAddressQuery, near: Coordinate?, bias: LocationBias) throws -> [Candidate] {
        let nameWords = TextFolding.words(named.name)
        let nameKey = nameWords.joined(separator: " ")
        let nameScalars = Array(nameKey.unicodeScalars)
        let limit = StreetNameIndex.typoLimit(forLength: nameScalars.count)
        var found: [Candidate] = []
        let city = try named.address.city.map(townKey)
        for (street, distance) in streets.matches(named.address.nameKey, typos: !named.streetAsTyped) {
            guard let number = named.address.number else { break }
            for row in try rows(namedAtHouse.statement(), [.text(street), .text(number.key), number.low.map { .int(Int64($0)) } ?? .null]) {
                let names = [row.name.map(TextFolding.key)].compactMap { $0 } + (row.otherKeys?.split(separator: "|").map(String.init) ?? [])
                let typos = names.compactMap { EditDistance.bounded(nameScalars, Array($0.unicodeScalars), limit: limit) }.min()
                let byPrefix = names.contains { name in
                    let words = name.split(separator: " ")
                    return nameWords.allSatisfy { word in words.contains { $0.hasPrefix(word) } }
                }
                guard typos != nil || byPrefix else { continue }
                // Another door of the number ("52 B" for 52) only just below the door typed.
                let otherDoor = row.houseNumberKey == number.key ? 0.0 : 1.0
                var score = CandidateScore.namedAtAddress - Double((typos ?? 1) + distance) * CandidateScore.perTypo - otherDoor
                if let city, let rowCity = row.city, TextFolding.key(rowCity) != city { score -= CandidateScore.otherTownOrPostcode }
                if let postcode = named.address.postcode, let rowPostcode = row.postcode, rowPostcode != postcode {
                    score -= CandidateScore.otherTownOrPostcode
                }
                if let near { score -= bias.penalty(metres: near.distance(to: row.coordinate)) }
                found.append(Candidate(record: row, score: score))
            }
        }
        return found
    }

    /// The prepared lookups of `scope`'s kind.
    private func houseQueries(_ scope: SearchScope) throws -> HouseQueries {
        if let prepared = houseQueries[scope.kind] { return prepared }
        let prepared = try HouseQueries(db: map.database, scope: scope, keepsOSM: keepsOSM)
        houseQueries[scope.kind] = prepared
        return prepared
    }

    /// The FTS5 query for `words`: each word a prefix; a word that no name has (nor starts
    /// with) may also be one of the words a typo away; `eager`, every word of 3 letters or more.
    private func textMatch(_ words: [String], eager: Bool = false) throws -> String {
        try words.map { word in
            let quoted = "\"\(word.replacingOccurrences(of: "\"", with: ""))\"*"
            guard word.count >= 3, word.allSatisfy({ !$0.isNumber }) else { return quoted }
            // Not a whole word of any name: perhaps the start of one, perhaps a typo ("caste" for
            // "castle" starts "castel"); both are searched, and ranking tells them apart. A short
            // word is taken for a typo only when no name has a word that starts so ("zvn" for "zen").
            let isWord = try namesHave(word, orAWordStartingSo: word.count < 4)
            guard eager || !isWord else { return quoted }
            let alternatives = try loadedVocabulary().corrections(of: word, limit: word.count < 5 ? 40 : 6)
                .filter { $0.word != word }.map { "\"\($0.word)\"" }
            return alternatives.isEmpty ? quoted : "(" + ([quoted] + alternatives).joined(separator: " OR ") + ")"
        }.joined(separator: " AND ")   // FTS5 wants AND spelt out before a parenthesis
    }

    /// Whether some name has `word` as a whole word (`orAWordStartingSo`: or a word that starts
    /// with it). A query's words are mostly words of the map: one look in `place_word` tells, where
    /// the vocabulary would read every word of a country's names first (a third of a cold query).
    private func namesHave(_ word: String, orAWordStartingSo prefix: Bool) throws -> Bool {
        if let vocabulary { return prefix ? vocabulary.containsPrefix(word) : vocabulary.contains(word) }
        try wordAtOrAfter.bind([.text(word)])
        let first = try wordAtOrAfter.step() ? wordAtOrAfter.string(0) : nil
        // Run to the end (one row) so the statement holds no read lock.
        while try wordAtOrAfter.step() {}
        guard let first else { return false }
        return prefix ? first.hasPrefix(word) : first == word
    }

    private func loadedVocabulary() throws -> NameVocabulary {
        if let vocabulary { return vocabulary }
        var words: [String] = []
        let wordRows = try self.wordRows.statement()
        try wordRows.bind([])
        while try wordRows.step() { if let word = wordRows.string(0) { words.append(word) } }
        let loaded = NameVocabulary(words: words)
        vocabulary = loaded
        return loaded
    }

    /// The places (squares, quarters, towns) whose name or other name is the query's words, the
    /// most important first; then the shops so named ("Subway" is the sandwich bars before the
    /// metro stations), the nearest first, at most half a page; or, for a text with a comma, a
    /// shop whose picker row is `text` ("Subway, 00100 Helsinki").
    private func placesNamed(_ query: GeocodeQuery, scope: SearchScope, text: String, near: Coordinate?) throws -> [PlaceRow] {
        let typed = text.contains(",") ? TextFolding.key(text) : nil
        func isNamed(_ row: PlaceRow) -> Bool {
            ([row.name.map(TextFolding.key)].compactMap { $0 } + (row.otherKeys?.split(separator: "|").map(String.init) ?? [])).contains(query.nameKey)
        }
        let rows = try rowsWithRank(textSearch, [.text("text : (\(try textMatch(query.nameWords)))" + scope.textCondition)]).map(\.0)
        let places = rows.filter { $0.kind == .place && isNamed($0) }.sorted { ($0.importance, -$0.id) > ($1.importance, -$1.id) }
        let shops = rows.filter { row in
            guard row.kind == .poi else { return false }
            if let typed { return row.placemark.rowReads(as: typed) }
            return isNamed(row)
        }
        let centre = try near ?? centre(of: scope) ?? mapCentre
        return places + shops.sorted { (centre.distance(to: $0.coordinate), $0.id) < (centre.distance(to: $1.coordinate), $1.id) }
            .prefix(Self.maxCandidates / 2)
    }

    /// The places whose name is the query's one-letter words ("H&M" is "h m"), the nearest
    /// first: the words whole and in order (a prefix of one letter would match half the map).
    private func placesNamedWithLetters(_ query: GeocodeQuery, near: Coordinate?) throws -> [PlaceRow] {
        let scope: SearchScope = query.city.map(SearchScope.town) ?? query.postcode.map(SearchScope.postcode) ?? .anywhere
        let phrase = "\"" + query.nameWords.joined(separator: " ").replacingOccurrences(of: "\"", with: "") + "\""
        let centre = try near ?? centre(of: scope) ?? mapCentre
        return try rowsWithRank(textSearch, [.text("text : \(phrase)" + scope.textCondition)]).map(\.0)
            .filter { row in
                ([row.name.map(TextFolding.key)].compactMap { $0 } + (row.otherKeys?.split(separator: "|").map(String.init) ?? []))
                    .contains(query.nameKey)
            }
            .sorted { (centre.distance(to: $0.coordinate), $0.id) < (centre.distance(to: $1.coordinate), $1.id) }
    }

    /// Every place with one of `tags` within `scope` (all of them, from `place_tag_area`), or
    /// on the whole map the nearest to `near` (else the map's centre) first, up to
    /// `maxCandidates`: growing boxes, so the nearest few of thousands cost little. Within a
    /// scope, those whose row reads as `text` come first (a row typed back: "Parking, 00130
    /// Helsinki" is one of the area's parkings, maybe not among its nearest 20).
    private func places(taggedWith tags: [String], scope: SearchScope, near: Coordinate?, text: String) throws -> [Placemark] {
        if let area = scope.tagAreaKey {
            let taggedInArea = try self.taggedInArea.statement()
            var tagOf: [Int64: String] = [:]
            for tag in tags {
                try taggedInArea.bind([.text(tag), .text(area)])
                while try taggedInArea.step() { tagOf[taggedInArea.int(0)] = min(tagOf[taggedInArea.int(0)] ?? tag, tag) }
            }
            let centre = try near ?? self.centre(of: scope) ?? mapCentre
            var records: [(row: PlaceRow, typed: Bool)] = []
            // Only a text with a comma can be a row with its postcode or town.
            let typed = text.contains(",") ? TextFolding.key(text) : nil
            for id in tagOf.keys.sorted() {
                if let row = try rows(placeByID, [.int(id)]).first {
                    records.append((row, typed.map(row.placemark.rowReads) ?? false))
                }
            }
            return try distinct(records.sorted {
                ($0.typed ? 0 : 1, centre.distance(to: $0.row.coordinate), $0.row.id) < ($1.typed ? 0 : 1, centre.distance(to: $1.row.coordinate), $1.row.id)
            }.map(\.row), categories: tagOf)
        }
        let centre = near ?? mapCentre
        let taggedNear = try self.taggedNear.statement()
        var nearest: [(id: Int64, distance: Double)] = []
        var tagOf: [Int64: String] = [:]
        for radius in [1_000.0, 4_000, 16_000, 64_000, 256_000, .infinity] {
            var found: [Int64: Double] = [:]
            for tag in tags {
                let d = radius.isFinite ? Geometry.degrees(metres: radius, at: centre) : (lat: 180.0, lon: 360.0)
                try taggedNear.bind([.text(tag),
                                     .int(PackedPolyline.fixed(centre.latitude + d.lat)), .int(PackedPolyline.fixed(centre.latitude - d.lat)),
                                     .int(PackedPolyline.fixed(centre.longitude + d.lon)), .int(PackedPolyline.fixed(centre.longitude - d.lon))])
                while try taggedNear.step() {
                    let point = Coordinate(latitude: Double(taggedNear.int(1)) / PackedPolyline.scale,
                                           longitude: Double(taggedNear.int(2)) / PackedPolyline.scale)
                    let distance = centre.distance(to: point)
                    if distance <= radius {
                        found[taggedNear.int(0)] = distance
                        tagOf[taggedNear.int(0)] = min(tagOf[taggedNear.int(0)] ?? tag, tag)
                    }
                }
            }
            nearest = found.map { ($0.key, $0.value) }.sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }
            if nearest.count >= Self.maxCandidates { break }
        }
        var records: [PlaceRow] = []
        for entry in nearest {
            guard let row = try rows(placeByID, [.int(entry.id)]).first else { continue }
            records.append(row)
            if records.count == Self.maxCandidates * 2 { break }
        }
        return try distinct(records, categories: tagOf)
    }

    /// The centre of a town or postcode.
    func centre(of scope: SearchScope) throws -> Coordinate? {
        switch scope {
        case .anywhere: return nil
        case .town(let key): return towns[key]?.centre
        case .postcode(let code):
            let postcodeCentre = try self.postcodeCentre.statement()
            try postcodeCentre.bind([.text(code)])
            defer { while (try? postcodeCentre.step()) == true {} }
            guard try postcodeCentre.step() else { return nil }
            return Coordinate(latitude: postcodeCentre.double(0), longitude: postcodeCentre.double(1))
        }
    }

    /// The first `maxCandidates` records, each once: the same text within a few metres is one
    /// place mapped twice (a shop's node and its building), farther apart it is another place.
    /// `categories`: the tag each place was found by, when it was (`placemark(_:category:)`).
    private func distinct(_ records: [PlaceRow], categories: [Int64: String] = [:]) throws -> [Placemark] {
        var shown: [String: [Coordinate]] = [:]
        var result: [Placemark] = []
        for record in records {
            let placemark = try self.placemark(record, category: categories[record.id])
            if let earlier = shown[placemark.formattedAddress],
               earlier.contains(where: { $0.distance(to: placemark.coordinate) < Self.samePlaceRadius }) { continue }
            shown[placemark.formattedAddress, default: []].append(placemark.coordinate)
            result.append(placemark)
            if result.count == Self.maxCandidates { break }
        }
        return try namingDistricts(result)
    }

    /// `placemarks` with those whose row reads as `text` (a picker row typed back: "Bicycle
    /// parking, 00100 Helsinki") first, each group in its order.
    static func rowsTypedFirst(_ placemarks: [Placemark], text: String) -> [Placemark] {
        let typed = TextFolding.key(text)
        let (rows, others) = placemarks.reduce(into: ([Placemark](), [Placemark]())) { split, placemark in
            if placemark.rowReads(as: typed) { split.0.append(placemark) } else { split.1.append(placemark) }
        }
        return rows + others
    }

    /// Candidates with the same text this close are one place.
    static let samePlaceRadius = 60.0

    // MARK: Rows

    private struct Candidate {
        var record: PlaceRow
        var score: Double
    }

    func boxQuery(_ statement: SQLiteStatement, around p: Coordinate, metres: Double) throws {
        let d = Geometry.degrees(metres: metres, at: p)
        try statement.bind([.int(PackedPolyline.fixed(p.latitude + d.lat)), .int(PackedPolyline.fixed(p.latitude - d.lat)),
                            .int(PackedPolyline.fixed(p.longitude + d.lon)), .int(PackedPolyline.fixed(p.longitude - d.lon))])
    }

    func rows(_ statement: SQLiteStatement, _ values: [SQLiteValue]) throws -> [PlaceRow] {
        try rowsWithRank(statement, values, rankColumn: nil).map(\.0)
    }

    private func rowsWithRank(_ statement: SQLiteStatement, _ values: [SQLiteValue], rankColumn: Int32? = Int32(PlaceTable.read.count)) throws -> [(PlaceRow, Double)] {
        try statement.bind(values)
        var result: [(PlaceRow, Double)] = []
        while try statement.step() {
            result.append((PlaceRow(statement), rankColumn.map { statement.double($0) } ?? 0))
        }
        return result
    }
}

extension Placemark {
    /// Whether the place's picker row, folded, is `typedKey` (a row typed back: `TextFolding.key`
    /// of the text).
    fileprivate func rowReads(as typedKey: String) -> Bool { TextFolding.key(formattedAddress) == typedKey }
}
