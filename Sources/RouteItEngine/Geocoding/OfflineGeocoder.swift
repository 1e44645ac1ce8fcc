import Foundation
import RouteItCore

/// Forward and reverse geocoding on a `.routeit` map's address layer, with no network.
/// One geocoder serialises its queries on its prepared statements (they are reused, not re-parsed).
public final class OfflineGeocoder: Geocoding, @unchecked Sendable {
    public static let maxCandidates = 10
    /// Reverse geocoding answers with an address this close, else with the nearest street.
    public static let addressRadius = 50.0

    private let map: RouteItMap
    private let lock = NSLock()
    private let streets: StreetNameIndex
    private let cities: Set<String>
    private let addressExact: SQLiteStatement
    private let addressCovering: SQLiteStatement
    private let streetsByKey: SQLiteStatement
    private let textSearch: SQLiteStatement
    private let placeByID: SQLiteStatement
    private let pointsNear: SQLiteStatement
    private let segmentsNear: SQLiteStatement

    private static let columns = "p.id, p.kind, p.name, p.housenumber, p.street, p.postcode, p.city, p.lat, p.lon, p.importance, p.hn_key, p.street_key, p.other_keys"

    public init(map: RouteItMap) throws {
        self.map = map
        let db = map.database
        var keys: [String] = []
        let keyRows = try db.prepare("SELECT DISTINCT street_key FROM place WHERE street_key IS NOT NULL AND kind IN (0, 3)")
        while try keyRows.step() { if let key = keyRows.string(0) { keys.append(key) } }
        var aliases: [(alias: String, key: String)] = []
        let aliasRows = try db.prepare("SELECT alias_key, street_key FROM street_alias")
        while try aliasRows.step() {
            if let alias = aliasRows.string(0), let key = aliasRows.string(1) { aliases.append((alias, key)) }
        }
        streets = StreetNameIndex(keys: keys, aliases: aliases)
        var cities = Set<String>()
        let cityRows = try db.prepare("SELECT DISTINCT city FROM place WHERE city IS NOT NULL")
        while try cityRows.step() { if let city = cityRows.string(0) { cities.insert(TextFolding.key(city)) } }
        self.cities = cities
        let c = Self.columns
        addressExact = try db.prepare("SELECT \(c) FROM place p WHERE p.street_key = ? AND p.hn_key = ? AND p.kind = 0")
        addressCovering = try db.prepare("""
            SELECT \(c) FROM place p WHERE p.street_key = ?1 AND p.kind = 0 AND p.hn_low <= ?2 AND p.hn_high >= ?2 AND p.hn_key <> ?3
            AND (p.hn_low % 2 = ?2 % 2 OR p.hn_low % 2 <> p.hn_high % 2)
            """)
        streetsByKey = try db.prepare("SELECT \(c) FROM place p WHERE p.street_key = ? AND p.kind = 3")
        textSearch = try db.prepare("""
            SELECT \(c), bm25(place_text) FROM place_text JOIN place p ON p.id = place_text.rowid
            WHERE place_text MATCH ? ORDER BY bm25(place_text) LIMIT 60
            """)
        placeByID = try db.prepare("SELECT \(c) FROM place p WHERE p.id = ?")
        pointsNear = try db.prepare("""
            SELECT place_id, lat, lon FROM address_point WHERE min_lat <= ? AND max_lat >= ? AND min_lon <= ? AND max_lon >= ?
            """)
        segmentsNear = try db.prepare("""
            SELECT place_id, lat1, lon1, lat2, lon2 FROM street_segment WHERE min_lat <= ? AND max_lat >= ? AND min_lon <= ? AND max_lon >= ?
            """)
    }

    /// Opens the map at `path` and a geocoder on it.
    public convenience init(path: String) throws { try self.init(map: RouteItMap(path: path)) }

    // MARK: Forward

    public func geocode(_ text: String) async throws -> [Placemark] { try search(text) }

    /// Synchronous forward geocoding (what `geocode` does), for tools and benchmarks.
    public func search(_ text: String) throws -> [Placemark] {
        let query = GeocodeQuery(text, isCity: { cities.contains($0) }, isStreet: { streets.contains($0) })
        // One letter is not a name (and an arrow key's escape sequence leaves one behind).
        guard query.nameKey.count >= 2 else { return [] }
        lock.lock()
        defer { lock.unlock() }
        var candidates: [Int64: Candidate] = [:]
        func offer(_ row: PlaceRecord, _ score: Double) {
            var score = score
            if let city = query.city, let rowCity = row.city, TextFolding.key(rowCity) != city { score -= CandidateScore.otherTownOrPostcode }
            if let postcode = query.postcode, let rowPostcode = row.postcode, rowPostcode != postcode { score -= CandidateScore.otherTownOrPostcode }
            if let old = candidates[row.id], old.score >= score { return }
            candidates[row.id] = Candidate(record: row, score: score)
        }

        let streetMatches = streets.matches(query.nameKey)
        var foundHouse = false
        for (key, distance) in streetMatches {
            let penalty = Double(distance) * CandidateScore.perTypo
            if let number = query.number {
                var found = false
                for row in try rows(addressExact, [.text(key), .text(number.key)]) { offer(row, CandidateScore.house - penalty); found = true }
                if let n = number.low {
                    for row in try rows(addressCovering, [.text(key), .int(Int64(n)), .text(number.key)]) {
                        let isRange = row.houseNumberKey.flatMap(HouseNumber.init)?.isRange ?? false
                        offer(row, (isRange ? CandidateScore.houseInRange : CandidateScore.houseVariant) - penalty)
                        found = true
                    }
                }
                if found { foundHouse = true } else { for row in try rows(streetsByKey, [.text(key)]) { offer(row, CandidateScore.streetWithoutThatHouse - penalty) } }
            } else {
                for row in try rows(streetsByKey, [.text(key)]) { offer(row, CandidateScore.street - penalty) }
            }
        }

        // Names of POIs, places and streets, every word a prefix.
        let match = query.nameWords.map { "\"\($0.replacingOccurrences(of: "\"", with: ""))\"*" }.joined(separator: " ")
        let textRows = try rowsWithRank(textSearch, [.text(match)])
        for (row, rank) in textRows {
            let tieBreak = min(1, max(0, -rank / 100))
            switch row.kind {
            case .street:
                // Streets matched by name above are already offered (or, with a number, their house).
                if streetMatches.contains(where: { $0.key == row.streetKey }) { continue }
                offer(row, CandidateScore.streetByPrefix + tieBreak)
            case .poi, .place:
                let exact = row.name.map(TextFolding.key) == query.nameKey
                    || row.otherKeys?.contains("|\(query.nameKey)|") == true
                var score = (exact ? CandidateScore.namedExactly : CandidateScore.namedByPrefix) + Double(row.importance) / 10 + tieBreak
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

        var seen = Set<String>()
        var result: [Placemark] = []
        for candidate in candidates.values.sorted(by: { ($0.score, -$0.record.id) > ($1.score, -$1.record.id) }) {
            let placemark = candidate.record.placemark
            guard seen.insert(placemark.formattedAddress).inserted else { continue }
            result.append(placemark)
            if result.count == Self.maxCandidates { break }
        }
        return result
    }

    // MARK: Reverse

    public func reverseGeocode(_ coordinate: Coordinate) async throws -> Placemark? { try reverse(coordinate) }

    /// Synchronous reverse geocoding: the nearest address within 50 m, else the nearest named street.
    public func reverse(_ coordinate: Coordinate) throws -> Placemark? {
        guard coordinate.isValid else { return nil }
        lock.lock()
        defer { lock.unlock() }
        var nearest: (place: Int64, point: Coordinate, distance: Double)?
        try boxQuery(pointsNear, around: coordinate, metres: Self.addressRadius)
        while try pointsNear.step() {
            let point = Coordinate(latitude: pointsNear.double(1), longitude: pointsNear.double(2))
            let distance = coordinate.distance(to: point)
            if distance <= Self.addressRadius, nearest == nil || distance < nearest!.distance {
                nearest = (pointsNear.int(0), point, distance)
            }
        }
        if let nearest, var placemark = try rows(placeByID, [.int(nearest.place)]).first?.placemark {
            placemark.coordinate = nearest.point
            return placemark
        }
        for radius in [100.0, 400, 1500, 5000] {
            var best: (place: Int64, point: Coordinate, distance: Double)?
            try boxQuery(segmentsNear, around: coordinate, metres: radius)
            while try segmentsNear.step() {
                let a = Coordinate(latitude: segmentsNear.double(1), longitude: segmentsNear.double(2))
                let b = Coordinate(latitude: segmentsNear.double(3), longitude: segmentsNear.double(4))
                let (point, distance) = Geometry.closestPoint(to: coordinate, onSegment: a, b)
                if distance <= radius, best == nil || distance < best!.distance { best = (segmentsNear.int(0), point, distance) }
            }
            if let best, var placemark = try rows(placeByID, [.int(best.place)]).first?.placemark {
                placemark.coordinate = best.point
                return placemark
            }
        }
        return nil
    }

    // MARK: Rows

    private struct Candidate {
        var record: PlaceRecord
        var score: Double
    }

    private func boxQuery(_ statement: SQLiteStatement, around p: Coordinate, metres: Double) throws {
        let d = Geometry.degrees(metres: metres, at: p)
        try statement.bind([.double(p.latitude + d.lat), .double(p.latitude - d.lat),
                            .double(p.longitude + d.lon), .double(p.longitude - d.lon)])
    }

    private func rows(_ statement: SQLiteStatement, _ values: [SQLiteValue]) throws -> [PlaceRecord] {
        try rowsWithRank(statement, values, rankColumn: nil).map(\.0)
    }

    private func rowsWithRank(_ statement: SQLiteStatement, _ values: [SQLiteValue], rankColumn: Int32? = 13) throws -> [(PlaceRecord, Double)] {
        try statement.bind(values)
        var result: [(PlaceRecord, Double)] = []
        while try statement.step() {
            result.append((PlaceRecord(statement), rankColumn.map { statement.double($0) } ?? 0))
        }
        return result
    }
}

/// One `place` row as the geocoder reads it.
struct PlaceRecord {
    var id: Int64
    var kind: PlaceKind
    var name: String?
    var houseNumber: String?
    var street: String?
    var postcode: String?
    var city: String?
    var coordinate: Coordinate
    var importance: Int
    var houseNumberKey: String?
    var streetKey: String?
    var otherKeys: String?

    init(_ s: SQLiteStatement) {
        id = s.int(0)
        kind = PlaceKind(rawValue: Int(s.int(1))) ?? .poi
        name = s.string(2)
        houseNumber = s.string(3)
        street = s.string(4)
        postcode = s.string(5)
        city = s.string(6)
        coordinate = Coordinate(latitude: s.double(7), longitude: s.double(8))
        importance = Int(s.int(9))
        houseNumberKey = s.string(10)
        streetKey = s.string(11)
        otherKeys = s.string(12)
    }

    var placemark: Placemark {
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
