import Foundation
import RouteItCore

/// Reverse geocoding at a coarser detail (Nominatim's `zoom`): the street, the neighbourhood or
/// suburb, or the town of a point. A district is the nearest district node of the town the
/// point's address or street is in (as `namingDistricts` names one); the town is the one whose
/// whole outline holds the point (`AdminAreas`), else the town of its address or street, else
/// the nearest town node, each at its own node.
extension OfflineGeocoder: DetailedReverseGeocoding {
    /// A city, town, village or borough node (`AddressLayerBuilder.classify`).
    static let townImportances = [90, 85, 75]
    /// A suburb or quarter node: a district without the neighbourhoods.
    static let suburbImportances = [70, 68]

    public func reverseGeocode(_ coordinate: Coordinate, detail: ReverseDetail) async throws -> Placemark? {
        let (point, answer) = try reverse(coordinate, detail: detail)
        // Off the map is judged by what is at the point, not by a town's centre kilometres away.
        if let area, area.isOff(coordinate, nearestFound: point?.coordinate) { throw area.outsideAlert("The position \(coordinate)", at: coordinate) }
        return answer
    }

    /// What is at the point (its address or street) and the answer at `detail`: a district
    /// without a district node near falls back to the town, a town without a node of its own to
    /// its name at its rows' centre, and either without a town to what is at the point.
    func reverse(_ coordinate: Coordinate, detail: ReverseDetail) throws -> (point: Placemark?, answer: Placemark?) {
        guard coordinate.isValid else { return (nil, nil) }
        lock.lock()
        defer { lock.unlock() }
        let point = try (detail == .street ? nil : nearestAddress(coordinate)) ?? nearestStreet(coordinate)
        switch detail {
        case .address, .street:
            return (point, point)
        case .neighbourhood:
            return (point, try district(at: coordinate, in: point, importances: Self.districtImportances) ?? town(at: coordinate, of: point) ?? point)
        case .suburb:
            return (point, try district(at: coordinate, in: point, importances: Self.suburbImportances) ?? town(at: coordinate, of: point) ?? point)
        case .town:
            return (point, try town(at: coordinate, of: point) ?? point)
        }
    }

    /// The nearest district node (of `importances`) of `point`'s town within `districtRadius` of
    /// `coordinate`.
    private func district(at coordinate: Coordinate, in point: Placemark?, importances: [Int]) throws -> Placemark? {
        guard let town = point?.city.map(TextFolding.key) else { return nil }
        return try Self.nearest(to: coordinate, among: districts(ofTown: town, importances: importances)).map { try placemark($0) }
    }

    /// The town `coordinate` is in: the one whose whole outline holds it; else `point`'s (its
    /// address's or street's), unless that town's whole outline leaves `point` out; else the
    /// nearest town node (of a town without a whole outline) within `nearestTownRadius`.
    private func town(at coordinate: Coordinate, of point: Placemark?) throws -> Placemark? {
        if let name = try adminAreas.at(coordinate).town { return try town(named: name) }
        let outlined = try adminAreas.outlinedTowns()
        if let point, let name = point.city {
            let key = TextFolding.key(name)
            let holds = try !outlined.contains(key) || adminAreas.at(point.coordinate).town.map(TextFolding.key) == key
            if holds, let town = try town(named: name) { return town }
        }
        // A town, village or city node (`PlaceArea.rank`: its importance in hundreds).
        let nearest = towns.values.filter { Self.townImportances.contains($0.rank / 100) && !outlined.contains($0.key) }
            .map { (area: $0, distance: coordinate.distance(to: $0.centre)) }
            .filter { $0.distance <= Self.nearestTownRadius }
            .min { ($0.distance, $0.area.key) < ($1.distance, $1.area.key) }
        return try nearest.flatMap { try town(named: $0.area.key) }
    }

    /// A town node farther than this is not the town a point is in.
    static let nearestTownRadius = 10_000.0

    /// The town named `name`: its place node (where the map's town centre is), else its name at
    /// the centre of its rows (no town of its own: not "Menton, Menton").
    private func town(named name: String) throws -> Placemark? {
        guard let area = towns[TextFolding.key(name)] else { return nil }
        if area.rank > 0 {
            let statement = try map.database.prepare("""
                SELECT \(PlaceTable.selectList(keepsOSM: keepsOSM)) FROM place p WHERE (p.city_key IS NULL OR p.city_key = ?1)
                AND p.street_key IS NULL AND p.kind = \(PlaceKind.place.rawValue)
                AND p.importance IN (\(Self.townImportances.map(String.init).joined(separator: ", "))) AND p.lat = ?2 AND p.lon = ?3
                """)
            if let row = try rows(statement, [.text(area.key), .double(area.centre.latitude), .double(area.centre.longitude)]).first {
                return try placemark(row)
            }
        }
        var placemark = Placemark(name: name, coordinate: area.centre, category: "place")
        try placeInCountry(&placemark)
        return placemark
    }
}
