import Foundation
import RouteItCore
import XCTest
@testable import RouteItEngine

/// Addresses as people copy them, on the real Helsinki and Monaco extracts (each place checked in
/// the map first: `select … from place`).
final class GeocoderAddressFormsTests: XCTestCase {
    private func geocoder(_ extract: String) throws -> OfflineGeocoder { try RealMaps.geocoder(extract) }

    private func helsinki(_ text: String) throws -> [Placemark] { try geocoder("Helsinki.osm.pbf").search(text) }
    private func monaco(_ text: String) throws -> [Placemark] { try geocoder("monaco.osm.pbf").search(text) }

    /// The map has a street key "pohjoisesplanadi 33" (an `addr:street` of "Pohjoisesplanadi 33",
    /// Keskuskatu 5): "Pohjoisesplanadi 33" is still house 33 of Pohjoisesplanadi.
    func testNumberAfterAStreetThatIsAlsoNamedWithTheNumber() throws {
        for text in ["Pohjoisesplanadi 33", "Pohjoisesplanadi 33, 00100", "33 Pohjoisesplanadi"] {
            let first = try XCTUnwrap(helsinki(text).first, text)
            XCTAssertEqual(first.formattedAddress, "Pohjoisesplanadi 33, 00100 Helsinki", text)
            XCTAssertNil(first.missingHouseNumber, text)
        }
    }

    /// A picker row with a door of two letters, typed back.
    func testDoorOfTwoLettersTypedBack() throws {
        for text in ["Pohjoisesplanadi 35 AA", "Pohjoisesplanadi 35 AA, 00100 Helsinki"] {
            XCTAssertEqual(try helsinki(text).first?.formattedAddress, "Pohjoisesplanadi 35 AA, 00100 Helsinki", text)
        }
    }

    /// The map's country after the address, in its languages or English, narrows nothing.
    func testTrailingCountryIsIgnored() throws {
        for text in ["Annankatu 25, 00100 Helsinki, Finland", "Annankatu 25, Helsinki, Suomi", "Annankatu 25 Helsinki Finland",
                     "Annankatu 25, 00100 Helsinki, Finnland"] {
            XCTAssertEqual(try helsinki(text).first?.formattedAddress, "Annankatu 25, 00100 Helsinki", text)
        }
        XCTAssertEqual(try monaco("Place du Casino, 98000 Monaco, Monaco").first?.formattedAddress, "Place du Casino, 98000 Monaco")
        // Monaco is a town too: alone after the street it is the town, not dropped as the country.
        XCTAssertEqual(try monaco("Place du Casino, Monaco").first?.city, "Monaco")
        // A name that ends in the country's is a name ("Hotel Finland" is no search for hotels).
        XCTAssertNotEqual(try helsinki("Hotel Finland").first?.category, "tourism=hotel")
        // Another country is not the map's: nothing is ignored.
        XCTAssertEqual(try helsinki("Annankatu 25, Sverige").first?.formattedAddress, nil)
    }

    /// A town's other name the map keeps (`name:sv` of its place node).
    func testTownByItsOtherName() throws {
        XCTAssertEqual(try helsinki("Annankatu 25, Helsingfors").first?.formattedAddress, "Annankatu 25, 00100 Helsinki")
        XCTAssertEqual(try helsinki("Annegatan 25 Helsingfors").first?.formattedAddress, "Annankatu 25, 00100 Helsinki")
    }

    /// Annankatu runs through 00100 and 00120; house 25 is in 00100.
    func testHouseInTheStreetsOtherPostcode() throws {
        let results = try helsinki("Annankatu 25, 00120")
        let first = try XCTUnwrap(results.first)
        XCTAssertEqual(first.formattedAddress, "Annankatu 25, 00100 Helsinki")
        XCTAssertNil(first.missingHouseNumber)
        XCTAssertEqual(first.geocoderNote, "postcode 00120 asked; this is in 00100")
        // The street in the postcode typed comes after it.
        XCTAssertEqual(results.dropFirst().first?.formattedAddress, "Annankatu, 00120 Helsinki")
        // A postcode the map has not is said too, not dropped silently.
        XCTAssertEqual(try helsinki("Annankatu 25, 00999").first?.otherPostcodeNote, "postcode 00999 asked; this is in 00100")
        // The postcode that matches: no note.
        XCTAssertNil(try helsinki("Annankatu 25, 00100").first?.geocoderNote)
    }

    /// Names with "&" and names that are also a category.
    func testNamesWithAmpersandAndExactNamesBeforeCategories() throws {
        for text in ["H&M", "H & M", "h&m"] {
            XCTAssertEqual(try helsinki(text).first?.formattedAddress, "H&M, Mannerheimintie 20, 00100 Helsinki", text)
        }
        XCTAssertEqual(try helsinki("K&K").first?.formattedAddress, "K&K, Annankatu 16, 00120 Helsinki")
        XCTAssertEqual(try monaco("P&P").first?.name, "P&P")
        // Letters alone are still no name.
        XCTAssertEqual(try helsinki("a b").count, 0)
        let subway = try helsinki("Subway")
        XCTAssertEqual(subway.prefix(3).map(\.name), ["Subway", "Subway", "Subway"], "\(subway.map(\.formattedAddress))")
        XCTAssertTrue(subway.dropFirst(3).contains { $0.category == "station=subway" }, "the stations after them: \(subway.map(\.formattedAddress))")
        // Typed as the kind ("subway"): the nearest station first, the sandwich bars right after it.
        let kind = try helsinki("subway")
        XCTAssertEqual(kind.first?.category, "station=subway")
        XCTAssertEqual(kind.dropFirst().first?.name, "Subway", "\(kind.map(\.formattedAddress))")
        XCTAssertEqual(try monaco("Casino").first?.formattedAddress, "Casino, 98000 Monaco")
        // An ATM named "Otto" is one of the kind "otto" (ATM): among the nearest, not hoisted.
        XCTAssertEqual(try helsinki("otto").first?.category, "amenity=atm")
    }

    /// A street or place whose name ends in a town's name is that street or place.
    func testWholeNameBeatsATownInIt() throws {
        let house = try XCTUnwrap(monaco("Route de Menton 9").first)
        XCTAssertEqual(house.street, "Route de Menton")
        XCTAssertEqual(house.houseNumber, "9")
        XCTAssertNil(house.missingHouseNumber)
        XCTAssertEqual(try monaco("Route de Menton").first?.street, "Route de Menton")
        XCTAssertEqual(try monaco("Chemin de Menton").first?.street, "Chemin de Menton")
        XCTAssertEqual(try monaco("Avenue de Monte Carlo").first?.street, "Avenue de Monte-Carlo")
        XCTAssertEqual(try monaco("Hôtel de Monaco").first?.name, "Hôtel de Monaco")
        // A town after a comma still narrows.
        XCTAssertEqual(try monaco("Route de Menton, Monaco").first?.street, "Route de Menton")
    }
}
