import RouteItCore
import RouteItSQLite

/// The address layer's prepared INSERTs, reused for every row.
final class PlaceWriter {
    private let db: SQLiteDatabase
    private let insertPlace: SQLiteStatement
    private let insertText: SQLiteStatement
    private let insertPoint: SQLiteStatement
    private let insertLine: SQLiteStatement
    private let insertAlias: SQLiteStatement
    private let insertTag: SQLiteStatement
    private let insertHours: SQLiteStatement
    private let insertTagArea: SQLiteStatement
    private let insertCategory: SQLiteStatement
    private let insertTagSet: SQLiteStatement
    private let insertTranslation: SQLiteStatement
    private var nextPointID: Int64 = 1
    private var nextLineID: Int64 = 1
    /// The number of each category tag (`place_tag_name`): the tag tables repeat a number, not
    /// the text ("amenity=pharmacy" in every row made them twice the size).
    private var tagIDs: [String: Int64] = [:]
    /// The number of each distinct set of name tags (`name_tag_set`), by its text.
    private var tagSetIDs: [String: Int64] = [:]
    /// The distinct street keys of addresses and streets, written once at the end
    /// (`insertNameKeys`): the geocoder reads them at open instead of scanning `place`, whose
    /// size grows with the map.
    private var streetKeys = Set<String>()
    /// Towns' place nodes by folded name (set before the rows are inserted): a row takes its
    /// town's rank, a town its node's position.
    var townNodes: [String: (rank: Int, position: Coordinate)] = [:]
    /// Sums of the positions of the rows of every town and postcode, for their centres.
    private var areaSums: [PlaceArea.Kind: [String: (lat: Double, lon: Double, count: Int)]] = [:]

    init(db: SQLiteDatabase) throws {
        self.db = db
        insertPlace = try db.prepare(PlaceTable.insert)
        insertText = try db.prepare("INSERT INTO place_text(rowid, text, area) VALUES (?, ?, ?)")
        insertPoint = try db.prepare("INSERT INTO address_point VALUES (?,?,?,?,?,?)")
        insertLine = try db.prepare("INSERT INTO street_line VALUES (?,?,?,?,?,?,?)")
        insertAlias = try db.prepare("INSERT OR IGNORE INTO street_alias(alias_key, street_key) VALUES (?, ?)")
        insertTag = try db.prepare("INSERT OR IGNORE INTO place_tag(tag, lat, lon, place_id) VALUES (?,?,?,?)")
        insertHours = try db.prepare("INSERT INTO place_hours(place_id, opening_hours) VALUES (?, ?)")
        insertTagArea = try db.prepare("INSERT OR IGNORE INTO place_tag_area(tag, area, place_id) VALUES (?,?,?)")
        insertCategory = try db.prepare("INSERT INTO place_category(place_id, tag) VALUES (?, ?)")
        insertTagSet = try db.prepare("INSERT INTO name_tag_set(id, tags) VALUES (?, ?)")
        insertTranslation = try db.prepare("INSERT OR IGNORE INTO name_translation(name_key, language, name) VALUES (?, ?, ?)")
    }

    func insert(_ row: PlaceRow) throws -> Int64 {
        var row = row
        let cityKey = row.city.map(TextFolding.key)
        if let cityKey { row.townRank = townNodes[cityKey]?.rank ?? 0 }
        try insertPlace.run(PlaceTable.inserted.map(row.value))
        let id = db.lastInsertRowID
        if row.kind == .address || row.kind == .street, let key = row.streetKey { streetKeys.insert(key) }
        for (kind, key) in [(PlaceArea.Kind.town, cityKey), (.postcode, row.postcode)] {
            guard let key, !key.isEmpty else { continue }
            let sum = areaSums[kind, default: [:]][key] ?? (0, 0, 0)
            areaSums[kind, default: [:]][key] = (sum.lat + row.coordinate.latitude, sum.lon + row.coordinate.longitude, sum.count + 1)
        }
        if let hours = row.openingHours { try insertHours.run([.int(id), .text(hours)]) }
        return id
    }

    /// Indexes the folded names of a place for text search, with its town and postcode (the
    /// `area` column, so "Stockmann, Tampere" is narrowed by the index).
    func insertText(_ names: [String], of row: PlaceRow, place: Int64) throws {
        var seen = Set<String>()
        let keys = names.map(TextFolding.key).filter { !$0.isEmpty && seen.insert($0).inserted }
        guard !keys.isEmpty else { return }
        try insertText.run([.int(place), .text(keys.joined(separator: " | ")),
                            .text(PlaceArea.searchText(city: row.city, postcode: row.postcode))])
    }

    /// The number of a place's name tags (`PlaceNameTags`) in `name_tag_set`, for its row's
    /// `name_tags`; each distinct set is written once (the same street or shop names, in every
    /// town of a country, cost a number each). Nil when the place has no more than its `name`,
    /// which the reader takes from the place (most places have no other).
    func nameTagSet(_ tags: [(String, String)]) throws -> Int64? {
        guard tags.contains(where: { $0.0 != "name" }) else { return nil }
        let text = PlaceNameTags.encoded(tags)
        if let id = tagSetIDs[text] { return id }
        let id = Int64(tagSetIDs.count + 1)
        try insertTagSet.run([.int(id), .text(text)])
        tagSetIDs[text] = id
        return id
    }

    /// Each name's other languages, by its folded key.
    func insertTranslations(_ translations: [String: [String: String]]) throws {
        for (key, names) in translations.sorted(by: { $0.key < $1.key }) {
            for (language, name) in names.sorted(by: { $0.key < $1.key }) { try insertTranslation.run([.text(key), .text(language), .text(name)]) }
        }
    }

    /// Another name of a street ("Annegatan" for "annankatu"), for house-number lookups.
    func insertStreetAlias(_ name: String, of streetKey: String) throws {
        let key = TextFolding.key(name)
        guard !key.isEmpty, key != streetKey else { return }
        try insertAlias.run([.text(key), .text(streetKey)])
    }

    /// A position of an address (its building, entrance, ...), for reverse geocoding.
    func insertAddressPoint(_ p: Coordinate, place: Int64) throws {
        let lat = PackedPolyline.fixed(p.latitude), lon = PackedPolyline.fixed(p.longitude)
        try insertPoint.run([.int(nextPointID), .int(lat), .int(lat), .int(lon), .int(lon), .int(place)])
        nextPointID += 1
    }

    /// Points per `street_line` row: long enough that a row stands for many segments, short
    /// enough that its box stays tight around the street.
    static let pointsPerLine = 16

    /// A street's polyline, in pieces of `pointsPerLine` points that share their end points.
    func insertStreetLine(_ line: [Coordinate], place: Int64) throws {
        var start = 0
        while start < line.count - 1 {
            let piece = Array(line[start...min(line.count - 1, start + Self.pointsPerLine - 1)])
            let lats = piece.map { PackedPolyline.fixed($0.latitude) }, lons = piece.map { PackedPolyline.fixed($0.longitude) }
            try insertLine.run([.int(nextLineID), .int(lats.min()!), .int(lats.max()!), .int(lons.min()!), .int(lons.max()!),
                                .int(place), .blob(PackedPolyline.encode(piece))])
            nextLineID += 1
            start += piece.count - 1
        }
    }

    /// The distinct words of all names (3 letters or more), where a typo looks for the word meant.
    func insertWords(_ words: Set<String>) throws {
        let insert = try db.prepare("INSERT OR IGNORE INTO place_word(word) VALUES (?)")
        for word in words.sorted() { try insert.run([.text(word)]) }
    }

    /// The street keys (`place_street_key`), towns and postcodes (`place_area`) of the rows inserted.
    func insertNameKeys() throws {
        let street = try db.prepare("INSERT OR IGNORE INTO place_street_key(key) VALUES (?)")
        for key in streetKeys.sorted() { try street.run([.text(key)]) }
        let area = try db.prepare("INSERT OR REPLACE INTO place_area(kind, key, lat, lon, rank) VALUES (?, ?, ?, ?, ?)")
        // In a fixed order: the same extract makes the same bytes.
        for kind in [PlaceArea.Kind.town, .postcode] {
            for (key, sum) in (areaSums[kind] ?? [:]).sorted(by: { $0.key < $1.key }) {
                let node = kind == .town ? townNodes[key] : nil
                let centre = node?.position ?? Coordinate(latitude: sum.lat / Double(sum.count), longitude: sum.lon / Double(sum.count))
                try area.run([.int(kind.rawValue), .text(key), .double(centre.latitude), .double(centre.longitude), .int(Int64(node?.rank ?? 0))])
            }
        }
    }

    /// The OSM tags that put a place in a category (`amenity=pharmacy`), for category search:
    /// by position (`place_tag`) and by the row's town and postcode (`place_tag_area`); and
    /// what the place is (`place_category`): a POI's first searchable tag, a town's or
    /// district's `place=` tag.
    func insertTags(_ tags: [String], of row: PlaceRow, place: Int64, placeType: String? = nil) throws {
        let p = row.coordinate
        let areas = [row.city.map { SearchScope.town(TextFolding.key($0)) }, row.postcode.map(SearchScope.postcode)]
            .compactMap { $0?.tagAreaKey }
        for tag in tags {
            let id = try tagID(tag)
            try insertTag.run([.int(id), .int(PackedPolyline.fixed(p.latitude)), .int(PackedPolyline.fixed(p.longitude)), .int(place)])
            for area in areas { try insertTagArea.run([.int(id), .text(area), .int(place)]) }
        }
        // A POI's category as the geocoder names it: the first of its searchable tags, found by
        // its id (in `place_tag` it took a seek per category, a page each in a country's map).
        if row.kind == .poi, let category = tags.filter(PlaceCategories.searchableTags.contains).min() {
            try insertCategory.run([.int(place), .int(try tagID(category))])
        } else if row.kind == .place, let placeType, !placeType.isEmpty {
            try insertCategory.run([.int(place), .int(try tagID("place=\(placeType)"))])
        }
    }

    /// The number of `tag` in `place_tag_name`, numbered in the order first met.
    private func tagID(_ tag: String) throws -> Int64 {
        if let id = tagIDs[tag] { return id }
        let id = Int64(tagIDs.count + 1)
        try db.prepare("INSERT INTO place_tag_name(id, tag) VALUES (?, ?)").run([.int(id), .text(tag)])
        tagIDs[tag] = id
        return id
    }
}
