import XCTest
import RouteItCore
@testable import routeit

/// A postcode's `boundingbox` is Nominatim's: its country's postcode extent around the centre
/// (5 km in Finland), not a point's ±0.00005°.
final class NominatimPostcodeBoxTests: XCTestCase {
    func testAPostcodesBoxIsItsCountrysPostcodeExtent() throws {
        // Nominatim 5.3.3 on the Helsinki extract, `/search?q=00100`: centre 60.1690622,
        // 24.9407080, box 60.1241959, 60.2139282, 24.8506691, 25.0307559.
        let centre = Coordinate(latitude: 60.1690622, longitude: 24.9407080)
        let placemark = Placemark(postalCode: "00100", city: "Helsinki", coordinate: centre, country: "Suomi", countryCode: "fi",
                                  category: "place=postcode")
        let box = try XCTUnwrap(NominatimJSON.object(placemark)["boundingbox"] as? [String]).compactMap(Double.init)
        for (got, nominatim) in zip(box, [60.1241959, 60.2139282, 24.8506691, 25.0307559]) {
            XCTAssertEqual(got, nominatim, accuracy: 4e-5)
        }
        // A country with an extent of its own (the Netherlands: 800 m).
        var dutch = placemark
        dutch.countryCode = "nl"
        let small = try XCTUnwrap(NominatimJSON.object(dutch)["boundingbox"] as? [String]).compactMap(Double.init)
        XCTAssertEqual(small[1] - small[0], 2 * 800 / 111_400, accuracy: 1e-4)
        // Any other place is still a point's box.
        let house = Placemark(name: nil, houseNumber: "1", street: "Mannerheimintie", coordinate: centre)
        let point = try XCTUnwrap(NominatimJSON.object(house)["boundingbox"] as? [String]).compactMap(Double.init)
        XCTAssertEqual(point[1] - point[0], 0.0001, accuracy: 1e-7)
    }
}
