import XCTest
import RouteItCore
@testable import RouteItEngine

/// A map truncated while `routeit serve` answers reads as zeros past the cut: a junction the
/// route passes can then list no ways, and the lane guidance read its turn from the bearings of
/// the ways in and out (an index out of range: the server crashed, once in a few CI runs of
/// `ServeMapChangedTests`). Such a junction has no turn to tell.
final class JunctionWithoutWaysTests: XCTestCase, HandMadeJunctions {
    func testAJunctionListingNoWaysHasNoLaneTurn() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 0, 200)
        f.street(1, ["A", "B"], "Katu", highway: "secondary")
        let engine = try f.build().loadedEngine()
        let guide = ManeuverBuilder(net: engine.net, adjacency: engine.adjacency, mode: .car)
        let empty = RouteIntersection(location: RoadFixture.coordinate(0, 100), distance: 100, bearings: [], entry: [], into: 0, out: 0)
        for maneuver in [nil, Maneuver(kind: .turn, direction: .left, streetName: "Katu")] {
            let turn = guide.laneTurn(empty, maneuver: maneuver)
            XCTAssertTrue(turn.suppressed)
            XCTAssertFalse(turn.left || turn.right)
        }
        // A whole junction still turns as its bearings say.
        let junction = RouteIntersection(location: RoadFixture.coordinate(0, 100), distance: 100, bearings: [0, 90, 180],
                                         entry: [true, true, false], into: 2, out: 1)
        XCTAssertTrue(guide.laneTurn(junction, maneuver: nil).right)
    }
}
