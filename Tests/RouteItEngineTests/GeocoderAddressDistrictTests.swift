import Foundation
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// Every answer's address names its neighbourhood, quarter and suburb as Nominatim 5.3 does from
/// district nodes: a node reaches a box around it (a suburb 2 km, a neighbourhood 500 m each way);
/// of the nodes of a kind whose box holds the place, the nearest in degrees that lies in the box
/// of the coarser district already named.
final class GeocoderAddressDistrictTests: GeocoderFixtureTestCase {
    override class var fixtureEntities: [OSMEntity] { entities }

    /// Hand-made, around Helsinki's centre (at 60° a degree of longitude is half one of latitude).
    /// Node ids from 4100 up.
    static var entities: [OSMEntity] {
        var id: Int64 = 4100
        func node(_ lat: Double, _ lon: Double, _ tags: [(String, String)]) -> OSMEntity {
            id += 1
            return .node(OSMNode(id: id, latitude: lat, longitude: lon, tags: tags))
        }
        let town = [("addr:postcode", "00120"), ("addr:city", "Helsinki")]
        func address(_ street: String, _ number: String) -> [(String, String)] {
            [("addr:street", street), ("addr:housenumber", number)] + town
        }
        return [
            node(60.1700, 24.9300, [("name", "Helsinki"), ("place", "city")]),
            // Annankatu 1: Kamppi 1.78 km north (0.016°) is nearer in degrees than Punavuori 1.0 km east (0.018°).
            node(60.1700, 24.9400, address("Annankatu", "1")),
            node(60.1860, 24.9400, [("name", "Kamppi"), ("place", "suburb")] + town),
            node(60.1700, 24.9580, [("name", "Punavuori"), ("place", "suburb")] + town),
            // Hietalahti is the nearest neighbourhood (390 m) but 2.17 km from Kamppi, out of its box;
            // Ruoholahti (390 m east, 0.007°) is in it. The island on the spot is no neighbourhood.
            node(60.1665, 24.9400, [("name", "Hietalahti"), ("place", "neighbourhood")] + town),
            node(60.1700, 24.9470, [("name", "Ruoholahti"), ("place", "neighbourhood")] + town),
            node(60.1702, 24.9402, [("name", "Saari"), ("place", "island")] + town),
            // Bulevardi 2: Eira 450 m north and 450 m east (636 m away) is in its box; no suburb reaches it.
            node(60.1500, 24.9000, address("Bulevardi", "2")),
            node(60.1540, 24.9081, [("name", "Eira"), ("place", "neighbourhood")] + town),
            // Bulevardi 4: 1.56 km west of Eira, out of every box.
            node(60.1500, 24.8800, address("Bulevardi", "4")),
            // Kalevankatu 9 is 167 m north of its street: Pohjoinen is 390 m north of the door but 560 m
            // from the street; Etelä 500.4 m south of the door, 330 m from the street.
            node(60.1400, 24.9500, []),
            node(60.1400, 24.9700, []),
            .way(OSMWay(id: 4190, nodeRefs: [id - 1, id], tags: [("highway", "residential"), ("name", "Kalevankatu")])),
            node(60.1415, 24.9600, address("Kalevankatu", "9")),
            node(60.1450, 24.9600, [("name", "Pohjoinen"), ("place", "neighbourhood")] + town),
            node(60.1370, 24.9600, [("name", "Etelä"), ("place", "neighbourhood")] + town),
        ]
    }

    /// The districts an answer names, as Nominatim's address keys and names (["suburb=Kamppi"]).
    static func parts(_ placemark: Placemark) -> [String] {
        placemark.districts.isKnown ? placemark.districts.parts.map { "\($0.key)=\($0.name)" } : ["not said"]
    }

    /// The geocoder's answers for `text`, with their districts.
    static func search(_ text: String) throws -> [Placemark] { try geocoder.withDistricts(geocoder.search(text)) }

    func testASearchReadsNoDistrictsUntilAsked() throws {
        // The picker shows none: a cold lookup reads no district rows.
        XCTAssertEqual(try Self.geocoder.search("Annankatu 1").first.map(Self.parts), ["not said"])
    }

    func testAnAddressNamesTheNearestDistrictsThatReachIt() throws {
        let found = try XCTUnwrap(Self.search("Annankatu 1").first)
        XCTAssertEqual(found.houseNumber, "1")
        XCTAssertEqual(Self.parts(found), ["neighbourhood=Ruoholahti", "suburb=Kamppi"])
        // The same address reverse geocoded says the same.
        XCTAssertEqual(try Self.geocoder.reverse(Coordinate(latitude: 60.1700, longitude: 24.9400)).flatMap { try Self.geocoder.withDistricts([$0]).first }.map(Self.parts),
                       ["neighbourhood=Ruoholahti", "suburb=Kamppi"])
    }

    func testANodeReachesABoxNotACircle() throws {
        XCTAssertEqual(try Self.search("Bulevardi 2").first.map(Self.parts), ["neighbourhood=Eira"])
        XCTAssertEqual(try Self.search("Bulevardi 4").first.map(Self.parts), [])
    }

    func testAnAddressIsMeasuredFromItsStreet() throws {
        XCTAssertEqual(try Self.search("Kalevankatu 9").first.map(Self.parts), ["neighbourhood=Etelä"])
    }

    func testADistrictNamesOnlyCoarserDistricts() throws {
        let neighbourhood = try XCTUnwrap(Self.search("Ruoholahti").first)
        XCTAssertEqual(neighbourhood.name, "Ruoholahti")
        XCTAssertEqual(Self.parts(neighbourhood), ["suburb=Punavuori"], "0.011° from Punavuori, 0.0175° from Kamppi")
        let suburb = try XCTUnwrap(Self.search("Kamppi").first)
        XCTAssertEqual(suburb.name, "Kamppi")
        XCTAssertEqual(Self.parts(suburb), [])
    }
}
