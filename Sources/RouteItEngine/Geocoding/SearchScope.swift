import RouteItSQLite

/// Where a search looks: the whole map, one town or one postcode. A town or postcode narrows
/// the SQL itself (indexes on `city_key` and `postcode`, the FTS `area` column), so a query
/// costs what the town has, not what the country has.
enum SearchScope: Hashable {
    case anywhere
    case town(String)
    case postcode(String)

    /// The FTS5 condition on the `area` column ("" for the whole map).
    var textCondition: String {
        switch self {
        case .anywhere: return ""
        case .town(let key), .postcode(let key):
            return " AND area : \"\(key.replacingOccurrences(of: "\"", with: ""))\""
        }
    }

    /// The key of `place_tag_area` ("t:helsinki", "p:00100"), nil for the whole map.
    var tagAreaKey: String? {
        switch self {
        case .anywhere: return nil
        case .town(let key): return "t:" + key
        case .postcode(let code): return "p:" + code
        }
    }

    /// Which of the three it is (the prepared `HouseQueries` differ by kind, not by town).
    var kind: Int {
        switch self {
        case .anywhere: return 0
        case .town: return 1
        case .postcode: return 2
        }
    }

    /// Whether a row lies in the scope.
    func contains(_ row: PlaceRow) -> Bool {
        switch self {
        case .anywhere: return true
        case .town(let key): return row.city.map(TextFolding.key) == key
        case .postcode(let code): return row.postcode == code
        }
    }
}

/// The house-number and street lookups within one scope, prepared once. Parameters: ?1 the
/// street key, ?2 the house number's key, ?3 its number, ?4 how many rows at most, ?5 the
/// town or postcode. On the whole map the most prominent towns come first (`town_rank`, in
/// the index), so an ambiguous "Kirkkokatu 1" reads a few rows, not one per town.
final class HouseQueries {
    let exact, variants, ranges, streets: SQLiteStatement

    /// The queries of `scope`'s kind (any town, any postcode or the whole map).
    init(db: SQLiteDatabase, scope: SearchScope, keepsOSM: Bool) throws {
        let c = PlaceTable.selectList(keepsOSM: keepsOSM)
        let (index, condition, order): (String, String, String)
        switch scope {
        case .anywhere: (index, condition, order) = ("", "", " ORDER BY p.town_rank DESC")
        case .town: (index, condition, order) = ("place_by_town", " AND p.city_key = ?5", "")
        case .postcode: (index, condition, order) = ("place_by_postcode", " AND p.postcode = ?5", "")
        }
        // In a town or postcode the index holds the key, not the number: the other doors of 5
        // are keys that start "5" ("5b"), or, rarely, with a letter or a zero ("a5", "05"); and a
        // range's key has a dash ("14-20"). So the street's other houses are passed over by
        // their index entries, without reading their rows.
        var doors = "", dash = ""
        if scope != .anywhere {
            doors = " AND ((p.hn_key >= ?6 AND p.hn_key < ?7) OR p.hn_key < '1' OR p.hn_key >= ':')"
            dash = " AND p.hn_key GLOB '*-*'"
        }
        func from(_ anywhere: String) -> String { "FROM place p INDEXED BY \(index.isEmpty ? anywhere : index)" }
        exact = try db.prepare("""
            SELECT \(c) \(from("place_by_street")) WHERE p.street_key = ?1 AND p.hn_key = ?2 AND p.kind = 0\(condition)\(order) LIMIT ?4
            """)
        // Another door of the number ("1 A" for 1): the index holds what the conditions test,
        // so the number itself in every town is passed over without reading its row.
        variants = try db.prepare("""
            SELECT \(c) \(from("place_by_number")) WHERE p.street_key = ?1 AND p.hn_low = ?3 AND p.hn_high = ?3 AND p.hn_key <> ?2\(doors)
            AND p.kind = 0\(condition)\(order) LIMIT ?4
            """)
        // A range that covers it ("14-20" for 16), on the same side of the street.
        ranges = try db.prepare("""
            SELECT \(c) \(from("place_ranges")) WHERE p.street_key = ?1 AND p.hn_high > p.hn_low AND p.hn_low <= ?3 AND p.hn_high >= ?3\(dash)
            AND (p.hn_low % 2 = ?3 % 2 OR p.hn_low % 2 <> p.hn_high % 2) AND p.kind = 0\(condition)\(order) LIMIT ?4
            """)
        streets = try db.prepare("""
            SELECT \(c) \(from("place_by_street")) WHERE p.street_key = ?1 AND p.hn_key IS NULL AND p.kind = 3\(condition)\(order) LIMIT ?4
            """)
    }

    /// The parameters for `street` and `number` (nil: the street alone), at most `limit` rows.
    func values(street: String, number: HouseNumber?, limit: Int, scope: SearchScope) -> [SQLiteValue] {
        var values: [SQLiteValue] = [.text(street), .text(number?.key ?? ""), .int(Int64(number?.low ?? -1)), .int(Int64(limit))]
        switch scope {
        case .anywhere: break
        case .town(let key), .postcode(let key): values.append(.text(key))
        }
        return values
    }

    /// `values` for `variants`: in a town or postcode also ?6 and ?7, the keys that start with
    /// the number's digits.
    func variantValues(_ values: [SQLiteValue], number: HouseNumber, scope: SearchScope) -> [SQLiteValue] {
        guard scope != .anywhere else { return values }
        let digits = number.low.map(String.init) ?? ""
        return values + [.text(digits), .text(digits + "\u{10FFFF}")]
    }
}
