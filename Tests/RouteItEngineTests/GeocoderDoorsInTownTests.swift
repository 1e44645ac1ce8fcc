import Foundation
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// Within a town or postcode, another door of the number ("3 A" for 3, "05" for 5) and a range
/// that covers it ("10-14" for 12) are still found: the lookups pass over the street's other
/// houses by their keys alone.
final class GeocoderDoorsInTownTests: GeocoderFixtureTestCase {
    override class var fixtureEntities: [OSMEntity] { entities }

    /// Hand-made, around Helsinki's centre. Node ids from 5000 up.
    static var entities: [OSMEntity] {
        var id: Int64 = 5000
        func house(_ lat: Double, _ number: String) -> OSMEntity {
            id += 1
            return .node(OSMNode(id: id, latitude: lat, longitude: 24.94, tags: [
                ("addr:street", "Annankatu"), ("addr:housenumber", number), ("addr:postcode", "00120"), ("addr:city", "Helsinki")]))
        }
        return [house(60.1600, "3 A"), house(60.1601, "30"), house(60.1602, "10-14"), house(60.1603, "05"),
                house(60.1604, "50"), house(60.1605, "1")]
    }

    func testOtherDoorsAndRangesAreFoundInATownAndAPostcode() throws {
        for place in ["Helsinki", "00120"] {
            XCTAssertEqual(try Self.geocoder.search("Annankatu 3, \(place)").first?.houseNumber, "3 A", place)
            XCTAssertEqual(try Self.geocoder.search("Annankatu 12, \(place)").first?.houseNumber, "10-14", place)
            XCTAssertEqual(try Self.geocoder.search("Annankatu 5, \(place)").first?.houseNumber, "05", place)
        }
    }
}
