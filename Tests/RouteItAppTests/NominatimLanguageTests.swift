import Foundation
import XCTest
import RouteItCore
@testable import routeit

/// Nominatim's `accept-language`: each name in the first language of the list it has, else as
/// its `name` gives it; the place's own name by its own tags alone.
final class NominatimLanguageTests: XCTestCase {
    func testTheListIsReadAsAnAcceptLanguageHeader() {
        XCTAssertEqual(NominatimJSON.languages("sv"), ["sv"])
        XCTAssertEqual(NominatimJSON.languages("en;q=0.5, sv-FI"), ["sv_fi", "sv", "en"])
        XCTAssertEqual(NominatimJSON.languages(" "), [])
    }

    func testEachNameIsInTheFirstLanguageItHas() throws {
        var place = Placemark(name: "Ateneum", houseNumber: "23", street: "Annankatu", postalCode: "00100", city: "Helsinki",
                              coordinate: Coordinate(latitude: 60.17, longitude: 24.94), country: "Suomi", countryCode: "FI")
        place.names = PlaceNames(tags: ["name": "Ateneum", "name:en": "Ateneum Art Museum"],
                                 translations: ["Annankatu": ["sv": "Annegatan"], "Helsinki": ["sv": "Helsingfors", "en": "Helsinki"],
                                                "Suomi": ["sv": "Finland", "en": "Finland"], "Ateneum": ["sv": "Another Ateneum"]])
        XCTAssertEqual(NominatimJSON.object(place, languages: ["sv", "en"])["display_name"] as? String,
                       "Ateneum Art Museum, 23, Annegatan, Helsingfors, 00100, Finland")
        XCTAssertEqual(NominatimJSON.object(place, languages: ["fr"])["display_name"] as? String,
                       "Ateneum, 23, Annankatu, Helsinki, 00100, Suomi")
        XCTAssertEqual(NominatimJSON.object(place, languages: [])["name"] as? String, "Ateneum")
    }
}
