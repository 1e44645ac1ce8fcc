import RouteItCore
import RouteItSQLite

/// The `place` table of a map, described once: the address layer creates and fills it
/// (`PlaceWriter`), the geocoder reads it (`PlaceRow`), both by these column names. A row is
/// an address, a POI, a place or a street (`PlaceKind`).
enum PlaceTable {
    /// The columns in table order.
    enum Column: String, CaseIterable {
        case id, kind, name, housenumber, street, postcode, city, lat, lon, importance
        case streetKey = "street_key", hnKey = "hn_key", hnLow = "hn_low", hnHigh = "hn_high"
        /// Folded other names, `|`-separated.
        case otherKeys = "other_keys"
        /// The folded town (`city`), so a town narrows a search by index.
        case cityKey = "city_key"
        /// How prominent the row's town is (`PlaceArea.rank`): ambiguous matches list the
        /// city before the village, by index.
        case townRank = "town_rank"
        /// The OSM object the row was read from (`OSMReference.packed`); not in maps imported
        /// before it was kept.
        case osm
        /// The row's set of name tags (`name_tag_set.id`), when it has more than its name.
        case nameTags = "name_tags"

        var declaration: String {
            switch self {
            case .id: return "INTEGER PRIMARY KEY"
            case .kind, .importance, .townRank: return "INTEGER NOT NULL"
            case .lat, .lon: return "REAL NOT NULL"
            case .hnLow, .hnHigh, .osm, .nameTags: return "INTEGER"
            case .name, .housenumber, .street, .postcode, .city, .streetKey, .hnKey, .otherKeys, .cityKey: return "TEXT"
            }
        }
    }

    static let create = "CREATE TABLE place(\n    "
        + Column.allCases.map { "\($0.rawValue) \($0.declaration)" }.joined(separator: ",\n    ") + "\n);"

    /// What `PlaceWriter` inserts: every column but `id`, which SQLite assigns.
    static let inserted = Column.allCases.filter { $0 != .id }
    static let insert = "INSERT INTO place(\(inserted.map(\.rawValue).joined(separator: ", "))) VALUES ("
        + inserted.map { _ in "?" }.joined(separator: ",") + ")"

    /// What the geocoder reads of a row, in this order; a query's further columns follow at
    /// `read.count`.
    static let read: [Column] = [.id, .kind, .name, .housenumber, .street, .postcode, .city, .lat, .lon, .importance,
                                 .hnKey, .streetKey, .otherKeys, .townRank, .osm]
    /// `read` as a select list on the table aliased `p`; on a map without the `osm` column
    /// (imported before it), NULL in its place.
    static func selectList(keepsOSM: Bool) -> String {
        read.map { $0 == .osm && !keepsOSM ? "NULL" : "p.\($0.rawValue)" }.joined(separator: ", ")
    }

    /// Whether the map's `place` rows name their OSM objects.
    static func keepsOSM(_ db: SQLiteDatabase) throws -> Bool {
        try db.scalarInt("SELECT count(*) FROM pragma_table_info('place') WHERE name = ?", [.text(Column.osm.rawValue)]) == 1
    }

    /// The position of `column` in a row selected by `selectList`.
    static func index(_ column: Column) -> Int32 { Int32(read.firstIndex(of: column)!) }
}

/// One row of `place`, as the address layer writes it and the geocoder reads it.
struct PlaceRow {
    /// Assigned by SQLite when the row is inserted.
    var id: Int64 = 0
    var kind: PlaceKind
    var name, houseNumber, street, postcode, city: String?
    var coordinate: Coordinate
    var importance: Int
    var streetKey: String?
    /// The house number as searched ("14-20") and, for a range, its ends (written, not read back).
    var houseNumberKey: String?
    var houseNumberLow, houseNumberHigh: Int?
    /// Folded other names ("salutorget" for Kauppatori), `|`-separated: exact matches on them
    /// rank like the name itself.
    var otherKeys: String?
    /// The rank of the row's town (set when the towns are known, before the row is written).
    var townRank = 0
    /// The raw OSM `opening_hours` of a POI (kept in `place_hours`, not in this table).
    var openingHours: String?
    /// The OSM object the row stands for (an address: the one its position is from; a street:
    /// its longest way).
    var osm: OSMReference?
    /// The number of the row's set of name tags (`PlaceWriter.nameTagSet`; written, not read back).
    var nameTagSet: Int64?

    init(kind: PlaceKind, name: String?, houseNumber: String?, street: String?, postcode: String?, city: String?,
         position: Coordinate, importance: Int, streetKey: String?, number parsed: HouseNumber?) {
        self.kind = kind
        self.name = name
        self.houseNumber = houseNumber
        self.street = street
        self.postcode = postcode
        self.city = city
        self.coordinate = position
        self.importance = importance
        self.streetKey = streetKey
        houseNumberKey = parsed?.key
        houseNumberLow = parsed?.low
        houseNumberHigh = parsed?.high
    }

    /// The row selected by `PlaceTable.selectList`.
    init(_ s: SQLiteStatement) {
        func at(_ column: PlaceTable.Column) -> Int32 { PlaceTable.index(column) }
        id = s.int(at(.id))
        kind = PlaceKind(rawValue: Int(s.int(at(.kind)))) ?? .poi
        name = s.string(at(.name))
        houseNumber = s.string(at(.housenumber))
        street = s.string(at(.street))
        postcode = s.string(at(.postcode))
        city = s.string(at(.city))
        coordinate = Coordinate(latitude: s.double(at(.lat)), longitude: s.double(at(.lon)))
        importance = Int(s.int(at(.importance)))
        houseNumberKey = s.string(at(.hnKey))
        streetKey = s.string(at(.streetKey))
        otherKeys = s.string(at(.otherKeys))
        townRank = Int(s.int(at(.townRank)))
        osm = s.isNull(at(.osm)) ? nil : OSMReference(packed: s.int(at(.osm)))
    }

    /// What the row holds in `column`, for inserting it.
    func value(_ column: PlaceTable.Column) -> SQLiteValue {
        func text(_ s: String?) -> SQLiteValue { s.map { .text($0) } ?? .null }
        func int(_ i: Int?) -> SQLiteValue { i.map { .int(Int64($0)) } ?? .null }
        switch column {
        case .id: return .int(id)
        case .kind: return .int(Int64(kind.rawValue))
        case .name: return text(name)
        case .housenumber: return text(houseNumber)
        case .street: return text(street)
        case .postcode: return text(postcode)
        case .city: return text(city)
        case .lat: return .double(coordinate.latitude)
        case .lon: return .double(coordinate.longitude)
        case .importance: return .int(Int64(importance))
        case .streetKey: return text(streetKey)
        case .hnKey: return text(houseNumberKey)
        case .hnLow: return int(houseNumberLow)
        case .hnHigh: return int(houseNumberHigh)
        case .otherKeys: return text(otherKeys)
        case .cityKey: return text(city.map(TextFolding.key))
        case .townRank: return .int(Int64(townRank))
        case .osm: return osm.map { .int($0.packed) } ?? .null
        case .nameTags: return nameTagSet.map { .int($0) } ?? .null
        }
    }

    var placemark: Placemark {
        var placemark = plainPlacemark
        placemark.osm = osm
        return placemark
    }

    private var plainPlacemark: Placemark {
        switch kind {
        case .address:
            return Placemark(houseNumber: houseNumber, street: street, postalCode: postcode, city: city, coordinate: coordinate)
        case .street:
            return Placemark(street: name ?? street, postalCode: postcode, city: city, coordinate: coordinate)
        case .poi, .place:
            return Placemark(name: name, houseNumber: houseNumber, street: street, postalCode: postcode, city: city, coordinate: coordinate)
        }
    }
}
