import Foundation
import RouteItCore
import RouteItSQLite

/// Which country and town the map's whole administrative outlines put a point in (written at
/// import by `AdminOutlineIndex`), and the country an answer gets:
/// 1. a whole country outline holds it: that country;
/// 2. else a whole town outline holds it and its addresses name one country: that one;
/// 3. else the map's country, but only when the file holds no other country's boundary (the
///    map then lies in one country); a map across a border (Monaco's, mostly France) says none
///    rather than guess.
/// Read on use: opening the map reads nothing of them; a map without outlines (Helsinki's: the
/// extract cuts them all; `MapSchema.Key.adminOutlines` says so) answers with the map's country
/// without a query.
final class AdminAreas {
    struct Found {
        var countryCode: String?
        var town: String?
    }

    private let ringsAt: PreparedOnUse
    private let hasOutlines: Bool
    private let townNames: PreparedOnUse
    private var townKeys: Set<String>?
    /// The map's country where no outline says (rule 3), upper-case.
    let fallbackCountry: String?

    init(_ db: SQLiteDatabase, mapCountry: String?, borderCountries: Set<String>, hasOutlines: Bool) {
        self.hasOutlines = hasOutlines
        ringsAt = PreparedOnUse(db, """
            SELECT r.area, a.level, a.name, a.country, r.points FROM admin_ring r JOIN admin_area a ON a.id = r.area
            WHERE r.min_lat <= ?1 AND r.max_lat >= ?1 AND r.min_lon <= ?2 AND r.max_lon >= ?2
            """)
        townNames = PreparedOnUse(db, "SELECT name FROM admin_area WHERE level = \(AdminOutline.Level.town.rawValue)")
        fallbackCountry = borderCountries.isSubset(of: Set([mapCountry].compactMap { $0 })) ? mapCountry : nil
    }

    /// The country (by the rules above) and the town whose whole outline holds `p`.
    func at(_ p: Coordinate) throws -> Found {
        guard hasOutlines else { return Found(countryCode: fallbackCountry, town: nil) }
        let statement = try ringsAt.statement()
        try statement.bind([.int(PackedPolyline.fixed(p.latitude)), .int(PackedPolyline.fixed(p.longitude))])
        var areas: [Int64: (level: Int, name: String, country: String?, crossings: Int)] = [:]
        while try statement.step() {
            let id = statement.int(0)
            let crossings = AdminOutline.crossings(of: PackedPolyline.decode(statement.blob(4)), eastOf: p)
            var area = areas[id] ?? (Int(statement.int(1)), statement.string(2) ?? "", statement.string(3), 0)
            area.crossings += crossings
            areas[id] = area
        }
        // Several of a level (overlapping outlines, rare): the first written, as at import.
        let holding = areas.filter { $0.value.crossings % 2 == 1 }.sorted { $0.key < $1.key }.map(\.value)
        let country = holding.first { $0.level == AdminOutline.Level.country.rawValue }
        let town = holding.first { $0.level == AdminOutline.Level.town.rawValue }
        return Found(countryCode: country?.country ?? town?.country ?? fallbackCountry, town: town?.name)
    }

    /// The folded names of the towns with a whole outline, read at first use.
    func outlinedTowns() throws -> Set<String> {
        if let townKeys { return townKeys }
        var keys = Set<String>()
        if hasOutlines {
            let statement = try townNames.statement()
            try statement.bind([])
            while try statement.step() { if let name = statement.string(0) { keys.insert(TextFolding.key(name)) } }
        }
        townKeys = keys
        return keys
    }

    static let schema = """
    CREATE TABLE admin_area(id INTEGER PRIMARY KEY, level INTEGER NOT NULL, name TEXT NOT NULL, country TEXT);
    CREATE VIRTUAL TABLE admin_ring USING rtree_i32(id, min_lat, max_lat, min_lon, max_lon, +area INTEGER, +points BLOB);
    """

    /// Writes `outlines` (ids in their order) for `at`.
    static func write(_ outlines: [AdminOutline], to db: SQLiteDatabase) throws {
        let area = try db.prepare("INSERT INTO admin_area(id, level, name, country) VALUES (?, ?, ?, ?)")
        let ring = try db.prepare("INSERT INTO admin_ring VALUES (?,?,?,?,?,?,?)")
        var ringID: Int64 = 1
        for (i, outline) in outlines.enumerated() {
            let id = Int64(i + 1)
            try area.run([.int(id), .int(Int64(outline.level.rawValue)), .text(outline.name), outline.countryCode.map { .text($0) } ?? .null])
            for points in outline.rings {
                let lats = points.map { PackedPolyline.fixed($0.latitude) }, lons = points.map { PackedPolyline.fixed($0.longitude) }
                try ring.run([.int(ringID), .int(lats.min()!), .int(lats.max()!), .int(lons.min()!), .int(lons.max()!),
                              .int(id), .blob(PackedPolyline.encode(points))])
                ringID += 1
            }
        }
    }
}
