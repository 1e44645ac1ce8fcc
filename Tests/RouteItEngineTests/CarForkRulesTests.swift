import XCTest
import RouteItCore
@testable import RouteItEngine

/// When a driver's split is a fork, as OSRM's `findFork` and `isObviousOfTwo` decide it. Each
/// expectation is what OSRM 26.10 with car.lua answered on the same network built as an OSM file.
final class CarForkRulesTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    private func point(_ degrees: Double, _ metres: Double) -> (Double, Double) {
        (metres * sin(degrees * .pi / 180), metres * cos(degrees * .pi / 180))
    }

    /// Main goes on dead ahead and Branch leaves 35° right: Main is obvious (Branch bends off more
    /// than 1.4 times as much, and by more than 25°), so taking Branch is a turn, not a fork.
    func testABranchBendingOffMuchMoreIsATurn() throws {
        var f = RoadFixture()
        let b = point(35, 300)
        f.node("S", 0, -300); f.node("X", 0, 0); f.node("N", 0, 300); f.node("B", b.0, b.1)
        f.street(1, ["S", "X"], "Main", highway: "primary")
        f.street(2, ["X", "N"], "Main", highway: "primary")
        f.street(3, ["X", "B"], "Branch", highway: "primary")
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((0, -290), (b.0 * 0.9, b.1 * 0.9)).first),
                       ["Head north on Main", "Turn slight right onto Branch", "Arrive at your destination"])
    }

    /// Left and Right split 25° either side: a fork when the next way round (Third) is 90° off,
    /// two turns when it is 55° off, within 60° of the pair.
    func testAForkStandsApartFromTheJunctionsOtherWays() throws {
        for (third, fork) in [(90.0, true), (55.0, false)] {
            var f = RoadFixture()
            let l = point(-25, 300), r = point(25, 300), t = point(third, 300)
            f.node("S", 0, -300); f.node("X", 0, 0); f.node("L", l.0, l.1); f.node("R", r.0, r.1); f.node("T", t.0, t.1)
            f.street(1, ["S", "X"], "Main", highway: "primary")
            f.street(2, ["X", "L"], "Left", highway: "primary")
            f.street(3, ["X", "R"], "Right", highway: "primary")
            f.street(4, ["X", "T"], "Third", highway: "primary")
            let d = try f.build()
            XCTAssertEqual(instructions(try d.route((0, -290), (l.0 * 0.9, l.1 * 0.9)).first),
                           ["Head north on Main", fork ? "Keep left at the fork onto Left" : "Turn slight left onto Left",
                            "Arrive at your destination"], "third way \(third)°")
            XCTAssertEqual(instructions(try d.route((0, -290), (r.0 * 0.9, r.1 * 0.9)).first),
                           ["Head north on Main", fork ? "Keep right at the fork onto Right" : "Turn slight right onto Right",
                            "Arrive at your destination"], "third way \(third)°")
        }
    }
    /// Erna, a secondary road, bends 15° left and a residential street leaves 25° right: OSRM
    /// finds Erna obvious and forks nowhere there, so the street is a turn (turn-angles.feature,
    /// "Curved Exit from Curved Road").
    func testALesserStreetBesideTheObviousWayIsATurnNotAFork() throws {
        var f = RoadFixture()
        let e = point(-15, 300), r = point(25, 300)
        f.node("S", 0, -300); f.node("X", 0, 0); f.node("E", e.0, e.1); f.node("R", r.0, r.1)
        f.street(1, ["S", "X", "E"], "Erna", highway: "secondary")
        f.street(2, ["X", "R"], "Siemens", highway: "residential")
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((0, -290), (r.0 * 0.9, r.1 * 0.9)).first),
                       ["Head north on Erna", "Turn slight right onto Siemens", "Arrive at your destination"])
    }
    /// Four roads meet: Main (secondary) goes on 15° left, Side (tertiary) leaves 15° right and
    /// Back (tertiary) comes in from behind. OSRM forks only between roads of like rank there
    /// (`canBeSeenAsFork`), so Main goes on without a step and Side is a slight turn
    /// (fork.feature, "Non-Fork on complex intersection").
    func testAtAFourWayJunctionAForkOfUnequalRoadsIsNoFork() throws {
        var f = RoadFixture()
        let m = point(-15, 300), s = point(15, 300), back = point(-130, 200)
        f.node("S", 0, -300); f.node("X", 0, 0); f.node("M", m.0, m.1); f.node("D", s.0, s.1); f.node("B", back.0, back.1)
        f.street(1, ["S", "X", "M"], "Main", highway: "secondary")
        f.street(2, ["X", "D"], "Side", highway: "tertiary")
        f.street(3, ["B", "X"], "Back", highway: "tertiary")
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((0, -290), (s.0 * 0.9, s.1 * 0.9)).first),
                       ["Head north on Main", "Turn slight right onto Side", "Arrive at your destination"])
        XCTAssertEqual(instructions(try d.route((0, -290), (m.0 * 0.9, m.1 * 0.9)).first),
                       ["Head north on Main", "Arrive at your destination"])
    }
    /// Three secondary roads of other names go on 6° left, straight and 6° right: none bends off
    /// distinctly, so none is obvious and each is a side of a three-way fork (fork.feature,
    /// "Tripple fork").
    func testThreeWaysAheadWithNoneObviousAreAThreeWayFork() throws {
        var f = RoadFixture()
        let l = point(-6, 300), m = point(0, 300), r = point(6, 300)
        f.node("S", 0, -300); f.node("X", 0, 0); f.node("L", l.0, l.1); f.node("M", m.0, m.1); f.node("R", r.0, r.1)
        f.street(1, ["S", "X"], "Main", highway: "secondary")
        f.street(2, ["X", "L"], "Left", highway: "secondary")
        f.street(3, ["X", "M"], "Middle", highway: "secondary")
        f.street(4, ["X", "R"], "Right", highway: "secondary")
        let d = try f.build()
        for (to, says) in [(l, "Keep left at the fork onto Left"), (m, "Keep straight at the fork onto Middle"),
                           (r, "Keep right at the fork onto Right")] {
            XCTAssertEqual(instructions(try d.route((0, -290), (to.0 * 0.9, to.1 * 0.9)).first),
                           ["Head north on Main", says, "Arrive at your destination"])
        }
    }
    /// Prenz, a one-way trunk road, goes on as an unnamed motorway while its slip road leaves 20°
    /// right: going on is no fork, onto a greater road as onto its own class
    /// (obvious-turn-discovery.feature, "Trunk Turning into Motorway").
    func testATrunkGoingOnAsAMotorwayPastItsSlipRoadIsNoFork() throws {
        var f = RoadFixture()
        let r = point(110, 300)
        f.node("W", -300, 0); f.node("X", 0, 0); f.node("E", 300, 0); f.node("R", r.0, r.1)
        f.street(1, ["W", "X"], "Prenz", highway: "trunk", [("oneway", "yes")])
        f.way(2, ["X", "E"], [("highway", "motorway"), ("oneway", "yes")])
        f.way(3, ["X", "R"], [("highway", "trunk_link"), ("oneway", "yes")])
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((-290, 0), (270, 0)).first), ["Head east on Prenz", "Arrive at your destination"])
    }

    /// Two one-ways split at X: Outer starts dead ahead and then swings hard right, Inner starts
    /// off to the right and curves back left, so read further along Outer lies right of Inner.
    /// OSRM keeps the order the ways start in: Outer is the left side of the fork, Inner the
    /// right (turn.feature, "Turns ordering must respect initial bearings").
    func testAForkKeepsTheOrderItsWaysStartIn() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("X", 40, 0); f.node("E", 50, 0); f.node("F", 120, -20); f.node("G", 160, -20)
        f.node("C", 80, -10); f.node("D", 50, -20)
        f.street(1, ["A", "X"], "In", highway: "primary", [("oneway", "yes")])
        f.street(2, ["X", "E", "F", "G"], "Outer", highway: "primary", [("oneway", "yes")])
        f.street(3, ["X", "C", "D"], "Inner", highway: "primary", [("oneway", "yes")])
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((1, 0), (159, -20)).first),
                       ["Head east on In", "Keep left at the fork onto Outer", "Arrive at your destination"])
        XCTAssertEqual(instructions(try d.route((1, 0), (51, -20)).first),
                       ["Head east on In", "Keep right at the fork onto Inner", "Arrive at your destination"])
    }
}
