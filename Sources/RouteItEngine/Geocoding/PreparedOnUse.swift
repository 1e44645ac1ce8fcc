import RouteItSQLite

/// A statement prepared at its first use, for the geocoder's queries that most processes never
/// run (reverse lookups, categories, postcodes, typos): preparing each up front parsed its SQL
/// in every cold query, and the R-tree ones read their index's root page. Used under the
/// geocoder's lock, as its statements are.
final class PreparedOnUse {
    private let database: SQLiteDatabase
    private let sql: String
    private var prepared: SQLiteStatement?

    init(_ database: SQLiteDatabase, _ sql: String) {
        self.database = database
        self.sql = sql
    }

    func statement() throws -> SQLiteStatement {
        if let prepared { return prepared }
        let made = try database.prepare(sql)
        prepared = made
        return made
    }
}
