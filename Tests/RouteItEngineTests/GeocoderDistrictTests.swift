import Foundation
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// Rows that read the same ("R-Kioski, Annankatu 1, 00120 Helsinki" twice) carry the district each lies in:
/// the nearest suburb, quarter or neighbourhood node of its town; rows that read differently
/// carry none.
final class GeocoderDistrictTests: GeocoderFixtureTestCase {
    override class var fixtureEntities: [OSMEntity] { entities }

    /// Hand-made, around Helsinki's centre. Node ids from 4000 up.
    static var entities: [OSMEntity] {
        var id: Int64 = 4000
        func node(_ lat: Double, _ lon: Double, _ tags: [(String, String)]) -> OSMEntity {
            id += 1
            return .node(OSMNode(id: id, latitude: lat, longitude: lon, tags: tags))
        }
        let town = [("addr:postcode", "00120"), ("addr:city", "Helsinki")]
        // Two kiosks of one chain on one street number, each read "R-Kioski, Annankatu 1, 00120 Helsinki".
        let door = [("addr:street", "Annankatu"), ("addr:housenumber", "1")] + town
        return [
            node(60.1700, 24.9300, [("name", "Helsinki"), ("place", "city")]),
            node(60.1690, 24.9310, [("name", "Kamppi"), ("place", "suburb")] + town),
            node(60.1600, 24.9400, [("name", "Punavuori"), ("place", "quarter")] + town),
            node(60.1688, 24.9305, [("name", "R-Kioski"), ("shop", "kiosk")] + door),
            node(60.1605, 24.9398, [("name", "R-Kioski"), ("shop", "kiosk")] + door),
            node(60.1650, 24.9350, [("name", "Alepa"), ("shop", "supermarket")] + door),
        ]
    }

    func testIdenticalRowsNameTheirDistricts() throws {
        let found = try Self.geocoder.search("R-Kioski")
        XCTAssertEqual(found.count, 2)
        XCTAssertEqual(found[0].formattedAddress, found[1].formattedAddress)
        XCTAssertEqual(Set(found.map(\.suburb)), ["Kamppi", "Punavuori"])
        for placemark in found {
            XCTAssertEqual(placemark.suburb, placemark.coordinate.latitude > 60.165 ? "Kamppi" : "Punavuori")
        }
    }

    func testARowLikeNoOtherHasNoDistrict() throws {
        let found = try Self.geocoder.search("Alepa")
        XCTAssertEqual(found.first?.name, "Alepa")
        XCTAssertNil(found.first?.suburb)
    }
}
