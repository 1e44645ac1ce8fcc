import Foundation
import RouteItCore

/// The neighbourhood, quarter and suburb of an answer's address, by Nominatim 5.3's rule for
/// district nodes (the map keeps no district outlines): a `place=` node reaches a box of so many
/// metres around it by its search rank (`place_node_fuzzy_area`: a suburb 2 km, a quarter 1 km, a
/// neighbourhood 500 m). Coarsest kind first, the node of a kind that names the place is the
/// nearest (in degrees, as PostGIS's `ST_Distance` on lon/lat) whose box holds the place and that
/// lies in the box of the district named before it (`insert_addresslines`' hierarchy check).
/// An address is measured from its street, as Nominatim measures it from its street's way: from
/// the point of the street nearest it.
/// Nodes of the place's own town only: Nominatim leaves out nodes outside the town's boundary.
extension OfflineGeocoder: AddressDistrictNaming {
    /// A district kind: its `place=` value, Nominatim's address rank, its node's reach in metres
    /// and the address part it names.
    struct DistrictKind: Sendable {
        let tag: String
        let addressRank: Int
        let reach: Double
        /// Its importance in the map (`AddressLayerBuilder.classify`).
        let importance: Int
        let part: WritableKeyPath<AddressDistricts, String?> & Sendable
    }

    static let districtKinds = [DistrictKind(tag: "suburb", addressRank: 20, reach: 2_000, importance: 70, part: \.suburb),
                                DistrictKind(tag: "quarter", addressRank: 22, reach: 1_000, importance: 68, part: \.quarter),
                                DistrictKind(tag: "neighbourhood", addressRank: 24, reach: 500, importance: 60, part: \.neighbourhood)]

    /// Nominatim's address rank of a place that is a town or district itself (its
    /// address-levels.json): its address names only coarser districts.
    static let placeAddressRanks = ["city": 16, "town": 16, "village": 16, "municipality": 14, "borough": 18, "suburb": 20,
                                    "hamlet": 20, "croft": 20, "quarter": 22, "neighbourhood": 24, "isolated_dwelling": 25,
                                    "farm": 25, "city_block": 25, "square": 25, "locality": 25]

    /// `placemarks` (this geocoder's answers) with their `districts` set.
    public func withDistricts(_ placemarks: [Placemark]) throws -> [Placemark] {
        lock.lock()
        defer { lock.unlock() }
        var nodesOfTown: [String: [(row: PlaceRow, kind: DistrictKind)]] = [:]
        return try placemarks.map { placemark in
            var placed = placemark
            guard let town = placemark.city.map(TextFolding.key) else {
                placed.districts = AddressDistricts()
                return placed
            }
            if nodesOfTown[town] == nil { nodesOfTown[town] = try districtNodes(ofTown: town) }
            placed.districts = Self.districts(of: placemark, at: try streetPoint(of: placemark) ?? placemark.coordinate,
                                              among: nodesOfTown[town, default: []])
            return placed
        }
    }

    /// The named district nodes of the town folded as `town`, each with its kind (a node of
    /// importance 60 that the map tags otherwise, an island, is none).
    private func districtNodes(ofTown town: String) throws -> [(row: PlaceRow, kind: DistrictKind)] {
        try districts(ofTown: town, importances: Self.districtKinds.map(\.importance)).compactMap { row in
            guard row.name?.isEmpty == false, let kind = Self.districtKinds.first(where: { $0.importance == row.importance }) else { return nil }
            let tags = try categories(of: row.id)
            guard tags.isEmpty || tags.contains("place=\(kind.tag)") else { return nil }
            return (row, kind)
        }
    }

    /// The districts Nominatim's rule names for `placemark` among its town's district `nodes`.
    static func districts(of placemark: Placemark, at point: Coordinate, among nodes: [(row: PlaceRow, kind: DistrictKind)]) -> AddressDistricts {
        let ownRank = placemark.category.flatMap { category in
            category.hasPrefix("place=") ? placeAddressRanks[String(category.dropFirst(6))] : nil
        } ?? 30
        var districts = AddressDistricts()
        var enclosing: (centre: Coordinate, reach: Double)?
        for kind in districtKinds where kind.addressRank < ownRank {
            let chosen = nodes.filter { $0.kind.tag == kind.tag && reaches($0.row.coordinate, kind.reach, point) }
                .map { (row: $0.row, distance: degreeDistance(point, $0.row.coordinate)) }
                .sorted { ($0.distance, $0.row.id) < ($1.distance, $1.row.id) }
                .first { candidate in enclosing.map { reaches($0.centre, $0.reach, candidate.row.coordinate) } ?? true }
            guard let chosen else { continue }
            districts[keyPath: kind.part] = chosen.row.name
            enclosing = (chosen.row.coordinate, kind.reach)
        }
        return districts
    }

    /// An address farther than this from its street is measured from itself.
    static let streetReach = 200.0

    /// The point of an address's street nearest it, within `streetReach`; nil for what is not an
    /// address. The caller holds `lock`.
    private func streetPoint(of placemark: Placemark) throws -> Coordinate? {
        guard placemark.houseNumber != nil, let street = placemark.street else { return nil }
        let key = TextFolding.key(street)
        let linesNear = try self.linesNear.statement()
        try boxQuery(linesNear, around: placemark.coordinate, metres: Self.streetReach)
        var pieces: [(place: Int64, line: [Coordinate])] = []
        while try linesNear.step() { pieces.append((linesNear.int(0), PackedPolyline.decode(linesNear.blob(1)))) }
        var keyOfPlace: [Int64: String] = [:]
        var nearest: (point: Coordinate, distance: Double)?
        for piece in pieces {
            if keyOfPlace[piece.place] == nil { keyOfPlace[piece.place] = try rows(placeByID, [.int(piece.place)]).first?.streetKey ?? "" }
            guard keyOfPlace[piece.place] == key else { continue }
            for (a, b) in zip(piece.line, piece.line.dropFirst()) {
                let (point, distance) = Geometry.closestPoint(to: placemark.coordinate, onSegment: a, b)
                if distance <= Self.streetReach, nearest == nil || distance < nearest!.distance { nearest = (point, distance) }
            }
        }
        return nearest?.point
    }

    /// Whether `point` lies in the box `reach` metres north, south, east and west of `centre`
    /// (`expand_by_meters`: the envelope of the geography buffer).
    static func reaches(_ centre: Coordinate, _ reach: Double, _ point: Coordinate) -> Bool {
        let d = Geometry.degrees(metres: reach, at: centre)
        return abs(point.latitude - centre.latitude) <= d.lat && abs(point.longitude - centre.longitude) <= d.lon
    }

    /// PostGIS's planar distance between two lon/lat points, in degrees.
    static func degreeDistance(_ a: Coordinate, _ b: Coordinate) -> Double {
        (pow(a.latitude - b.latitude, 2) + pow(a.longitude - b.longitude, 2)).squareRoot()
    }
}
