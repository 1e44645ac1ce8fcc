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
        /// The point the cluster stands at, its source's rank and the OSM object it came from.
        var best: (position: Coordinate, rank: Int, osm: OSMReference?)
        var postcodes: [String: Int] = [:]
        var cities: [String: Int] = [:]
        /// From the surroundings, when no point of the cluster says (see `fillFromSurroundings`).
        var nearbyPostcode: String?
        var nearbyCity: String?
        /// The town whose whole outline holds it (set by `fillFromSurroundings`): a postcode is
        /// lent only within one outline, or between places outside all.
        var outlineTown: String?
        /// Its place in `all`: of the clusters a point may join, the first made takes it.
        let order: Int

        init(streetKey: String, number: HouseNumber, street: String, houseNumberText: String, position: Coordinate, rank: Int,
             osm: OSMReference?, order: Int) {
            self.order = order
            self.streetKey = streetKey
            self.number = number
            self.street = street
            self.houseNumberText = houseNumberText
            self.best = (position, rank, osm)
        }

        var position: Coordinate { best.position }
        var taggedPostcode: String? { postcodes.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key }
        var taggedCity: String? { cities.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key }
        var postcode: String? { taggedPostcode ?? nearbyPostcode }
        var city: String? { taggedCity ?? nearbyCity }
    }

    /// Same street and number further apart than this are different places (other towns).
    static let sameAddressRadius = 400.0

    /// The clusters by street-and-number key and the cell of their position: a point looks only
    /// in the cells around it. (One list per key grew with the towns that repeat an address, and
    /// every point of a country was measured against all of them: quadratic.)
    private struct KeyCell: Hashable {
        var key: String
        var cell: PointGrid<Cluster>.Cell
    }
    private var byKeyCell: [KeyCell: [Cluster]] = [:]
    private let keyCells = PointGrid<Cluster>(cellMetres: sameAddressRadius)
    private var byStreet: [String: [Cluster]] = [:]
    private(set) var all: [Cluster] = []
    private var cityCounts: [String: Int] = [:]

    var commonCity: String? { cityCounts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key }

    mutating func add(_ tags: AddressLayerBuilder.AddressTags, number: HouseNumber, at position: Coordinate, sourceRank: Int,
                      osm: OSMReference? = nil) {
        let streetKey = TextFolding.key(tags.street)
        guard !streetKey.isEmpty else { return }
        let key = streetKey + "\u{1}" + number.key
        let cluster: Cluster
        if let existing = firstCluster(key, within: Self.sameAddressRadius, of: position) {
            cluster = existing
            if sourceRank > cluster.best.rank {
                let from = KeyCell(key: key, cell: keyCells.cell(of: cluster.best.position))
                let to = KeyCell(key: key, cell: keyCells.cell(of: position))
                if from != to {
                    byKeyCell[from]?.removeAll { $0 === cluster }
                    byKeyCell[to, default: []].append(cluster)
                }
                cluster.best = (position, sourceRank, osm)
            }
        } else {
            // Show the number as written, without remarks: "14 B", "14-20".
            let display = HouseNumber.parseList(tags.houseNumber).count > 1
                ? number.key.uppercased() : HouseNumber.displayText(tags.houseNumber)
            cluster = Cluster(streetKey: streetKey, number: number, street: tags.street, houseNumberText: display,
                              position: position, rank: sourceRank, osm: osm, order: all.count)
            byKeyCell[KeyCell(key: key, cell: keyCells.cell(of: position)), default: []].append(cluster)
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

    /// The first made of the clusters of `key` whose position lies within `metres` of `point`.
    private func firstCluster(_ key: String, within metres: Double, of point: Coordinate) -> Cluster? {
        var first: Cluster?
        // The cells a little beyond `metres`: the grid's degrees are rounder than the distance's.
        keyCells.forEachCellIndex(near: point, metres: metres * 1.02) { cell in
            for cluster in byKeyCell[KeyCell(key: key, cell: cell)] ?? []
            where (first == nil || cluster.order < first!.order) && cluster.best.position.distance(to: point) < metres {
                first = cluster
            }
        }
        return first
    }

    // MARK: Postcode and city from the surroundings

    /// How far the same street's numbers lend their postcode, and any address its postcode.
    static let sameStreetPostcodeRadius = 1000.0
    static let anyAddressPostcodeRadius = 250.0
    /// Cells over which the `addr:city` majority is taken (with their eight neighbours).
    static let cityAreaMetres = 1000.0

    private var tagged = PointGrid<Cluster>(cellMetres: 250)
    private var cityCountsByCell: [PointGrid<Cluster>.Cell: [String: Int]] = [:]
    private var cityArea = PointGrid<Cluster>(cellMetres: cityAreaMetres)

    /// Gives every cluster that lacks them the postcode of the nearest address of the same street
    /// (else of the nearest address nearby) and the `addr:city` majority of its area (else of the
    /// map), as `town` judges it (a whole town outline holding the address wins); a postcode only
    /// from an address in the same whole town outline as it (`outlineTown`), or outside all as it
    /// is (Monaco's 98000 is not lent across the border). Only tagged values are lent, so a guess
    /// never spreads. O(n) with grids.
    mutating func fillFromSurroundings(town: (Coordinate, String?) -> String? = { $1 },
                                       outlineTown: (Coordinate) -> String? = { _ in nil }) {
        tagged = PointGrid(cellMetres: 250)
        for cluster in all where cluster.taggedPostcode != nil { tagged.insert(cluster, at: cluster.position) }
        cityCountsByCell = [:]
        for cluster in all {
            guard let city = cluster.taggedCity else { continue }
            cityCountsByCell[cityArea.cell(of: cluster.position), default: [:]][city, default: 0] += 1
        }
        for cluster in all {
            cluster.outlineTown = outlineTown(cluster.position)
            if cluster.taggedCity == nil { cluster.nearbyCity = town(cluster.position, city(near: cluster.position)) }
        }
        for cluster in all where cluster.taggedPostcode == nil {
            cluster.nearbyPostcode = postcode(near: cluster.position, streetKey: cluster.streetKey) { $0.outlineTown == cluster.outlineTown }
        }
    }

    /// The postcode of the nearest tagged address of `streetKey`, else of any street nearby,
    /// among the addresses `lends` accepts.
    func postcode(near point: Coordinate, streetKey: String?, anyWithin: Double = anyAddressPostcodeRadius,
                  lends: (Cluster) -> Bool = { _ in true }) -> String? {
        if let streetKey, let same = tagged.nearest(to: point, within: Self.sameStreetPostcodeRadius,
                                                    where: { $0.streetKey == streetKey && lends($0) }) {
            return same.item.taggedPostcode
        }
        return tagged.nearest(to: point, within: anyWithin, where: lends)?.item.taggedPostcode
    }

    /// The `addr:city` majority around `point`, else of the whole map.
    func city(near point: Coordinate) -> String? {
        let cell = cityArea.cell(of: point)
        var counts: [String: Int] = [:]
        for dy in -1...1 {
            for dx in -1...1 {
                for (city, n) in cityCountsByCell[.init(x: cell.x + dx, y: cell.y + dy)] ?? [:] { counts[city, default: 0] += n }
            }
        }
        return counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key ?? commonCity
    }


}
