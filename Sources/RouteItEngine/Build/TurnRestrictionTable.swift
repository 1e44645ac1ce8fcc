import RouteItSQLite

extension TurnRestriction {
    /// The turn restrictions as a plain table, for inspection (the graph itself is in the
    /// map's sections; a table of every edge would double the map's size); `condition` is when a
    /// rule with times holds (opening_hours syntax), NULL for one that always does.
    static func writeTable(_ restrictions: [TurnRestriction], to db: SQLiteDatabase) throws {
        try db.execute("""
            DROP TABLE IF EXISTS turn_restrictions;
            CREATE TABLE turn_restrictions(relation_id INTEGER NOT NULL, restriction TEXT NOT NULL,
              from_way INTEGER NOT NULL, via_node INTEGER, via_ways TEXT NOT NULL, to_way INTEGER NOT NULL,
              condition TEXT);
            """)
        let restrict = try db.prepare("INSERT INTO turn_restrictions VALUES(?,?,?,?,?,?,?)")
        for r in restrictions {
            try restrict.run([.int(r.relationId), .text(r.restriction), .int(r.fromWay), r.viaNode.map { .int($0) } ?? .null,
                              .text(r.viaWays.map(String.init).joined(separator: ",")), .int(r.toWay),
                              r.condition.map { .text($0) } ?? .null])
        }
    }
}
