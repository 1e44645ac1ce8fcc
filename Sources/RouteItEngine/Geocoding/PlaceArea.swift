import Foundation
import RouteItCore

/// A town or a postcode of the map, with its centre and how prominent it is (`place_area`).
/// The geocoder resolves the town or postcode of a query to one of these first, then searches
/// within it: streets, addresses and POIs carry the folded town and the postcode, indexed.
struct PlaceArea {
    enum Kind: Int64 { case town = 0, postcode = 1 }

    var kind: Kind
    /// The folded town name, or the postcode.
    var key: String
    /// The town's place node when it has one, else the mean of its rows.
    var centre: Coordinate
    /// Higher for a city than a village, for a big town than a small one (0: not a place node).
    var rank: Int

    static let schema = """
    CREATE TABLE place_area(kind INTEGER NOT NULL, key TEXT NOT NULL, lat REAL NOT NULL, lon REAL NOT NULL,
        rank INTEGER NOT NULL, PRIMARY KEY(kind, key)) WITHOUT ROWID;
    """

    /// The rank of a place node: its class's importance (`AddressLayerBuilder.classify`) first,
    /// then the tens of its population.
    static func rank(importance: Int, population: String?) -> Int {
        let people = population.flatMap { Int($0.filter(\.isNumber)) } ?? 0
        return importance * 100 + min(99, Int((log10(Double(max(1, people))) * 10).rounded()))
    }

    /// What the FTS `area` column holds for a row: its town's words and its postcode.
    static func searchText(city: String?, postcode: String?) -> String {
        [city.map(TextFolding.key), postcode].compactMap { $0 }.joined(separator: " ")
    }
}
