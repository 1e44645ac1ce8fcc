import Foundation
import RouteItSQLite
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// The geocoder on the hand-made town: parsing, ranges, typos, POIs, reverse.
final class GeocoderFixtureTests: XCTestCase {
    nonisolated(unsafe) private static var directory: URL!
    nonisolated(unsafe) private static var geocoder: OfflineGeocoder!

    override class func setUp() {
        super.setUp()
        do {
            (directory, geocoder) = try GeocoderFixtureMap.open(TownFixture.entities, named: "town", in: "GeocoderFixtureTests")
        } catch {
            XCTFail("fixture import failed: \(error)")
        }
    }

    override class func tearDown() {
        geocoder = nil
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    private func first(_ text: String) throws -> String? {
        try Self.geocoder.search(text).first?.formattedAddress
    }

    func testStreetAndNumber() throws {
        XCTAssertEqual(try first("Annankatu 25"), "Annankatu 25, 00100 Helsinki")
        XCTAssertEqual(try first("annankatu 25 helsinki"), "Annankatu 25, 00100 Helsinki")
        XCTAssertEqual(try first("ANNANKATU 25, 00100 Helsinki"), "Annankatu 25, 00100 Helsinki")
        XCTAssertEqual(try first("Annankatu 23"), "Annankatu 23, 00100 Helsinki")
    }

    func testDuplicatePointsOfOneAddressAreOneCandidate() throws {
        let results = try Self.geocoder.search("Annankatu 25")
        XCTAssertEqual(results.filter { $0.formattedAddress == "Annankatu 25, 00100 Helsinki" }.count, 1)
    }

    func testDiacriticsAreFolded() throws {
        XCTAssertEqual(try first("Toolonlahdenkatu 2"), "Töölönlahdenkatu 2, 00100 Helsinki")
        XCTAssertEqual(try first("TÖÖLÖNLAHDENKATU 2"), "Töölönlahdenkatu 2, 00100 Helsinki")
    }

    func testOtherLanguageStreetNameFindsTheHouse() throws {
        XCTAssertEqual(try first("Annegatan 25"), "Annankatu 25, 00100 Helsinki")
        XCTAssertEqual(try first("Annegatan"), "Annankatu, 00100 Helsinki")
        XCTAssertEqual(try first("Annegattan 25"), "Annankatu 25, 00100 Helsinki", "with a typo")
    }

    func testNumberInsideARange() throws {
        XCTAssertEqual(try first("Mannerheimintie 14"), "Mannerheimintie 14-20, 00100 Helsinki")
        XCTAssertEqual(try first("Mannerheimintie 18"), "Mannerheimintie 14-20, 00100 Helsinki")
        // 14-20 is the even side: 17 is across the street.
        XCTAssertEqual(try first("Mannerheimintie 17"), "Mannerheimintie, 00100 Helsinki")
        XCTAssertEqual(try first("Mannerheimintie 12 b"), "Mannerheimintie 12 B, 00100 Helsinki")
        // 12 alone finds 12 B (same house, other door).
        XCTAssertEqual(try first("Mannerheimintie 12"), "Mannerheimintie 12 B, 00100 Helsinki")
    }

    func testStreetAlone() throws {
        let result = try XCTUnwrap(Self.geocoder.search("Annankatu").first)
        XCTAssertEqual(result.street, "Annankatu")
        XCTAssertNil(result.houseNumber)
        XCTAssertEqual(result.formattedAddress, "Annankatu, 00100 Helsinki")
        // A point on the street, not somewhere else.
        XCTAssertLessThan(result.coordinate.distance(to: Coordinate(latitude: 60.1670, longitude: 24.9385)), 30)
    }

    func testUnknownNumberFallsBackToTheStreet() throws {
        XCTAssertEqual(try first("Annankatu 99"), "Annankatu, 00100 Helsinki")
    }

    func testOneTypoStillFindsTheStreetRankedBelowExact() throws {
        XCTAssertEqual(try first("Annankattu 25"), "Annankatu 25, 00100 Helsinki")
        XCTAssertEqual(try first("Anankatu 25"), "Annankatu 25, 00100 Helsinki")
        XCTAssertEqual(try first("Mannerhiemintie 14"), "Mannerheimintie 14-20, 00100 Helsinki", "swapped letters")
    }

    func testPOIAndPlaceNames() throws {
        XCTAssertEqual(try first("Stockmann"), "Stockmann, Aleksanterinkatu 52, 00100 Helsinki")
        let kauppatori = try Self.geocoder.search("kauppatori")
        XCTAssertEqual(kauppatori.first?.name, "Kauppatori")
        // The square (a place) ranks above the tram stop of the same name.
        XCTAssertEqual(try XCTUnwrap(kauppatori.first).coordinate.latitude, 60.1676, accuracy: 0.0005)
        XCTAssertEqual(try first("Salutorget"), try first("Kauppatori"), "the Swedish name finds the same square")
        XCTAssertEqual(try first("Stockm"), "Stockmann, Aleksanterinkatu 52, 00100 Helsinki", "prefix")
    }

    func testNothingPlausibleGivesNoCandidates() throws {
        XCTAssertEqual(try Self.geocoder.search("Xyzzyplugh 12"), [])
        XCTAssertEqual(try Self.geocoder.search("qwertyuiop"), [])
        XCTAssertEqual(try Self.geocoder.search("zz"), [])
    }

    func testBlankAndControlCharacterTextGivesNoCandidates() throws {
        for text in ["", "   ", "\t\n", "\u{0}\u{1}\u{7f}", " \u{1b}[A ", "\"", "*", "\" OR 1=1 --", "NEAR(", "25", "99999"] {
            XCTAssertEqual(try Self.geocoder.search(text), [], "for \(text.debugDescription)")
        }
        // A postcode of the map alone is its area (OfflineGeocoder+Postcode), not a name.
        XCTAssertEqual(try Self.geocoder.search("00100").map(\.formattedAddress), ["00100 Helsinki"])
    }

    func testHostileTextDoesNotBreakTheSearch() throws {
        _ = try Self.geocoder.search(String(repeating: "annankatu ", count: 10_000))
        _ = try Self.geocoder.search("annankatu\" AND \"x")
        _ = try Self.geocoder.search("ann*")
        XCTAssertEqual(try first("annankatu\u{0} 25"), "Annankatu 25, 00100 Helsinki")
    }

    func testAtMostMaxCandidates() throws {
        XCTAssertLessThanOrEqual(try Self.geocoder.search("an").count, OfflineGeocoder.maxCandidates)
        XCTAssertEqual(try Self.geocoder.search("a"), [], "one letter is no name")
    }

    func testReverseFindsTheNearestAddressWithin50Metres() throws {
        let place = try XCTUnwrap(Self.geocoder.reverse(Coordinate(latitude: 60.16707, longitude: 24.93826)))
        XCTAssertEqual(place.formattedAddress, "Annankatu 25, 00100 Helsinki")
        let other = try XCTUnwrap(Self.geocoder.reverse(Coordinate(latitude: 60.16652, longitude: 24.93792)))
        XCTAssertEqual(other.formattedAddress, "Annankatu 23, 00100 Helsinki")
    }

    func testReverseFallsBackToTheNearestStreet() throws {
        // 130 m north of Annankatu's end, far from any address: the street, projected.
        let place = try XCTUnwrap(Self.geocoder.reverse(Coordinate(latitude: 60.16925, longitude: 24.93750)))
        XCTAssertEqual(place.street, "Mannerheimintie")
        XCTAssertNil(place.houseNumber)
    }

    func testReverseFarFromEverythingIsNil() throws {
        XCTAssertNil(try Self.geocoder.reverse(Coordinate(latitude: 10, longitude: 10)))
        XCTAssertNil(try Self.geocoder.reverse(Coordinate(latitude: .nan, longitude: 24.9)))
    }

    func testAsyncProtocolAnswersTheSame() async throws {
        let geocoding: Geocoding = Self.geocoder
        let results = try await geocoding.geocode("Annankatu 25")
        XCTAssertEqual(results.first?.formattedAddress, "Annankatu 25, 00100 Helsinki")
        let reversed = try await geocoding.reverseGeocode(Coordinate(latitude: 60.16707, longitude: 24.93826))
        XCTAssertEqual(reversed?.formattedAddress, "Annankatu 25, 00100 Helsinki")
    }
}

final class GeocodeQueryTests: XCTestCase {
    func testParsesStreetNumberPostcodeCity() {
        let q = GeocodeQuery("Annankatu 25 B, 00100 Helsinki", isCity: { $0 == "helsinki" })
        XCTAssertEqual(q.nameKey, "annankatu")
        XCTAssertEqual(q.number?.key, "25b")
        XCTAssertEqual(q.postcode, "00100")
        XCTAssertEqual(q.city, "helsinki")
    }

    func testNumbersThatArePartOfAStreetName() {
        let streets: Set<String> = ["boulevard albert 1er", "quai antoine 1er"]
        let street = GeocodeQuery("Boulevard Albert 1er", isCity: { _ in false }, isStreet: streets.contains)
        XCTAssertEqual(street.nameKey, "boulevard albert 1er")
        XCTAssertNil(street.number)
        let house = GeocodeQuery("Quai Antoine 1er 1", isCity: { _ in false }, isStreet: streets.contains)
        XCTAssertEqual(house.nameKey, "quai antoine 1er")
        XCTAssertEqual(house.number?.key, "1")
        let french = GeocodeQuery("1 Quai Antoine 1er", isCity: { _ in false }, isStreet: streets.contains)
        XCTAssertEqual(french.nameKey, "quai antoine 1er")
        XCTAssertEqual(french.number?.key, "1")
    }

    func testCityAloneIsTheName() {
        let q = GeocodeQuery("Helsinki", isCity: { $0 == "helsinki" })
        XCTAssertEqual(q.nameKey, "helsinki")
        XCTAssertNil(q.city)
    }

    func testFoldedWords() {
        XCTAssertEqual(TextFolding.words("Töölönlahdenkatu 14-20, 00100"), ["toolonlahdenkatu", "14-20", "00100"])
        XCTAssertEqual(TextFolding.words("Avenue Crovetto-Frères 3/5"), ["avenue", "crovetto", "freres", "3/5"])
        XCTAssertEqual(TextFolding.words(" \t\u{1b}[A\u{0} "), ["a"])
    }

    func testHouseNumbers() {
        XCTAssertEqual(HouseNumber("14-20")?.low, 14)
        XCTAssertEqual(HouseNumber("14-20")?.high, 20)
        XCTAssertEqual(HouseNumber("29-27")?.low, 27)
        XCTAssertEqual(HouseNumber("14 a")?.key, "14a")
        XCTAssertEqual(HouseNumber("14a")?.high, 14)
        XCTAssertNil(HouseNumber("B"))
        XCTAssertEqual(HouseNumber.parseList("1;3").map(\.key), ["1", "3"])
        XCTAssertEqual(HouseNumber.parseList("8, Floor 6").map(\.key), ["8"])
        XCTAssertEqual(HouseNumber.displayText("8, Floor 6"), "8")
        XCTAssertEqual(HouseNumber.displayText("14 B"), "14 B")
        XCTAssertEqual(HouseNumber.displayText(";"), ";")
    }

    func testEditDistanceIsBounded() {
        func d(_ a: String, _ b: String, _ limit: Int) -> Int? {
            EditDistance.bounded(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
        }
        XCTAssertEqual(d("annankatu", "annankatu", 1), 0)
        XCTAssertEqual(d("annankattu", "annankatu", 1), 1)
        XCTAssertEqual(d("mannerhiemintie", "mannerheimintie", 1), 1, "a swap is one typo")
        XCTAssertNil(d("bulevardi", "annankatu", 2))
    }
}

/// Places keep their OSM opening hours (`place_hours`). Every map of this schema version has the
/// table; one without it is damaged, and the geocoder says so rather than answering without hours.
final class GeocoderOpeningHoursTests: XCTestCase {
    func testPlacesCarryTheirHoursAndAMapWithoutThemIsRefused() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("town.routeit").path
        try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader(TownFixture.entities), sourceName: "town.osm", to: path)
        let geocoder = try OfflineGeocoder(path: path)
        XCTAssertEqual(try geocoder.search("Stockmann").first?.openingHours, "Mo-Fr 10:00-21:00; Sa 10:00-18:00")
        XCTAssertNil(try geocoder.search("Annankatu 25").first?.openingHours, "an address has no hours")

        let damaged = try SQLiteDatabase(path: path, mode: .readWrite)
        try damaged.execute("DROP TABLE place_hours")
        XCTAssertThrowsError(try OfflineGeocoder(path: path))
    }
}

final class GeocodeQueryWholeNameTests: XCTestCase {
    /// "35 AA" is the door, as "25 B" is: the words without the letters are the street.
    func testTwoLettersAfterTheNumberAreTheDoor() {
        let streets: Set<String> = ["pohjoisesplanadi"]
        for text in ["Pohjoisesplanadi 35 AA", "Pohjoisesplanadi 35 AA, 00100 Helsinki"] {
            let q = GeocodeQuery(text, isCity: { $0 == "helsinki" }, isStreet: streets.contains)
            XCTAssertEqual(q.nameKey, "pohjoisesplanadi", text)
            XCTAssertEqual(q.number?.key, "35aa", text)
        }
        // Letters that are part of the street stay in its name.
        let named = GeocodeQuery("Rue Grimaldi 5 bis", isCity: { _ in false }, isStreet: ["rue grimaldi bis"].contains)
        XCTAssertEqual(named.nameKey, "rue grimaldi bis")
    }

    /// A street named with a town's name is that street, not the street "Route de" in Menton.
    func testStreetWhoseNameEndsInATownIsNotSplit() {
        let isCity = { (key: String) in key == "menton" }
        let streets: Set<String> = ["route de menton"]
        let street = GeocodeQuery("Route de Menton 9", isCity: isCity, isStreet: streets.contains)
        XCTAssertEqual(street.nameKey, "route de menton")
        XCTAssertEqual(street.number?.key, "9")
        XCTAssertNil(street.city)
        let inTown = GeocodeQuery("Route de Menton 9 Menton", isCity: isCity, isStreet: streets.contains)
        XCTAssertEqual(inTown.nameKey, "route de menton")
        XCTAssertEqual(inTown.city, "menton")
    }
}
