import XCTest
import RouteItCore
@testable import RouteItEngine

/// A driver joining a street that runs on through the junction: OSRM's obvious way onto a
/// through street is a turn (`getInstructionForObvious`), said straight only when narrow and the
/// street runs on past 60 m (merge.feature, "Don't Merge on Short-Three Way Intersection").
final class ThroughStreetTurnTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    func testJoiningAThroughStreetIsATurnNotANewName() throws {
        var f = RoadFixture()
        f.node("W", -300, 0); f.node("X", 0, 0); f.node("E", 50, 0); f.node("D", -200, 90)
        f.street(1, ["W", "X", "E"], "Main", highway: "primary")
        f.street(2, ["D", "X"], "Dee", highway: "primary")
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((-180, 81), (45, 0)).first),
                       ["Head southeast on Dee", "Turn slight left onto Main", "Arrive at your destination"])
    }
}
