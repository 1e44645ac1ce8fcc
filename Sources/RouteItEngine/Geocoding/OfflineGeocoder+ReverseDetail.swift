import Foundation
import RouteItCore

/// Reverse geocoding at a coarser detail (Nominatim's `zoom`): the street, the neighbourhood or
/// suburb, or the town of a point. The map keeps place nodes, not their outlines: a district is
/// the nearest district node of the town the point's address or street is in (as
/// `namingDistricts` names one), and the town is that town's own node.
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
            return (point, try district(at: coordinate, in: point, importances: Self.districtImportances) ?? town(of: point) ?? point)
        case .suburb:
            return (point, try district(at: coordinate, in: point, importances: Self.suburbImportances) ?? town(of: point) ?? point)
        case .town:
            return (point, try town(of: point) ?? point)
        }
    }

    /// The nearest district node (of `importances`) of `point`'s town within `districtRadius` of
    /// `coordinate`.
    private func district(at coordinate: Coordinate, in point: Placemark?, importances: [Int]) throws -> Placemark? {
        guard let town = point?.city.map(TextFolding.key) else { return nil }
        return try Self.nearest(to: coordinate, among: districts(ofTown: town, importances: importances)).map { try placemark($0) }
    }

    /// `point`'s town: its place node (where the map's town centre is), else its name at the
    /// centre of its rows.
    private func town(of point: Placemark?) throws -> Placemark? {
        guard let name = point?.city, let area = towns[TextFolding.key(name)] else { return nil }
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
        var placemark = Placemark(name: name, city: name, coordinate: area.centre, category: "place")
        placemark.country = point?.country
        placemark.countryCode = point?.countryCode
        return placemark
    }
}
