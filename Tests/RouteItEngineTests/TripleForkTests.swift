import XCTest
import RouteItCore
@testable import RouteItEngine

/// OSRM's three-way fork (`findFork` with three candidates): three ways ahead, none obvious,
/// one of them within NARROW_TURN_ANGLE (40°) of straight on.
final class TripleForkTests: XCTestCase, HandMadeJunctions {
    /// Runko comes north into Y, which Vasen leaves 44° left, Keski 37° right and Oikea 44°
    /// right: Keski goes on within 40° of straight, so taking it is the fork's middle way.
    func testThreeWaysAheadForkWhenOneIsWithinTheNarrowTurnAngle() throws {
        var f = RoadFixture()
        // `point` reads degrees counterclockwise from east: north is 90°.
        let l = point(300, 90 + 44), m = point(300, 90 - 37), r = point(300, 90 - 44)
        f.node("S", 0, -300); f.node("Y", 0, 0); f.node("L", l.0, l.1); f.node("M", m.0, m.1); f.node("R", r.0, r.1)
        f.street(1, ["S", "Y"], "Runko")
        f.street(2, ["Y", "L"], "Vasen")
        f.street(3, ["Y", "M"], "Keski")
        f.street(4, ["Y", "R"], "Oikea")
        let (guide, all) = try junctions(try f.build(), (0, -250), (m.0 * 0.8, m.1 * 0.8))
        let y = try junction(leaving: "Runko", all)
        XCTAssertEqual(guide.tripleForkSide(at: y), .straight)
    }
}
