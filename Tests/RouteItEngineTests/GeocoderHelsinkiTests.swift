import Foundation
import RouteItCore
import XCTest
@testable import RouteItEngine

/// The geocoder on the real Helsinki extract. Every address used here was checked in the data
/// first (pyosmium): e.g. Annankatu 25 is building way 15244406 and nodes 151006260, 311747782,
/// 4751244131; Mannerheimintie 14-20 is tagged on ~25 nodes; Aleksanterinkatu 30-34 on node
/// 4465241036; Stockmann is building way 122595241 (Aleksanterinkatu 52); Kauppatori is relation
/// 2919185 (place=square).
final class GeocoderHelsinkiTests: XCTestCase {
    private func geocoder() throws -> OfflineGeocoder { try RealMaps.geocoder("Helsinki.osm.pbf") }

    private func addresses(_ text: String) throws -> [String] { try geocoder().search(text).map(\.formattedAddress) }

    func testStreetAndNumber() throws {
        let results = try geocoder().search("Annankatu 25")
        XCTAssertEqual(results.first?.formattedAddress, "Annankatu 25, 00100 Helsinki")
        XCTAssertEqual(results.first?.formattedAddressLines, ["Annankatu 25", "00100 Helsinki"])
        // The building's centroid (way 15244406), not one of its entrance nodes.
        XCTAssertLessThan(try XCTUnwrap(results.first).coordinate.distance(to: Coordinate(latitude: 60.16743, longitude: 24.93659)), 15)
        XCTAssertEqual(try addresses("annankatu 25 helsinki").first, "Annankatu 25, 00100 Helsinki")
        XCTAssertEqual(try addresses("Annankatu 25, 00100 Helsinki").first, "Annankatu 25, 00100 Helsinki")
    }

    func testFoldedDiacritics() throws {
        XCTAssertEqual(try addresses("Toolonlahdenkatu 2").first, "Töölönlahdenkatu 2, 00100 Helsinki")
        XCTAssertEqual(try addresses("töölönlahdenkatu 2").first, "Töölönlahdenkatu 2, 00100 Helsinki")
    }

    func testRanges() throws {
        // Only the range 30-34 has house 32.
        XCTAssertEqual(try addresses("Aleksanterinkatu 32").first, "Aleksanterinkatu 30-34, 00100 Helsinki")
        // 14 exists on its own and inside 14-20: the exact one first, the range after it.
        let fourteen = try addresses("Mannerheimintie 14")
        XCTAssertEqual(fourteen.first, "Mannerheimintie 14, 00100 Helsinki")
        XCTAssertTrue(fourteen.contains("Mannerheimintie 14-20, 00100 Helsinki"), "\(fourteen)")
        // 15 is on the other side of the street: not in the even range 14-20.
        XCTAssertFalse(try addresses("Mannerheimintie 15").contains("Mannerheimintie 14-20, 00100 Helsinki"))
    }

    func testStreetAloneIsAPointOnTheStreet() throws {
        let result = try XCTUnwrap(geocoder().search("Aleksanterinkatu").first)
        XCTAssertEqual(result.street, "Aleksanterinkatu")
        XCTAssertNil(result.houseNumber)
        let db = try RouteItMap(path: RealMaps.path("Helsinki.osm.pbf")).database
        var nearest = Double.infinity
        for (a, b) in try streetSegments(db, streetKey: "aleksanterinkatu") {
            nearest = min(nearest, Geometry.closestPoint(to: result.coordinate, onSegment: a, b).1)
        }
        XCTAssertLessThan(nearest, 1, "on the street's geometry")
    }

    func testPOIAndPlace() throws {
        XCTAssertEqual(try addresses("Stockmann").first, "Stockmann, Aleksanterinkatu 52, 00100 Helsinki")
        let stockmann = try XCTUnwrap(geocoder().search("Stockmann").first)
        XCTAssertTrue(stockmann.openingHours.map { OpeningHours($0).isKnown } ?? false, "Stockmann keeps its opening_hours: \(stockmann.openingHours ?? "none")")
        let square = try XCTUnwrap(geocoder().search("Kauppatori").first)
        XCTAssertEqual(square.name, "Kauppatori")
        XCTAssertLessThan(square.coordinate.distance(to: Coordinate(latitude: 60.1673, longitude: 24.9527)), 120)
        // Swedish names: of the square, and of streets with a house number.
        XCTAssertEqual(try geocoder().search("Salutorget").first?.name, "Kauppatori")
        XCTAssertEqual(try addresses("Annegatan 25").first, "Annankatu 25, 00100 Helsinki")
        XCTAssertEqual(try addresses("Mannerheimvägen 14").first, "Mannerheimintie 14, 00100 Helsinki")
        // The city itself (node place=city) is just "Helsinki", not "Helsinki, 00130 Helsinki".
        XCTAssertEqual(try addresses("Helsinki").first, "Helsinki")
    }

    func testARangeWithADashAsWordProcessorsWriteIt() throws {
        for dash in ["\u{2013}", "\u{2014}", "\u{2212}"] {
            XCTAssertEqual(try addresses("Mannerheimintie 14\(dash)20").first, "Mannerheimintie 14-20, 00100 Helsinki", dash)
        }
    }

    func testAFinnishFlatAfterTheStaircaseFindsTheHouse() throws {
        XCTAssertEqual(try addresses("Annankatu 25 B 12").first, "Annankatu 25, 00100 Helsinki")
        XCTAssertEqual(try addresses("Annankatu 25 B 12, 00100 Helsinki").first, "Annankatu 25, 00100 Helsinki")
        XCTAssertEqual(try addresses("Annankatu 25 12").first, "Annankatu 25, 00100 Helsinki")
    }

    func testAStreetAnsweredForANumberItHasNotSaysSo() throws {
        let street = try XCTUnwrap(geocoder().search("Annankatu 777").first)
        XCTAssertEqual(street.formattedAddressLines.first, "Annankatu")
        XCTAssertEqual(street.missingHouseNumber, "777")
        XCTAssertEqual(street.missingHouseNumberNote, "no number 777 on Annankatu; showing the street")
        // Five digits the map has not as a postcode, after a street: a house number.
        XCTAssertEqual(try geocoder().search("Annankatu 99999").first?.missingHouseNumber, "99999")
        XCTAssertNil(try geocoder().search("Annankatu 25").first?.missingHouseNumber, "the house itself")
        XCTAssertNil(try geocoder().search("Annankatu").first?.missingHouseNumber, "no number asked")
    }

    func testTypos() throws {
        XCTAssertEqual(try addresses("Annankattu 25").first, "Annankatu 25, 00100 Helsinki")
        XCTAssertEqual(try addresses("Mannerhiemintie 14").first, "Mannerheimintie 14, 00100 Helsinki")
        XCTAssertEqual(try addresses("Aleksanterinktu").first, "Aleksanterinkatu, 00100 Helsinki")
    }

    func testAtMostMaxCandidatesBestFirst() throws {
        let results = try addresses("Mannerheimintie")
        XCTAssertLessThanOrEqual(results.count, OfflineGeocoder.maxCandidates)
        XCTAssertEqual(results.first, "Mannerheimintie, 00100 Helsinki")
        XCTAssertLessThanOrEqual(try addresses("ka").count, OfflineGeocoder.maxCandidates)
        XCTAssertEqual(Set(try addresses("ka")).count, try addresses("ka").count, "no duplicate lines")
    }

    func testNothingPlausible() throws {
        XCTAssertEqual(try addresses("Xyzzykatu 123"), [])
        XCTAssertEqual(try addresses("qwertyuiop asdfghjkl"), [])
        XCTAssertEqual(try addresses(" \t "), [])
        XCTAssertEqual(try addresses("\u{1}\u{2}\u{3}"), [])
    }

    func testReverse() throws {
        let near = try XCTUnwrap(geocoder().reverse(Coordinate(latitude: 60.16745, longitude: 24.93675)))
        XCTAssertEqual(near.formattedAddress, "Annankatu 25, 00100 Helsinki")
        // Kaisaniemen puistokuja runs through the park, ~200 m from any address.
        let park = try XCTUnwrap(geocoder().reverse(Coordinate(latitude: 60.17443, longitude: 24.94264)))
        XCTAssertEqual(park.street, "Kaisaniemen puistokuja")
        XCTAssertNil(park.houseNumber)
        XCTAssertNil(try geocoder().reverse(Coordinate(latitude: 61.5, longitude: 23.8)), "Tampere is not on this map")
    }

    /// Every kind of query answers: exact, lower-case with the town, unfolded, a street alone, a
    /// shop, a square, a typo and one with nothing to find; reverse finds an address near each of
    /// 50 points across the centre. How fast is the benchmark's business (`routeit-bench geocode`
    /// in Scripts/bench, p50 < 1 ms in release; BENCHMARKS.md), not a debug test's on a shared
    /// machine.
    func testForwardAndReverseAnswerEveryKindOfQuery() throws {
        let g = try geocoder()
        let queries = ["Annankatu 25", "annankatu 25 helsinki", "Toolonlahdenkatu 2", "Mannerheimintie 14",
                       "Aleksanterinkatu", "Stockmann", "Kauppatori", "Annankattu 25", "Bulevardi 2"]
        for q in queries {
            XCTAssertFalse(try g.search(q).isEmpty, q)
        }
        XCTAssertEqual(try g.search("Xyzzykatu 1").count, 0)
        for i in 0..<50 {
            let c = Coordinate(latitude: 60.165 + Double(i) * 0.0002, longitude: 24.936 + Double(i) * 0.0003)
            let place = try XCTUnwrap(try g.reverse(c), "\(c)")
            XCTAssertLessThan(place.coordinate.distance(to: c), 500, "\(c): \(place)")
        }
    }
}
