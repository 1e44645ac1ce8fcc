import Foundation
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// Text as people type it back: a picker row copied whole, a short word mistyped, a street
/// mistyped before a number-like word, a name that is also a category, a hardware store.
final class GeocoderTypedBackTests: GeocoderFixtureTestCase {
    override class var fixtureEntities: [OSMEntity] { entities }

    /// Hand-made, around Helsinki's centre. Node ids from 3000 up.
    static var entities: [OSMEntity] {
        var id: Int64 = 3000
        func node(_ lat: Double, _ lon: Double, _ tags: [(String, String)]) -> OSMEntity {
            id += 1
            return .node(OSMNode(id: id, latitude: lat, longitude: lon, tags: tags))
        }
        func address(_ street: String, _ number: String) -> [(String, String)] {
            [("addr:street", street), ("addr:housenumber", number), ("addr:postcode", "00100"), ("addr:city", "Helsinki")]
        }
        return [
            node(60.1710, 24.9460, address("Kaisaniemenkatu", "4")),
            node(60.1711, 24.9461, [("name", "Espresso House"), ("amenity", "cafe")] + address("Kaisaniemenkatu", "4")),
            node(60.1690, 24.9380, address("Mannerheimintie", "10")),
            node(60.1691, 24.9381, [("name", "Espresso House"), ("amenity", "cafe")] + address("Mannerheimintie", "10")),
            node(60.1700, 24.9410, address("Kaivokatu", "1")),
            node(60.1701, 24.9411, [("name", "R-Kioski, Asemahalli"), ("shop", "kiosk")] + address("Kaivokatu", "1")),
            node(60.1740, 24.9520, [("name", "Zen Sushi"), ("amenity", "restaurant")] + address("Snellmaninkatu", "16")),
            node(60.1741, 24.9400, [("name", "Zeta Sushi"), ("amenity", "restaurant")]),
            node(60.1500, 24.9000, address("Quai Antoine 1er", "6")),
            node(60.1505, 24.9005, address("Quai Antoine 1er", "4")),
            node(60.1672, 24.9529, [("name", "Kauppatori"), ("name:en", "Market Square"), ("name:sv", "Salutorget"), ("place", "square")]),
            node(60.1661, 24.9527, [("name", "Vanha Kauppahalli"), ("amenity", "marketplace")]),
            node(60.1600, 24.9300, [("name", "K-Rauta"), ("shop", "doityourself")]),
            node(60.1620, 24.9320, [("name", "Rautakauppa Helin"), ("shop", "hardware")]),
        ]
    }

    private func first(_ text: String) throws -> Placemark? { try Self.geocoder.search(text).first }

    func testAPickerRowTypedBackFindsThatPlaceFirst() throws {
        for text in ["Espresso House, Kaisaniemenkatu 4", "Espresso House, Kaisaniemenkatu 4, 00100 Helsinki",
                     "espresso house, kaisaniemenkatu 4 helsinki", "Espresso Huose, Kaisaniemenkatu 4"] {
            let found = try first(text)
            XCTAssertEqual(found?.name, "Espresso House", text)
            XCTAssertEqual(found?.street, "Kaisaniemenkatu", text)
        }
        XCTAssertEqual(try first("Espresso House, Mannerheimintie 10")?.street, "Mannerheimintie")
        // A name with a comma of its own.
        XCTAssertEqual(try first("R-Kioski, Asemahalli, Kaivokatu 1, 00100 Helsinki")?.name, "R-Kioski, Asemahalli")
        // Every row the geocoder shows for a name, typed back, is that row first.
        for name in ["Espresso House", "R-Kioski", "Zen Sushi"] {
            for row in try Self.geocoder.search(name) where row.name != nil && row.street != nil {
                let again = try first(row.formattedAddress)
                XCTAssertEqual(again?.formattedAddress, row.formattedAddress, row.formattedAddress)
                XCTAssertLessThan(again.map { $0.coordinate.distance(to: row.coordinate) } ?? .infinity, 5, row.formattedAddress)
            }
        }
    }

    func testOneChangedLetterInAShortWordStillFindsTheName() throws {
        XCTAssertEqual(try first("Zvn Sushi")?.name, "Zen Sushi")
        XCTAssertEqual(try first("Zen Sushi")?.name, "Zen Sushi")
    }

    func testAMistypedStreetBeforeANumberLikeWordKeepsTheHouseNumber() throws {
        for text in ["Quai Antine 1er 6", "Quai Antoien 1er 6"] {
            let found = try first(text)
            XCTAssertEqual(found?.street, "Quai Antoine 1er", text)
            XCTAssertEqual(found?.houseNumber, "6", text)
        }
    }

    func testANameThatIsAlsoACategoryFindsThePlaceSoNamedFirst() throws {
        let found = try Self.geocoder.search("Market Square").map { $0.name ?? "" }
        XCTAssertEqual(found.first, "Kauppatori")
        XCTAssertTrue(found.contains("Vanha Kauppahalli"), "the marketplaces still follow: \(found)")
        XCTAssertEqual(try first("marketplace")?.name, "Vanha Kauppahalli")
    }

    func testHardwareStoresAreACategory() throws {
        let near = Coordinate(latitude: 60.1600, longitude: 24.9300)
        for word in ["hardware store", "rautakauppa", "DIY", "järnhandel"] {
            XCTAssertEqual(try Self.geocoder.search(word, near: near).map { $0.name ?? "" }, ["K-Rauta", "Rautakauppa Helin"], word)
        }
    }
}
