import Foundation
import XCTest

/// `/search`'s `limit` as Nominatim 5 reads it: a whole number clamped to 1...50, anything else a
/// 400 ("must be a number"). 0 and -1 were a 400 here, where Nominatim answers one place (round 9a #9).
final class ServeSearchLimitTests: XCTestCase {
    func testLimitIsClampedAsNominatimClampsIt() throws {
        let server = try ServeProcess(map: try HelsinkiFlowTests.importedMap())
        defer { _ = server.stop() }
        func count(_ limit: String) throws -> Int? {
            let answer = try server.get("/search?q=ravintola&limit=\(limit)&format=jsonv2")
            return answer.status == 200 ? (answer.json as? [[String: Any]])?.count : nil
        }
        for limit in ["0", "-1", "1"] { XCTAssertEqual(try count(limit), 1, limit) }
        XCTAssertGreaterThan(try XCTUnwrap(try count("50")), 10)
        for bad in ["abc", "2.5", ""] {
            let answer = try server.get("/search?q=ravintola&limit=\(bad)&format=jsonv2")
            XCTAssertEqual(answer.status, 400, bad)
            XCTAssertEqual((answer.object["error"] as? [String: Any])?["message"] as? String, "Parameter 'limit' must be a number.", bad)
        }
    }
}
