import Foundation
import RouteItCore

/// The district of rows that would read the same in the picker ("Annankatu, 00120 Helsinki"
/// twice): the nearest suburb, quarter or neighbourhood node of the row's town, as Nominatim
/// names a place's suburb where the map draws no boundary.
extension OfflineGeocoder {
    /// `place=suburb|quarter|neighbourhood` (`AddressLayerBuilder.classify`).
    static let districtImportances = [70, 68, 60]
    /// A district node farther than this is not the one the place is in.
    static let districtRadius = 2_500.0

    /// `placemarks` with `suburb` set on every one whose address another one has too.
    func namingDistricts(_ placemarks: [Placemark]) throws -> [Placemark] {
        var count: [String: Int] = [:]
        for placemark in placemarks { count[placemark.formattedAddress, default: 0] += 1 }
        guard count.values.contains(where: { $0 > 1 }) else { return placemarks }
        // Read once per town: a town has a few dozen districts among a few hundred unaddressed rows.
        var districts: [String: [PlaceRow]] = [:]
        return try placemarks.map { placemark in
            guard count[placemark.formattedAddress, default: 0] > 1, let town = placemark.city.map(TextFolding.key) else { return placemark }
            if districts[town] == nil { districts[town] = try self.districts(ofTown: town, importances: Self.districtImportances) }
            var named = placemark
            named.suburb = Self.nearest(to: placemark.coordinate, among: districts[town, default: []])?.name
            return named
        }
    }

    /// The district nodes (`place` rows of `importances`) of the town folded as `town`.
    func districts(ofTown town: String, importances: [Int]) throws -> [PlaceRow] {
        let statement = try map.database.prepare("""
            SELECT \(PlaceTable.selectList(keepsOSM: keepsOSM)) FROM place p WHERE p.city_key = ? AND p.street_key IS NULL
            AND p.kind = \(PlaceKind.place.rawValue) AND p.importance IN (\(importances.map(String.init).joined(separator: ", ")))
            """)
        return try rows(statement, [.text(town)])
    }

    /// The named district of `districts` nearest `coordinate`, within `districtRadius`.
    static func nearest(to coordinate: Coordinate, among districts: [PlaceRow]) -> PlaceRow? {
        districts.filter { $0.name != nil }
            .map { (row: $0, distance: coordinate.distance(to: $0.coordinate)) }
            .filter { $0.distance <= districtRadius }
            .min { ($0.distance, $0.row.name ?? "", $0.row.id) < ($1.distance, $1.row.name ?? "", $1.row.id) }?.row
    }
}
