import Foundation
import XCTest

/// What Nominatim 5 writes that its clients read (checked against Nominatim 5.3.3 on the Helsinki
/// extract): `format=json` is `jsonv2` with `class` for `category`, `place_rank` kept; `/lookup`
/// gives each place's `address` unless `addressdetails=0`. Both were left out here (round 9a #9).
final class NominatimJSONFormatTests: XCTestCase {
    func testJSONKeepsPlaceRankAndLookupGivesTheAddress() throws {
        let server = try ServeProcess(map: try HelsinkiFlowTests.importedMap())
        defer { _ = server.stop() }
        for target in ["/search?q=Annankatu+25&format=json", "/search?q=Kluuvi&format=json&limit=1"] {
            let first = try XCTUnwrap((try server.get(target).json as? [[String: Any]])?.first, target)
            XCTAssertNotNil(first["place_rank"] as? Int, target)
            XCTAssertNotNil(first["class"] as? String, target)
            XCTAssertNil(first["category"], target)
        }
        XCTAssertNotNil(try server.get("/reverse?lat=60.16743&lon=24.93659&format=json").object["place_rank"] as? Int)
        let street = try XCTUnwrap((try server.get("/search?q=Annankatu+25&format=jsonv2&limit=1").json as? [[String: Any]])?.first)
        let id = try XCTUnwrap(street["osm_type"] as? String).prefix(1).uppercased() + "\(try XCTUnwrap(street["osm_id"] as? Int))"
        for format in ["json", "jsonv2"] {
            let found = try XCTUnwrap((try server.get("/lookup?osm_ids=\(id)&format=\(format)").json as? [[String: Any]])?.first, format)
            XCTAssertEqual((found["address"] as? [String: String])?["road"], "Annankatu", format)
        }
        let bare = try XCTUnwrap((try server.get("/lookup?osm_ids=\(id)&format=jsonv2&addressdetails=0").json as? [[String: Any]])?.first)
        XCTAssertNil(bare["address"])
    }
}
