import Foundation
import RouteItCore
import RouteItTestSupport
import XCTest
@testable import RouteItEngine

/// A small country: twelve towns with the same street, café and pharmacy in each (as names
/// repeat in a real country). The town, the postcode and the current location choose among them.
final class GeocoderCountryTests: GeocoderFixtureTestCase {
    override class var fixtureEntities: [OSMEntity] { entities }

    static let towns = ["Alfala", "Betania", "Celsius", "Deltala", "Epsilon", "Fiinikka",
                        "Gamma-7", "Hotelli", "Indigo", "Juliet", "Kilo", "Limala"]

    static func postcode(_ town: Int) -> String { String(format: "%05d", 11_100 + town * 1_111) }

    /// Town `k` lies 0.05° east of town `k - 1`.
    static func centre(_ town: Int) -> Coordinate { Coordinate(latitude: 60.2, longitude: 24.5 + Double(town) * 0.05) }

    static var entities: [OSMEntity] {
        var id: Int64 = 1000
        var list: [OSMEntity] = []
        func node(_ at: Coordinate, _ dlat: Double, _ dlon: Double, _ tags: [(String, String)]) {
            id += 1
            list.append(.node(OSMNode(id: id, latitude: at.latitude + dlat, longitude: at.longitude + dlon, tags: tags)))
        }
        for (k, town) in towns.enumerated() {
            let c = centre(k)
            let address = { (n: String) in
                [("addr:street", "Kirkkokatu"), ("addr:housenumber", n), ("addr:postcode", postcode(k)), ("addr:city", town)]
            }
            // The first town is a city, the sixth a town, the others villages.
            let kind = k == 0 ? "city" : k == 5 ? "town" : "village"
            node(c, 0.002, 0.002, [("name", town), ("place", kind), ("population", k == 0 ? "100000" : "2000")])
            node(c, 0, 0, address("1"))
            node(c, 0, 0.0005, address("2"))
            node(c, 0.0003, 0, address("7"))
            node(c, 0.0004, 0.0004, [("name", "Kahvila Kirkko"), ("amenity", "cafe")])
            node(c, 0.0005, -0.0004, [("name", "Kahvila Tori"), ("amenity", "cafe")])
            node(c, -0.0005, -0.0004, [("name", "Kahvila Asema"), ("amenity", "cafe")])
            node(c, -0.0004, 0.0004, [("name", "Apteekki \(town)"), ("amenity", "pharmacy")])
        }
        return list
    }

    private func search(_ text: String, near: Coordinate? = nil) throws -> [Placemark] {
        try Self.geocoder.search(text, near: near)
    }

    func testStreetAndNumberWithATownAnswersThatTownFirst() throws {
        for k in [1, 10, 11] {
            let first = try XCTUnwrap(search("Kirkkokatu 2, \(Self.towns[k])").first)
            XCTAssertEqual(first.city, Self.towns[k])
            XCTAssertEqual(first.houseNumber, "2")
        }
    }

    func testATownNameWithADigitStaysATownName() throws {
        let found = try search("Kirkkokatu 1, Gamma-7")
        XCTAssertEqual(found.first?.city, "Gamma-7")
        XCTAssertEqual(found.first?.houseNumber, "1")
        XCTAssertEqual(try search("Kirkkokatu 1 Gamma-7").first?.houseNumber, "1")
        // Without a house number, its number is still the town's, not a house.
        XCTAssertEqual(try search("Kahvila Kirkko, Gamma-7").first?.city, "Gamma-7")
        XCTAssertEqual(try search("cafe, Gamma-7").map(\.city), Array(repeating: "Gamma-7", count: 3))
    }

    func testPOIAndCategoryWithATownAnswerThatTown() throws {
        for k in [2, 9, 11] {
            let byName = try search("Kahvila Kirkko, \(Self.towns[k])")
            XCTAssertEqual(byName.first?.city, Self.towns[k], "by name in \(Self.towns[k])")
            // Ten cafés lie nearer the map's middle than these three.
            let byCategory = try search("cafe, \(Self.towns[k])")
            XCTAssertEqual(byCategory.map(\.city), Array(repeating: Self.towns[k], count: 3), "by category in \(Self.towns[k])")
        }
    }

    func testPostcodeNarrowsAddressesAndCategories() throws {
        let pharmacies = try search("pharmacy \(Self.postcode(8))")
        XCTAssertEqual(pharmacies.map(\.name), ["Apteekki Indigo"])
        XCTAssertEqual(try search("Kirkkokatu 7, \(Self.postcode(4))").first?.city, "Epsilon")
    }

    func testEveryTownsHouseIsReachableImportantTownFirstOrNearestFirst() throws {
        let all = try search("Kirkkokatu 1")
        XCTAssertEqual(Set(all.compactMap(\.city)), Set(Self.towns), "one per town, more than ten")
        XCTAssertEqual(all.first?.city, "Alfala", "the city before the villages")
        XCTAssertEqual(all.dropFirst().first?.city, "Fiinikka", "then the town")
        let near = try search("Kirkkokatu 1", near: Self.centre(9))
        XCTAssertEqual(near.first?.city, "Juliet")
        XCTAssertEqual(Set(near.dropFirst().prefix(2).compactMap(\.city)), ["Indigo", "Kilo"], "then the neighbours")
    }
}
