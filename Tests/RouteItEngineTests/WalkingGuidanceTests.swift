import XCTest
import RouteItCore
@testable import RouteItEngine

/// Walking guidance that follows OSRM's foot.lua answers: forks where two ways ahead are too
/// close to tell apart, and name changes onto the way that obviously goes on.
final class WalkingGuidanceTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    private func point(_ bearing: Double, _ metres: Double) -> (Double, Double) {
        (metres * sin(bearing * .pi / 180), metres * cos(bearing * .pi / 180))
    }

    /// A street going on dead ahead while a branch of it leaves `branch` degrees to the left.
    private func splittingStreet(branch: Double) throws -> OfflineDirections {
        var f = RoadFixture()
        let l = point(-branch, 300)
        f.node("S", 0, -300); f.node("Y", 0, 0); f.node("N", 0, 300); f.node("L", l.0, l.1)
        f.street(1, ["S", "Y"], "Katu")
        f.street(2, ["Y", "N"], "Katu")
        f.street(3, ["Y", "L"], "Katu")
        return try f.build()
    }

    /// 12° apart is too close to tell for OSRM (less than half its 25° fuzzy angle): the walker
    /// is told to keep right; 30° apart the street dead ahead obviously goes on.
    func testAWayTwelveDegreesOffDeadAheadMakesAFork() throws {
        let close = try splittingStreet(branch: 12)
        XCTAssertEqual(instructions(try close.route((0, -200), (0, 250), .walk).first),
                       ["Head north on Katu", "Keep right at the fork onto Katu", "Arrive at your destination"])
        let wide = try splittingStreet(branch: 30)
        XCTAssertEqual(instructions(try wide.route((0, -200), (0, 250), .walk).first),
                       ["Head north on Katu", "Arrive at your destination"])
    }

    /// Aleksanterinkatu ends where Kaivokatu leaves 55° to the right and a side street 130° to
    /// the left: Kaivokatu is where the way obviously goes, so a walker hears a name change
    /// ("Continue onto", folded away when short), not a turn. With the side street only 80° off
    /// neither way is obvious, and it is a turn.
    func testANewNameOnTheObviousWayIsANameChangeForWalkers() throws {
        func junction(side: Double, fromPath: Bool = false) throws -> OfflineDirections {
            var f = RoadFixture()
            let k = point(55, 300), c = point(-side, 200)
            f.node("S", 0, -300); f.node("J", 0, 0); f.node("K", k.0, k.1); f.node("C", c.0, c.1)
            if fromPath {
                f.way(1, ["S", "J"], [("highway", "footway")])
            } else {
                f.street(1, ["S", "J"], "Aleksanterinkatu")
            }
            f.street(2, ["J", "K"], "Kaivokatu")
            f.street(3, ["J", "C"], "Sivukatu")
            return try f.build()
        }
        let target = point(55, 250)
        XCTAssertEqual(instructions(try junction(side: 130).route((0, -200), target, .walk).first),
                       ["Head north on Aleksanterinkatu", "Continue right onto Kaivokatu", "Arrive at your destination"])
        XCTAssertEqual(instructions(try junction(side: 80).route((0, -200), target, .walk).first),
                       ["Head north on Aleksanterinkatu", "Turn right onto Kaivokatu", "Arrive at your destination"])
        // Off an unnamed footway onto the street it is a turn (OSRM names the street it turns onto).
        XCTAssertEqual(instructions(try junction(side: 130, fromPath: true).route((0, -200), target, .walk).first),
                       ["Head north", "Turn right onto Kaivokatu", "Arrive at your destination"])
        // Drivers too: OSRM's obvious way (`findObviousTurn`) is a name change at any angle (real
        // OSRM says "new name right" on this shape, and "turn right" with the side street 90° off).
        XCTAssertEqual(instructions(try junction(side: 130).route((0, -200), target).first),
                       ["Head north on Aleksanterinkatu", "Continue right onto Kaivokatu", "Arrive at your destination"])
    }

    /// Avenue des Diables Bleus (M 2564) becomes Avenue des Diables Bleus (D 2564) for a few
    /// metres, then the name ends and only D 2564 goes on: each change alone is no news, but the
    /// walker left the street that was announced. OSRM says "Continue onto D 2564" at the next
    /// junction.
    func testANewRefTakenOnWithoutAJunctionIsToldAtTheNextOne() throws {
        var f = RoadFixture()
        f.node("A", 0, -400); f.node("B", 0, 0); f.node("C", 0, 10); f.node("J", 0, 200); f.node("N", 0, 500); f.node("W", -200, 200)
        f.street(1, ["A", "B"], "Avenue", highway: "secondary", [("ref", "M 2564")])
        f.street(2, ["B", "C"], "Avenue", highway: "secondary", [("ref", "D 2564")])
        f.way(3, ["C", "J", "N"], [("highway", "secondary"), ("ref", "D 2564")])
        f.street(4, ["J", "W"], "Sivukatu")
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((0, -300), (0, 450), .walk).first),
                       ["Head north on Avenue", "Continue onto D 2564", "Arrive at your destination"])
    }

    /// Vilhonkatu bends 75° right where a service road goes on straight ahead: a service road
    /// never looks as obvious as the street (OSRM's `IsDistinctWideTurn` passes over ways of a
    /// far lesser category), so a walker staying on Vilhonkatu hears nothing there. Had the way
    /// ahead been a street too, the bend would be a turn. OSRM 26.10 (foot.lua) on this junction,
    /// built as an OSM file: no step past the service road, "continue right" past the street.
    func testAStreetBendingPastAServiceRoadIsNoTurnForWalkers() throws {
        func bend(straightAhead: [(String, String)]) throws -> OfflineDirections {
            var f = RoadFixture()
            let e = point(75, 200)
            f.node("S", 0, -200); f.node("B", 0, 0); f.node("E", e.0, e.1); f.node("N", 0, 150)
            f.street(1, ["S", "B", "E"], "Vilhonkatu")
            f.way(2, ["B", "N"], straightAhead)
            return try f.build()
        }
        let target = point(75, 150)
        XCTAssertEqual(instructions(try bend(straightAhead: [("highway", "service")]).route((0, -150), target, .walk).first),
                       ["Head north on Vilhonkatu", "Arrive at your destination"])
        XCTAssertEqual(instructions(try bend(straightAhead: [("highway", "residential"), ("name", "Sivukatu")])
                                        .route((0, -150), target, .walk).first),
                       ["Head north on Vilhonkatu", "Turn right to stay on Vilhonkatu", "Arrive at your destination"])
    }

    /// A footway and a named square's outline drawn between the same two junctions are one
    /// stretch, named after the square whichever way comes first (OSRM keeps one of parallel
    /// segments, the named one at equal time). OSRM 26.10 (foot.lua) on this network built as an
    /// OSM file, in both orders: "Alku", new name "Aukio", new name "Loppu", and no fork.
    func testAFootwayDrawnOverASquaresOutlineIsOneStretchNamedAfterTheSquare() throws {
        for squareFirst in [false, true] {
            var f = RoadFixture()
            f.node("S", 0, -200); f.node("A", 0, 0); f.node("B", 0, 250); f.node("E", 0, 450)
            f.node("W", -150, 50); f.node("X", 150, 300)
            f.way(1, ["S", "A"], [("highway", "footway"), ("name", "Alku")])
            let footway: [(String, String)] = [("highway", "footway")]
            let square: [(String, String)] = [("highway", "pedestrian"), ("name", "Aukio")]
            f.way(2, ["A", "B"], squareFirst ? square : footway)
            f.way(3, ["A", "B"], squareFirst ? footway : square)
            f.way(4, ["B", "E"], [("highway", "footway"), ("name", "Loppu")])
            f.way(5, ["A", "W"], [("highway", "footway"), ("name", "Sivu")])
            f.way(6, ["B", "X"], [("highway", "footway"), ("name", "Toinen")])
            let d = try f.build()
            XCTAssertEqual(instructions(try d.route((0, -150), (0, 400), .walk).first),
                           ["Head north on Alku", "Continue onto Aukio", "Continue onto Loppu", "Arrive at your destination"],
                           "square first: \(squareFirst)")
        }
    }

    /// A footway leaves 30° right and curves away to 75° after its first 10 m: at the split it
    /// is one side of a fork, as OSRM reads its bearings there. OSRM 26.10 (foot.lua) on this
    /// network built as an OSM file: "fork slight left" for the walker taking the other way.
    func testAWayCurvingAwayPastItsFirstMetresStillMakesAFork() throws {
        var f = RoadFixture()
        let left = point(-30, 200), bend = point(30, 10), away = point(75, 150)
        f.node("S", 0, -200); f.node("J", 0, 0); f.node("L", left.0, left.1)
        f.node("R1", bend.0, bend.1); f.node("R2", bend.0 + away.0, bend.1 + away.1)
        f.way(1, ["S", "J"], [("highway", "footway")])
        f.way(2, ["J", "L"], [("highway", "footway")])
        f.way(3, ["J", "R1", "R2"], [("highway", "footway")])
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((0, -150), point(-30, 150), .walk).first),
                       ["Head north", "Keep left at the fork", "Arrive at your destination"])
    }

    /// Two platforms with only a ref ("12", "11") drawn over one edge: OSRM compares the parallel
    /// ways by name alone, empty for both, so the older way ("12") is kept, and the edge dropped
    /// is no road at the junction. Arriving on "12" and going on south onto "11", "11" is then no
    /// through street (its only other branch bends off 70°): a short name change, folded away
    /// (Helsinki's platforms 12 and 11: "Head south on 12 (339 m)", no "Continue onto 11").
    func testTheOlderOfTwoRefOnlyPlatformsOverOneEdgeIsKeptAndTheOtherIsNoRoad() throws {
        var f = RoadFixture()
        f.node("A", -20, 200); f.node("J", 0, 0); f.node("N", 0, 300); f.node("S", 0, -60); f.node("E", 50, 20)
        let platform: (String) -> [(String, String)] = { [("railway", "platform"), ("public_transport", "platform"), ("ref", $0)] }
        f.way(1, ["A", "J"], platform("12"))
        f.way(2, ["J", "N"], platform("12"))
        f.way(3, ["N", "J"], platform("11"))
        f.way(4, ["J", "S"], platform("11"))
        f.way(5, ["J", "E"], platform("11"))
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((-18, 180), (0, -55), .walk).first),
                       ["Head south on 12", "Arrive at your destination"])
    }

    /// A walker turns off a street onto an unnamed footway that runs straight into a named one
    /// `footway` metres on, and stops 6 m along that. OSRM folds the turn into the name change
    /// only within 1.5 times foot.lua's 10 m `max_collapse_distance` ("Turn right onto Polku");
    /// further on the turn stays unnamed and the short name change after it is dropped.
    func testAnUnnamedFootwayTakesTheNameAheadOnlyWithinFifteenMetres() throws {
        for (footway, told) in [(12.0, "Turn right onto Polku"), (25.0, "Turn right")] {
            var f = RoadFixture()
            f.node("S", 0, -100); f.node("J", 0, 0); f.node("N", 0, 100)
            f.node("K", footway, 0); f.node("P", footway + 50, 0); f.node("D", footway, -50)
            f.street(1, ["S", "J"], "Katu")
            f.street(2, ["J", "N"], "Katu")
            f.way(3, ["J", "K"], [("highway", "footway")])
            f.way(4, ["K", "P"], [("highway", "footway"), ("name", "Polku")])
            f.way(5, ["K", "D"], [("highway", "footway")])
            let d = try f.build()
            XCTAssertEqual(instructions(try d.route((0, -80), (footway + 6, 0), .walk).first),
                           ["Head north on Katu", told, "Arrive at your destination"], "footway \(footway) m")
        }
    }

    /// A walker heading 319° jogs 54° left onto a 2.3 m footway and 56° right onto Polku (as at
    /// Yrjönkäytävä in Helsinki). OSRM reads a staggered crossing's turns between bearings
    /// rounded to 15°: 45° and 45° here, not strictly between 45° and 135°, so the two turns
    /// stay two and Polku is named; read unrounded they would fold into one unnamed turn.
    func testAJogReadAsOSRMRoundsItsBearingsStaysTwoTurns() throws {
        var f = RoadFixture()
        let heading = 319.0, jog = point(heading - 54, 2.3)
        let back = point(heading + 180, 60), aside = point(heading + 90, 30)
        let polku = point(heading - 54 + 56, 40), other = point(heading - 54 - 30, 30)
        f.node("S", back.0, back.1); f.node("A", 0, 0); f.node("E", aside.0, aside.1)
        f.node("B", jog.0, jog.1); f.node("C", jog.0 + polku.0, jog.1 + polku.1); f.node("W", jog.0 + other.0, jog.1 + other.1)
        f.way(1, ["S", "A"], [("highway", "footway")])
        f.way(2, ["A", "E"], [("highway", "footway")])
        f.way(3, ["A", "B"], [("highway", "footway")])
        f.way(4, ["B", "C"], [("highway", "footway"), ("name", "Polku")])
        f.way(5, ["B", "W"], [("highway", "footway")])
        let d = try f.build()
        let start = point(heading + 180, 40), end = point(heading - 54 + 56, 30)
        XCTAssertEqual(instructions(try d.route(start, (jog.0 + end.0, jog.1 + end.1), .walk).first),
                       ["Head northwest", "Turn left", "Turn right onto Polku", "Arrive at your destination"])
    }

    /// A walker on a footway crossing Katu turns left along it, passes Sivu joining 6 m on and
    /// turns right onto another footway 6 m further (Unioninkatu in Helsinki). OSRM folds the
    /// two turns either side of a junction passed straight on into one
    /// (`suppressedStraightBetweenTurns`), onto the way the second turn takes.
    func testTwoTurnsEitherSideOfAJunctionPassedStraightOnAreOne() throws {
        var f = RoadFixture()
        f.node("E", 60, 0); f.node("A", 0, 0); f.node("X", -60, 0)
        f.node("N", 0, 100); f.node("B", 0, -6); f.node("C", 0, -12); f.node("S", 0, -100)
        f.node("R", 80, -6); f.node("W", -60, -12)
        f.way(1, ["E", "A", "X"], [("highway", "footway")])
        f.street(2, ["N", "A", "B", "C", "S"], "Katu")
        f.street(3, ["B", "R"], "Sivu")
        f.way(4, ["C", "W"], [("highway", "footway")])
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((40, 0), (-40, -12), .walk).first),
                       ["Head west", "Turn left", "Arrive at your destination"])
    }
}
