import Foundation
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// What people type beyond addresses: categories, POI names with a typo, "X near PLACE",
/// ranking by the current location, unit letters, postcodes taken from the street.
final class GeocoderSearchTests: GeocoderFixtureTestCase {
    override class var fixtureEntities: [OSMEntity] { entities }

    /// Central Helsinki, hand-made. Node ids from 1000 up.
    static var entities: [OSMEntity] {
        var id: Int64 = 1000
        func node(_ lat: Double, _ lon: Double, _ tags: [(String, String)]) -> OSMEntity {
            id += 1
            return .node(OSMNode(id: id, latitude: lat, longitude: lon, tags: tags))
        }
        var list: [OSMEntity] = [
            node(60.1700, 24.9400, [("name", "Apteekki Eliel"), ("amenity", "pharmacy")]),
            node(60.1690, 24.9450, [("name", "Kluuvin Apteekki"), ("amenity", "pharmacy")]),
            node(60.1650, 24.9300, [("healthcare", "pharmacy")]),
            node(60.1680, 24.9500, [("name", "Rahamuseo"), ("name:en", "Bank of Finland Museum"), ("tourism", "museum")]),
            node(60.1705, 24.9420, [("name", "Nordea"), ("amenity", "bank")]),
            node(60.1701, 24.9408, [("name", "Pickwick"), ("amenity", "pub")]),
            node(60.1703, 24.9411, [("name", "Alepa Rautatientori"), ("shop", "supermarket")]),
            node(60.1650, 24.9200, [("name", "Alepa"), ("shop", "supermarket")]),
            node(60.1800, 24.9600, [("name", "Alepa"), ("shop", "supermarket")]),
            node(60.1690, 24.9320, [("name", "Kamppi"), ("place", "suburb")]),
            node(60.1692, 24.9325, [("name", "Cafe Java"), ("amenity", "cafe")]),
            node(60.1710, 24.9450, [("name", "Fazer Café"), ("amenity", "cafe")]),
            node(60.1712, 24.9377, address("Mannerheiminaukio", "1") + [("addr:unit", "A")]),
            node(60.1713, 24.9376, address("Mannerheiminaukio", "1") + [("addr:unit", "B")]),
            node(60.1722, 24.9448, address("Mikonkatu", "18")),
            node(60.1725, 24.9450, [("addr:street", "Mikonkatu"), ("addr:housenumber", "20")]),
            node(60.1689, 24.9406, [("name", "Kleobis ja Biton"), ("tourism", "artwork")]),
            node(60.1669, 24.9398, [("name", "Äiti ja lapset"), ("tourism", "artwork")]),
        ]
        // Twelve unnamed toilets in a line going east, about 110 m apart.
        for i in 0..<12 { list.append(node(60.1700, 24.9400 + Double(i) * 0.002, [("amenity", "toilets")])) }
        return list
    }

    static func address(_ street: String, _ number: String) -> [(String, String)] {
        [("addr:street", street), ("addr:housenumber", number), ("addr:postcode", "00100"), ("addr:city", "Helsinki")]
    }

    private let station = Coordinate(latitude: 60.1700, longitude: 24.9400)

    private func names(_ text: String, near: Coordinate? = nil) throws -> [String] {
        try Self.geocoder.search(text, near: near).map { $0.name ?? $0.formattedAddress }
    }

    func testPharmacyInThreeLanguagesFindsEveryPharmacyNearestFirst() throws {
        for word in ["pharmacy", "Apteekki", "apotek", "pharmacies"] {
            XCTAssertEqual(try names(word, near: station), ["Apteekki Eliel", "Kluuvin Apteekki", "Pharmacy"], word)
        }
        // From elsewhere, the order follows.
        let west = Coordinate(latitude: 60.1650, longitude: 24.9290)
        XCTAssertEqual(try names("pharmacy", near: west), ["Pharmacy", "Apteekki Eliel", "Kluuvin Apteekki"])
    }

    func testBankIsTheBankNotTheMoneyMuseum() throws {
        XCTAssertEqual(try names("bank"), ["Nordea"])
        XCTAssertEqual(try names("pankki"), ["Nordea"])
        // The museum is still found by its own name.
        XCTAssertEqual(try names("Bank of Finland Museum").first, "Rahamuseo")
    }

    func testUnnamedToiletsUpToTheLimitNearestFirst() throws {
        let east = Coordinate(latitude: 60.1700, longitude: 24.9400 + 11 * 0.002)
        let results = try Self.geocoder.search("toilets", near: east)
        XCTAssertEqual(results.count, min(12, OfflineGeocoder.maxCandidates))
        XCTAssertEqual(Set(results.map(\.name)), ["Toilets"])
        let distances = results.map { $0.coordinate.distance(to: east) }
        XCTAssertEqual(distances, distances.sorted())
        XCTAssertLessThan(distances[0], 1)
        XCTAssertEqual(try names("vessa", near: east).count, min(12, OfflineGeocoder.maxCandidates))
    }

    func testPOINameWithOneTypo() throws {
        XCTAssertEqual(try names("Pickwck").first, "Pickwick")
        XCTAssertEqual(try names("Alepa Rautatientoi").first, "Alepa Rautatientori")
        XCTAssertEqual(try names("Alepa Rautatientori").first, "Alepa Rautatientori")
    }

    func testCategoryNearAPlace() throws {
        XCTAssertEqual(try names("cafe near Kamppi").first, "Cafe Java")
        XCTAssertEqual(try names("kahvila lähellä Kamppia").first, "Cafe Java")
        XCTAssertEqual(try names("cafe near Mikonkatu 18").first, "Fazer Café")
        // A name near a place: the Alepa there, not another one.
        XCTAssertEqual(try Self.geocoder.search("Alepa near Kamppi").first.map { $0.coordinate.latitude }, 60.1650)
    }

    func testCurrentLocationRanksEqualMatches() throws {
        let north = try Self.geocoder.search("Alepa", near: Coordinate(latitude: 60.181, longitude: 24.961))
        XCTAssertEqual(north.first?.coordinate.latitude, 60.1800)
        let south = try Self.geocoder.search("Alepa", near: Coordinate(latitude: 60.164, longitude: 24.919))
        XCTAssertEqual(south.first?.coordinate.latitude, 60.1650)
        // A better match still beats a nearer one.
        XCTAssertEqual(try names("Alepa Rautatientori", near: Coordinate(latitude: 60.181, longitude: 24.961)).first, "Alepa Rautatientori")
    }

    /// Letters alone name nothing, though names start with them ("Alepa", "Kamppi", "Cafe").
    func testLettersAloneFindNothing() throws {
        XCTAssertFalse(try Self.geocoder.search("Ka").isEmpty, "two letters are a start of a name")
        XCTAssertEqual(try Self.geocoder.search("Kleobis").first?.name, "Kleobis ja Biton")
        for letters in ["a k c", "a b", "j b", "b c", "a", "k"] {
            XCTAssertEqual(try Self.geocoder.search(letters), [], letters)
        }
        XCTAssertEqual(try Self.geocoder.search("Mannerheiminaukio 1 b").first?.formattedAddress, "Mannerheiminaukio 1 B, 00100 Helsinki")
    }

    func testUnitLetterIsPartOfTheNumber() throws {
        XCTAssertEqual(try Self.geocoder.search("Mannerheiminaukio 1a").first?.formattedAddress, "Mannerheiminaukio 1 A, 00100 Helsinki")
        XCTAssertEqual(try Self.geocoder.search("Mannerheiminaukio 1 b").first?.formattedAddress, "Mannerheiminaukio 1 B, 00100 Helsinki")
    }

    func testPostcodeAndCityFromTheSameStreet() throws {
        XCTAssertEqual(try Self.geocoder.search("Mikonkatu 20").first?.formattedAddress, "Mikonkatu 20, 00100 Helsinki")
        // POIs without an address borrow them too; a district takes the city only.
        XCTAssertEqual(try Self.geocoder.search("Pickwick").first?.formattedAddress, "Pickwick, 00100 Helsinki")
        let kamppi = try XCTUnwrap(Self.geocoder.search("Kamppi").first { $0.name == "Kamppi" })
        XCTAssertEqual(kamppi.city, "Helsinki")
        XCTAssertNil(kamppi.postalCode)
    }

    func testAsyncProtocolPassesNearOn() async throws {
        let east = Coordinate(latitude: 60.1700, longitude: 24.9400 + 11 * 0.002)
        let viaProtocol = try await (Self.geocoder as Geocoding).geocode("toilets", near: east)
        XCTAssertEqual(viaProtocol, try Self.geocoder.search("toilets", near: east))
    }
}
