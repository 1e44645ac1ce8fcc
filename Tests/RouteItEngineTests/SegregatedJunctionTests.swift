import XCTest
import RouteItCore
@testable import RouteItEngine

/// Two divided roads crossing: the 20 m pieces between their carriageways are inside the
/// junction (OSRM's segregated edges), so a route through it is one maneuver said where it
/// enters (OSRM's `collapseSegregatedTurnInstructions`, collapse.feature "Segregated
/// Intersection, Cross Belonging to Mixed Streets").
final class SegregatedJunctionTests: XCTestCase {
    private let b = (10.0, 10.0)

    /// First runs east–west (north carriageway westbound), Second north–south (west
    /// carriageway southbound); the pieces inside the junction are named as in OSRM's scenario,
    /// bc and cf Second, gb First.
    private func junction() throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("a", 300, 10); f.node("b", 10, 10); f.node("c", -10, 10); f.node("d", -300, 10)
        f.node("e", -300, -10); f.node("f", -10, -10); f.node("g", 10, -10); f.node("h", 300, -10)
        f.node("i", -10, 300); f.node("l", 10, 300); f.node("j", -10, -300); f.node("k", 10, -300)
        let oneway = [("oneway", "yes")]
        for (id, (nodes, name)) in [(["a", "b"], "First"), (["b", "c"], "Second"), (["c", "d"], "First"),
                                    (["e", "f"], "First"), (["f", "g"], "First"), (["g", "h"], "First"),
                                    (["i", "c"], "Second"), (["b", "l"], "Second"), (["k", "g"], "Second"),
                                    (["f", "j"], "Second"), (["c", "f"], "Second"), (["g", "b"], "First")].enumerated() {
            f.street(Int64(id + 1), nodes, name, highway: "primary", oneway)
        }
        return try f.build()
    }

    func testTurningBackAcrossTheJunctionIsOneUTurn() throws {
        let route = try junction().route((250, 10), (250, -10)).first
        XCTAssertEqual(route?.steps.map(\.instruction), ["Head west on First", "Make a U-turn onto First", "Arrive at your destination"])
    }

    func testATurnThroughTheJunctionIsSaidWhereTheRouteEntersIt() throws {
        let route = try XCTUnwrap(try junction().route((250, 10), (-10, -250)).first)
        XCTAssertEqual(route.steps.map(\.instruction), ["Head west on First", "Turn left onto Second", "Arrive at your destination"])
        let at = try XCTUnwrap(route.steps[1].polyline.first)
        XCTAssertLessThan(Geodesy.distance(at, RoadFixture.coordinate(b.0, b.1)), 1, "said at the junction's first carriageway")
    }
}

/// A jog across a staggered crossing longer than OSRM's 3 m: the piece between is another
/// street, so both turns are said (staggered-intersections.feature "do not collapse if long
/// segment in between"), as OSRM keeps them.
final class StaggeredCrossingTests: XCTestCase {
    func testTurnsOntoAndOffAnotherStreetAreBothSaid() throws {
        var f = RoadFixture()
        f.node("a", -300, 0); f.node("c", 0, 0); f.node("j", 0, 100)
        f.node("e", 0, -6); f.node("i", 0, -300); f.node("g", 300, -6)
        f.street(1, ["a", "c"], "Oak St")
        f.street(2, ["j", "c", "e", "i"], "Cedar Dr")
        f.street(3, ["e", "g"], "Oak St")
        let steps = try f.build().route((-250, 0), (250, -6)).first?.steps.map(\.instruction)
        XCTAssertEqual(steps, ["Head east on Oak St", "Turn right onto Cedar Dr", "Turn left onto Oak St", "Arrive at your destination"])
    }
}
