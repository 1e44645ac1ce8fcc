import Foundation
import XCTest

/// Nominatim's `featureType` (geopy's `featuretype=`) keeps the place ranks Nominatim keeps for
/// it (city 14-16, settlement 8-20, state 8, country 4), and `layer`, which the map cannot
/// answer, is refused in Nominatim's error shape. Both were accepted and passed over: "Helsinki"
/// as a city gave the city and nine hotels, stations and artworks, "Annankatu" the street
/// (round 9a #12).
final class ServeFeatureTypeTests: XCTestCase {
    private func types(_ server: ServeProcess, _ query: String) throws -> [String] {
        let answer = try server.get("/search?\(query)&format=jsonv2")
        XCTAssertEqual(answer.status, 200, query)
        return try XCTUnwrap(answer.json as? [[String: Any]], query).compactMap { $0["type"] as? String }
    }

    func testFeatureTypeKeepsItsRanksAndLayerIsRefused() throws {
        let server = try ServeProcess(map: try HelsinkiFlowTests.importedMap())
        defer { _ = server.stop() }
        XCTAssertGreaterThan(try types(server, "q=Helsinki").count, 1, "other places are named Helsinki")
        XCTAssertEqual(try types(server, "q=Helsinki&featureType=city"), ["city"])
        XCTAssertEqual(try types(server, "q=Annankatu&featureType=city"), [])
        XCTAssertEqual(try types(server, "q=Kluuvi&featureType=settlement"), ["suburb"])
        XCTAssertEqual(try types(server, "q=Mannerheimintie+9&featureType=country"), [])
        for target in ["/search?q=Annankatu+25&layer=poi", "/reverse?lat=60.16743&lon=24.93659&layer=natural"] {
            let answer = try server.get(target)
            XCTAssertEqual(answer.status, 400, target)
            XCTAssertNotNil((answer.object["error"] as? [String: Any])?["message"] as? String, target)
        }
    }
}
