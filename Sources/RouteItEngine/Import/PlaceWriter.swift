import RouteItCore

/// One row of the `place` table as the address layer writes it.
struct PlaceRow {
    var kind: PlaceKind
    var name: String?
    var houseNumber: String?
    var street: String?
    var postcode: String?
    var city: String?
    var position: Coordinate
    var importance: Int
    var streetKey: String?
    var houseNumber_: HouseNumber?
    /// Folded other names ("salutorget" for Kauppatori), `|`-separated: exact matches on them
    /// rank like the name itself.
    var otherKeys: String?

    init(kind: PlaceKind, name: String?, houseNumber: String?, street: String?, postcode: String?, city: String?,
         position: Coordinate, importance: Int, streetKey: String?, number parsed: HouseNumber?) {
        self.kind = kind
        self.name = name
        self.houseNumber = houseNumber
        self.street = street
        self.postcode = postcode
        self.city = city
        self.position = position
        self.importance = importance
        self.streetKey = streetKey
        self.houseNumber_ = parsed
    }
}

/// The address layer's prepared INSERTs, reused for every row.
final class PlaceWriter {
    private let db: SQLiteDatabase
    private let insertPlace: SQLiteStatement
    private let insertText: SQLiteStatement
    private let insertPoint: SQLiteStatement
    private let insertSegment: SQLiteStatement
    private let nearbyPoints: SQLiteStatement
    private let insertAlias: SQLiteStatement
    private var nextPointID: Int64 = 1
    private var nextSegmentID: Int64 = 1

    init(db: SQLiteDatabase) throws {
        self.db = db
        insertPlace = try db.prepare("""
            INSERT INTO place(kind, name, housenumber, street, postcode, city, lat, lon, importance, street_key, hn_key, hn_low, hn_high, other_keys)
            VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            """)
        insertText = try db.prepare("INSERT INTO place_text(rowid, text) VALUES (?, ?)")
        insertPoint = try db.prepare("INSERT INTO address_point VALUES (?,?,?,?,?,?,?,?)")
        insertSegment = try db.prepare("INSERT INTO street_segment VALUES (?,?,?,?,?,?,?,?,?,?)")
        insertAlias = try db.prepare("INSERT OR IGNORE INTO street_alias(alias_key, street_key) VALUES (?, ?)")
        nearbyPoints = try db.prepare("""
            SELECT p.postcode, p.city, a.lat, a.lon FROM address_point a JOIN place p ON p.id = a.place_id
            WHERE a.min_lat <= ? AND a.max_lat >= ? AND a.min_lon <= ? AND a.max_lon >= ?
            """)
    }

    func insert(_ row: PlaceRow) throws -> Int64 {
        func text(_ s: String?) -> SQLiteValue { s.map { .text($0) } ?? .null }
        func int(_ i: Int?) -> SQLiteValue { i.map { .int(Int64($0)) } ?? .null }
        try insertPlace.run([
            .int(Int64(row.kind.rawValue)), text(row.name), text(row.houseNumber), text(row.street),
            text(row.postcode), text(row.city), .double(row.position.latitude), .double(row.position.longitude),
            .int(Int64(row.importance)), text(row.streetKey), text(row.houseNumber_?.key),
            int(row.houseNumber_?.low), int(row.houseNumber_?.high), text(row.otherKeys),
        ])
        return db.lastInsertRowID
    }

    /// Indexes the folded names of a place for text search.
    func insertText(_ names: [String], place: Int64) throws {
        var seen = Set<String>()
        let keys = names.map(TextFolding.key).filter { !$0.isEmpty && seen.insert($0).inserted }
        guard !keys.isEmpty else { return }
        try insertText.run([.int(place), .text(keys.joined(separator: " | "))])
    }

    /// Another name of a street ("Annegatan" for "annankatu"), for house-number lookups.
    func insertStreetAlias(_ name: String, of streetKey: String) throws {
        let key = TextFolding.key(name)
        guard !key.isEmpty, key != streetKey else { return }
        try insertAlias.run([.text(key), .text(streetKey)])
    }

    func insertAddressPoint(_ p: Coordinate, place: Int64) throws {
        try insertPoint.run([.int(nextPointID), .double(p.latitude), .double(p.latitude), .double(p.longitude),
                             .double(p.longitude), .int(place), .double(p.latitude), .double(p.longitude)])
        nextPointID += 1
    }

    func insertSegment(_ a: Coordinate, _ b: Coordinate, place: Int64) throws {
        try insertSegment.run([.int(nextSegmentID),
                               .double(min(a.latitude, b.latitude)), .double(max(a.latitude, b.latitude)),
                               .double(min(a.longitude, b.longitude)), .double(max(a.longitude, b.longitude)),
                               .int(place), .double(a.latitude), .double(a.longitude), .double(b.latitude), .double(b.longitude)])
        nextSegmentID += 1
    }

    /// Postcode and city of the nearest address point within `metres` that has them. Searches
    /// growing boxes so a dense city centre does not turn this into a scan of every address.
    func nearestAddress(to p: Coordinate, within metres: Double) throws -> (postcode: String?, city: String?)? {
        for radius in [60.0, 200, metres] where radius <= metres {
            let d = Geometry.degrees(metres: radius, at: p)
            try nearbyPoints.bind([.double(p.latitude + d.lat), .double(p.latitude - d.lat),
                                   .double(p.longitude + d.lon), .double(p.longitude - d.lon)])
            var best: (String?, String?, Double)?
            while try nearbyPoints.step() {
                let postcode = nearbyPoints.string(0), city = nearbyPoints.string(1)
                guard postcode != nil || city != nil else { continue }
                let distance = p.distance(to: Coordinate(latitude: nearbyPoints.double(2), longitude: nearbyPoints.double(3)))
                if distance <= radius, best == nil || distance < best!.2 { best = (postcode, city, distance) }
            }
            if let best { return (best.0, best.1) }
        }
        return nil
    }
}
