import Foundation
import XCTest

/// Nominatim's structured `/search` (geopy's dict queries) with a `country`: the fields are read in
/// an address's order, so the map's own country is passed over as a typed "…, Finland" is. Joined
/// with the country before the postcode, "25 Annankatu" + 00100 + Finland found nothing and a
/// postcode + Finland found places named "Finland" (round 9a #1: 39 of 40 addresses).
final class ServeStructuredSearchTests: XCTestCase {
    private func search(_ server: ServeProcess, _ query: String) throws -> [[String: Any]] {
        let answer = try server.get("/search?\(query)&format=jsonv2&addressdetails=1")
        XCTAssertEqual(answer.status, 200, query)
        return try XCTUnwrap(answer.json as? [[String: Any]], query)
    }

    func testACountryWithAPostcodeIsTheMapsAndPassedOver() throws {
        let server = try ServeProcess(map: try HelsinkiFlowTests.importedMap())
        defer { _ = server.stop() }
        for query in ["street=25+Annankatu&postalcode=00100&country=Finland", "street=25+Annankatu&postalcode=00100&country=Suomi",
                      "street=25+Annankatu&city=Helsinki&postalcode=00100&country=Finland"] {
            let address = try XCTUnwrap(try search(server, query).first?["address"] as? [String: String], query)
            XCTAssertEqual(address["road"], "Annankatu", query)
            XCTAssertEqual(address["house_number"], "25", query)
        }
        // A postcode and the country: the postcode's area, as Nominatim answers it.
        let postcode = try XCTUnwrap(try search(server, "postalcode=00120&country=Finland").first)
        XCTAssertEqual(postcode["type"] as? String, "postcode")
        XCTAssertEqual((postcode["address"] as? [String: String])?["postcode"], "00120")
    }
}
