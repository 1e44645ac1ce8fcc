import Foundation
import XCTest

/// A U-turn step's `name` is the road the car comes back on, as OSRM names it: the JSON read the
/// step's maneuver back from its sentence, and "Make a U-turn" named no road, so the step was
/// nameless ("", 17 of 18 U-turns on 98 random Helsinki car routes, round 9a #7); now the
/// sentence names it too. Here the car turns round from Kaivokatu's one carriageway into the
/// other by Keskuskatu's short piece.
final class ServeUTurnNameTests: XCTestCase {
    func testAUTurnNamesTheRoadItComesBackOn() throws {
        let server = try ServeProcess(map: try HelsinkiFlowTests.importedMap())
        defer { _ = server.stop() }
        let answer = try server.get("/route/v1/driving/24.944413,60.171192;24.947380,60.176620?steps=true")
        XCTAssertEqual(answer.status, 200)
        let steps = try XCTUnwrap(((answer.object["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])
        let uTurn = try XCTUnwrap(steps.first { ($0["maneuver"] as? [String: Any])?["modifier"] as? String == "uturn" }, "\(steps)")
        XCTAssertEqual(uTurn["name"] as? String, "Kaivokatu")
        XCTAssertEqual((uTurn["routeit"] as? [String: Any])?["instruction"] as? String, "Make a U-turn onto Kaivokatu")
    }
}
