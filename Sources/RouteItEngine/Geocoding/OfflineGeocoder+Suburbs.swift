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
        var districts: [String: [(name: String, centre: Coordinate)]] = [:]
        let statement = try map.database.prepare("""
            SELECT name, lat, lon FROM place WHERE city_key = ? AND street_key IS NULL AND kind = \(PlaceKind.place.rawValue)
            AND importance IN (\(Self.districtImportances.map(String.init).joined(separator: ", ")))
            """)
        return try placemarks.map { placemark in
            guard count[placemark.formattedAddress, default: 0] > 1, let town = placemark.city.map(TextFolding.key) else { return placemark }
            if districts[town] == nil {
                try statement.bind([.text(town)])
                var found: [(name: String, centre: Coordinate)] = []
                while try statement.step() {
                    if let name = statement.string(0) {
                        found.append((name, Coordinate(latitude: statement.double(1), longitude: statement.double(2))))
                    }
                }
                districts[town] = found
            }
            let nearest = districts[town, default: []]
                .map { (name: $0.name, distance: placemark.coordinate.distance(to: $0.centre)) }
                .filter { $0.distance <= Self.districtRadius }
                .min { ($0.distance, $0.name) < ($1.distance, $1.name) }
            var named = placemark
            named.suburb = nearest?.name
            return named
        }
    }
}
