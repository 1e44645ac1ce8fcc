import Foundation
import XCTest
import RouteItSQLite
import RouteItTestSupport

/// Nominatim's `osm_type` and `osm_id` in `geocode --json`, `reverse --json` and `routeit
/// serve`'s /search, /reverse and /lookup, on a map of Tests/Fixtures/osm-ids.osm (ids from the
/// file); a map imported before the ids were kept answers without them, not with zeros.
final class NominatimOSMIDTests: XCTestCase {
    private static let fixture = RouteItProcess.packageRoot.appendingPathComponent("Tests/Fixtures/osm-ids.osm").path
    nonisolated(unsafe) private static var directory: URL!

    override class func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    /// The fixture imported once with `routeit import`.
    private func map() throws -> String {
        if Self.directory == nil { Self.directory = try TestFiles.processDirectory("nominatim-osm-id-tests") }
        let map = Self.directory.appendingPathComponent("ids.routeit").path
        if !FileManager.default.fileExists(atPath: map) {
            let result = try RouteItProcess.run(["import", Self.fixture, "-o", map], timeout: 120)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        return map
    }

    private func json(_ arguments: [String], map: String) throws -> Any {
        let result = try RouteItProcess.run(arguments + ["--json", "--map", map],
                                            environment: ["ROUTEIT_DIRECTIONS": "", "ROUTEIT_GEOCODER": ""], timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: .fragmentsAllowed)
    }

    private func ids(_ place: Any?) -> [String]? {
        guard let place = place as? [String: Any], let type = place["osm_type"] as? String, let id = place["osm_id"] as? Int else { return nil }
        return [type, String(id)]
    }

    func testToolsAndServerNameTheOSMObjects() throws {
        let map = try map()
        XCTAssertEqual(ids((try json(["geocode", "Testiapteekki"], map: map) as? [Any])?.first), ["node", "9001"])
        XCTAssertEqual(ids((try json(["geocode", "Testipuisto"], map: map) as? [Any])?.first), ["relation", "7001"])
        XCTAssertEqual(ids(try json(["reverse", "60.17115", "24.94125"], map: map)), ["way", "5003"])

        let server = try ServeProcess(map: map)
        let search = try server.get("/search?q=Testikatu%205&format=jsonv2")
        XCTAssertEqual(ids((search.json as? [Any])?.first), ["way", "5003"], String(decoding: search.body, as: UTF8.self))
        let street = try server.get("/search?q=Testikatu&format=json")
        XCTAssertEqual(ids((street.json as? [Any])?.first), ["way", "5001"])
        XCTAssertEqual(ids(try server.get("/reverse?lat=60.17115&lon=24.94125&format=jsonv2").object), ["way", "5003"])
        let features = try server.get("/search?q=Testiapteekki&format=geojson").object["features"] as? [[String: Any]]
        XCTAssertEqual(ids(features?.first?["properties"]), ["node", "9001"])
        // Nominatim's lookup by OSM id: the places asked for that the map has, in the order asked.
        let looked = try server.get("/lookup?osm_ids=R7001,N9001,W999&format=jsonv2").json as? [Any]
        XCTAssertEqual(looked?.map { ids($0) ?? [] }, [["relation", "7001"], ["node", "9001"]])
        _ = server.stop()
    }

    func testAMapWithoutIDsAnswersWithoutTheFields() throws {
        let map = try map()
        let old = Self.directory.appendingPathComponent("old.routeit").path
        try? FileManager.default.removeItem(atPath: old)
        try FileManager.default.copyItem(atPath: map, toPath: old)
        try SQLiteDatabase(path: old, mode: .readWrite).execute("ALTER TABLE place DROP COLUMN osm")
        let found = try XCTUnwrap((try json(["geocode", "Testiapteekki"], map: old) as? [[String: Any]])?.first)
        XCTAssertEqual(found["name"] as? String, "Testiapteekki")
        XCTAssertNil(found["osm_type"])
        XCTAssertNil(found["osm_id"])
        let server = try ServeProcess(map: old)
        let search = try XCTUnwrap((try server.get("/search?q=Testiapteekki").json as? [[String: Any]])?.first)
        XCTAssertEqual(search["name"] as? String, "Testiapteekki")
        XCTAssertNil(search["osm_id"])
        XCTAssertEqual((try server.get("/lookup?osm_ids=N9001").json as? [Any])?.count, 0)
        _ = server.stop()
    }
}
