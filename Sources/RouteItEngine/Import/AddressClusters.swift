import RouteItCore

/// Groups the address points of one (street, house number): OSM often tags the building, its
/// entrances and its shops with the same address, and the geocoder should offer it once.
struct AddressClusters {
    final class Cluster {
        let streetKey: String
        let number: HouseNumber
        var street: String
        var houseNumberText: String
        var points: [Coordinate] = []
        var best: (position: Coordinate, rank: Int)
        var postcodes: [String: Int] = [:]
        var cities: [String: Int] = [:]

        init(streetKey: String, number: HouseNumber, street: String, houseNumberText: String, position: Coordinate, rank: Int) {
            self.streetKey = streetKey
            self.number = number
            self.street = street
            self.houseNumberText = houseNumberText
            self.best = (position, rank)
        }

        var position: Coordinate { best.position }
        var postcode: String? { postcodes.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key }
        var city: String? { cities.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key }
    }

    /// Same street and number further apart than this are different places (other towns).
    static let sameAddressRadius = 400.0

    private var byKey: [String: [Cluster]] = [:]
    private var byStreet: [String: [Cluster]] = [:]
    private(set) var all: [Cluster] = []
    private var cityCounts: [String: Int] = [:]

    var commonCity: String? { cityCounts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key }

    mutating func add(_ tags: AddressLayerBuilder.AddressTags, number: HouseNumber, at position: Coordinate, sourceRank: Int) {
        let streetKey = TextFolding.key(tags.street)
        guard !streetKey.isEmpty else { return }
        let key = streetKey + "\u{1}" + number.key
        let cluster: Cluster
        if let existing = byKey[key]?.first(where: { $0.best.position.distance(to: position) < Self.sameAddressRadius }) {
            cluster = existing
            if sourceRank > cluster.best.rank { cluster.best = (position, sourceRank) }
        } else {
            // Show the number as written, without remarks: "14 B", "14-20".
            let display = HouseNumber.parseList(tags.houseNumber).count > 1
                ? number.key.uppercased() : HouseNumber.displayText(tags.houseNumber)
            cluster = Cluster(streetKey: streetKey, number: number, street: tags.street, houseNumberText: display,
                              position: position, rank: sourceRank)
            byKey[key, default: []].append(cluster)
            byStreet[streetKey, default: []].append(cluster)
            all.append(cluster)
        }
        cluster.points.append(position)
        if let postcode = tags.postcode { cluster.postcodes[postcode, default: 0] += 1 }
        if let city = tags.city {
            cluster.cities[city, default: 0] += 1
            cityCounts[city, default: 0] += 1
        }
    }

    /// Postcode and city of the addresses of `streetKey` nearest to `point` that have them (to
    /// give a street its postcode and city).
    func postcodeAndCity(near point: Coordinate, streetKey: String) -> (postcode: String?, city: String?) {
        let byDistance = (byStreet[streetKey] ?? []).sorted { $0.position.distance(to: point) < $1.position.distance(to: point) }
        return (byDistance.lazy.compactMap(\.postcode).first, byDistance.lazy.compactMap(\.city).first)
    }
}
