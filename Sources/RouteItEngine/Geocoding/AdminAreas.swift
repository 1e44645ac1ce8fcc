import Foundation
import RouteItCore
import RouteItSQLite

/// Which country and town the map's whole administrative outlines put a point in (read at
/// import by `AdminBoundaries`, written by `write`), and the country an answer gets:
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

    private let areasAt: PreparedOnUse
    private let edgesEast: PreparedOnUse
    private let hasOutlines: Bool
    private let townNames: PreparedOnUse
    private var townKeys: Set<String>?
    /// The map's country where no outline says (rule 3), upper-case.
    let fallbackCountry: String?

    init(_ db: SQLiteDatabase, mapCountry: String?, borderCountries: Set<String>, hasOutlines: Bool) {
        self.hasOutlines = hasOutlines
        areasAt = PreparedOnUse(db, """
            SELECT a.id, a.level, a.name, a.country, b.max_lon FROM admin_box b JOIN admin_area a ON a.id = b.id
            WHERE b.min_lat <= ?1 AND b.max_lat >= ?1 AND b.min_lon <= ?2 AND b.max_lon >= ?2 ORDER BY a.id
            """)
        // The pieces of one area's rings that a ray east from the point may cross, up to the
        // area's east edge: a country's outline is read where the ray meets it, not whole.
        edgesEast = PreparedOnUse(db, """
            SELECT points FROM admin_edge WHERE min_lat <= ?1 AND max_lat >= ?1 AND max_lon >= ?2 AND min_lon <= ?3 AND area = ?4
            """)
        townNames = PreparedOnUse(db, "SELECT name FROM admin_area WHERE level = \(AdminOutline.Level.town.rawValue)")
        fallbackCountry = borderCountries.isSubset(of: Set([mapCountry].compactMap { $0 })) ? mapCountry : nil
    }

    /// The country (by the rules above) and the town whose whole outline holds `p`.
    func at(_ p: Coordinate) throws -> Found {
        guard hasOutlines else { return Found(countryCode: fallbackCountry, town: nil) }
        let lat = PackedPolyline.fixed(p.latitude), lon = PackedPolyline.fixed(p.longitude)
        let areas = try areasAt.statement()
        try areas.bind([.int(lat), .int(lon)])
        var boxed: [(id: Int64, level: Int, name: String, country: String?, east: Int64)] = []
        while try areas.step() {
            boxed.append((areas.int(0), Int(areas.int(1)), areas.string(2) ?? "", areas.string(3), areas.int(4)))
        }
        var country: String?, town: (name: String, country: String?)?
        let edges = try edgesEast.statement()
        for area in boxed {
            let isCountry = area.level == AdminOutline.Level.country.rawValue
            // Several of a level (overlapping outlines, rare): the first written, as at import.
            if isCountry ? country != nil : town != nil { continue }
            try edges.bind([.int(lat), .int(lon), .int(area.east), .int(area.id)])
            var crossings = 0
            while try edges.step() { crossings += AdminOutline.crossings(of: PackedPolyline.decode(edges.blob(0)), eastOf: p) }
            guard crossings % 2 == 1 else { continue }
            if isCountry { country = area.country } else { town = (area.name, area.country) }
        }
        return Found(countryCode: country ?? town?.country ?? fallbackCountry, town: town?.name)
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

    private static let schema = """
    CREATE TABLE admin_area(id INTEGER PRIMARY KEY, level INTEGER NOT NULL, name TEXT NOT NULL, country TEXT);
    CREATE VIRTUAL TABLE admin_box USING rtree_i32(id, min_lat, max_lat, min_lon, max_lon);
    CREATE VIRTUAL TABLE admin_edge USING rtree_i32(id, min_lat, max_lat, min_lon, max_lon, +area INTEGER, +points BLOB);
    """

    /// Points per `admin_edge` row: a ray meets a few rows of a long border, each short to decode.
    static let pointsPerEdge = 32

    /// Writes `outlines` (ids in their order) for `at`: each area, its box, its rings in pieces.
    /// A map without outlines has not even the tables (seven empty pages: 28 kB of Helsinki's map),
    /// and its geocoder never asks for them (`MapSchema.Key.adminOutlines`).
    static func write(_ outlines: [AdminOutline], to db: SQLiteDatabase) throws {
        guard !outlines.isEmpty else { return }
        try db.execute(schema)
        let area = try db.prepare("INSERT INTO admin_area(id, level, name, country) VALUES (?, ?, ?, ?)")
        let box = try db.prepare("INSERT INTO admin_box VALUES (?,?,?,?,?)")
        let edge = try db.prepare("INSERT INTO admin_edge VALUES (?,?,?,?,?,?,?)")
        func bounds(_ points: some Collection<Coordinate>) -> [SQLiteValue] {
            let lats = points.map { PackedPolyline.fixed($0.latitude) }, lons = points.map { PackedPolyline.fixed($0.longitude) }
            return [.int(lats.min()!), .int(lats.max()!), .int(lons.min()!), .int(lons.max()!)]
        }
        var edgeID: Int64 = 1
        for (i, outline) in outlines.enumerated() {
            let id = Int64(i + 1)
            try area.run([.int(id), .int(Int64(outline.level.rawValue)), .text(outline.name), outline.countryCode.map { .text($0) } ?? .null])
            try box.run([.int(id)] + bounds(outline.rings.joined()))
            for ring in outline.rings {
                // Pieces that share their end points, so every edge of the ring is in one piece.
                var start = 0
                while start < ring.count - 1 {
                    let piece = ring[start...min(ring.count - 1, start + pointsPerEdge - 1)]
                    try edge.run([.int(edgeID)] + bounds(piece) + [.int(id), .blob(PackedPolyline.encode(Array(piece)))])
                    edgeID += 1
                    start += piece.count - 1
                }
            }
        }
    }
}
