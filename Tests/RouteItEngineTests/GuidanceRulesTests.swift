import XCTest
import RouteItCore
@testable import RouteItEngine

/// The steps read like OSRM's: forks say which side to keep to, short name changes and
/// connectors fold away, U-turns only where the route really turns back, no roundabout exits
/// for walkers.
final class GuidanceRulesTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    /// A road from the south splitting into two roads of its class, 25° either side.
    func testAForkSaysWhichSideToKeepTo() throws {
        var f = RoadFixture()
        f.node("S", 0, -300); f.node("Y", 0, 0)
        f.node("L", -300 * sin(25 * .pi / 180), 300 * cos(25 * .pi / 180))
        f.node("R", 300 * sin(25 * .pi / 180), 300 * cos(25 * .pi / 180))
        f.street(1, ["S", "Y"], "Runko", highway: "secondary")
        f.street(2, ["Y", "L"], "Vasen", highway: "secondary")
        f.street(3, ["Y", "R"], "Oikea", highway: "secondary")
        let d = try f.build()
        let left = try d.route((0, -200), (-300 * sin(25 * .pi / 180) * 0.8, 300 * cos(25 * .pi / 180) * 0.8))
        XCTAssertEqual(instructions(left.first), ["Head north on Runko", "Keep left at the fork onto Vasen", "Arrive at your destination"])
        let right = try d.route((0, -200), (300 * sin(25 * .pi / 180) * 0.8, 300 * cos(25 * .pi / 180) * 0.8), .walk)
        XCTAssertEqual(instructions(right.first), ["Head north on Runko", "Keep right at the fork onto Oikea", "Arrive at your destination"])
    }

    /// A motorway going on straight with an exit ramp 20° to the right: taking the ramp is
    /// OSRM's `off ramp slight right`, staying on the motorway says nothing.
    func testARampIsKeptToAndTheMotorwayGoesOnSilently() throws {
        var f = RoadFixture()
        f.node("S", 0, -1000); f.node("X", 0, 0); f.node("N", 0, 1000)
        f.node("R", 400 * sin(20 * .pi / 180), 400 * cos(20 * .pi / 180))
        f.street(1, ["S", "X"], "Länsiväylä", highway: "motorway")
        f.street(2, ["X", "N"], "Länsiväylä", highway: "motorway")
        f.street(3, ["X", "R"], "Ramppi", highway: "motorway_link")
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((0, -800), (400 * sin(20 * .pi / 180) * 0.9, 400 * cos(20 * .pi / 180) * 0.9)).first),
                       ["Head north on Länsiväylä", "Take the exit slightly right onto Ramppi", "Arrive at your destination"])
        XCTAssertEqual(instructions(try d.route((0, -800), (0, 800)).first), ["Head north on Länsiväylä", "Arrive at your destination"])
    }

    /// A T junction is a turn, not a fork (with no junction before it, not OSRM's end of road).
    func testATJunctionIsATurn() throws {
        var f = RoadFixture()
        f.node("S", 0, -300); f.node("T", 0, 0); f.node("W", -300, 0); f.node("E", 300, 0)
        f.street(1, ["S", "T"], "Runko")
        f.street(2, ["W", "T", "E"], "Poikki")
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((0, -200), (-200, 0)).first),
                       ["Head north on Runko", "Turn left onto Poikki", "Arrive at your destination"])
    }

    /// Aleksanterinkatu, then 60 m of Bridge, then Aleksanterinkatu again, then Pitkäkatu after
    /// 400 m: the short name in the middle is not worth a step; a long one is.
    func testShortNameChangesFoldAway() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 300, 0); f.node("C", 360, 0); f.node("D", 660, 0); f.node("E", 1060, 0)
        f.street(1, ["A", "B"], "Aleksanterinkatu")
        f.street(2, ["B", "C"], "Silta")
        f.street(3, ["C", "D"], "Aleksanterinkatu")
        f.street(4, ["D", "E"], "Pitkäkatu")
        let d = try f.build()
        for mode in TransportType.allCases {
            let route = try XCTUnwrap(d.route((10, 0), (1000, 0), mode).first)
            XCTAssertEqual(instructions(route), ["Head east on Aleksanterinkatu", "Continue onto Pitkäkatu", "Arrive at your destination"],
                           "\(mode)")
            XCTAssertEqual(route.steps.reduce(0) { $0 + $1.distance }, route.distance, accuracy: 1e-6)
        }
    }

    /// The divided road of `RoutingFixtureTests`: walkers crossing the 20 m link between the
    /// carriageways make two turns, not a U-turn; cars turning back onto the same road do.
    func testOnlyACarTurningBackOntoTheSameRoadMakesAUTurn() throws {
        let f = RoadFixture.dividedRoad
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((10, 100), (-10, 300)).first),
                       ["Head north on Mannerheimintie", "Make a U-turn onto Mannerheimintie", "Arrive at your destination"])
        let walk = try XCTUnwrap(d.route((10, 100), (-10, 300), .walk).first)
        XCTAssertFalse(instructions(walk).contains { $0.contains("U-turn") }, "\(instructions(walk))")
        XCTAssertEqual(walk.distance, RoadFixture.measured([(10, 100), (10, 500), (-10, 500), (-10, 300)]), accuracy: 1)
    }

    /// The roundabout of `RoutingFixtureTests`: drivers count exits, walkers just walk round.
    func testWalkersGetNoRoundaboutSteps() throws {
        var f = RoadFixture()
        let ring = f.ringNodes(radius: 30)
        f.node("s", 0, -130); f.node("n", 0, 130); f.node("e", 130, 0)
        f.way(1, ring, [("highway", "primary"), ("junction", "roundabout"), ("name", "Kiertoliittymä")])
        f.street(2, ["s", "r6"], "Etelä"); f.street(3, ["r2", "n"], "Pohjoinen"); f.street(4, ["r0", "e"], "Itä")
        let d = try f.build()
        XCTAssertTrue(instructions(try d.route((0, -100), (0, 100)).first).contains { $0.hasPrefix("Enter Kiertoliittymä and take the") })
        let walk = try XCTUnwrap(d.route((0, -100), (0, 100), .walk).first)
        XCTAssertFalse(instructions(walk).contains { $0.contains("roundabout") }, "\(instructions(walk))")
        XCTAssertTrue(instructions(walk).contains { $0.hasSuffix("onto Pohjoinen") }, "\(instructions(walk))")
    }

    /// An unnamed road bending 90° where only a driveway leaves says nothing: the road obviously
    /// goes on; a real choice between two unnamed roads is a turn.
    func testObviousBendsAreSilent() throws {
        var f = RoadFixture()
        f.node("S", 0, -300); f.node("K", 0, 0); f.node("E", 300, 0); f.node("P", -60, 0); f.node("N", 0, 300)
        f.way(1, ["S", "K"], [("highway", "unclassified")])
        f.way(2, ["K", "E"], [("highway", "unclassified")])
        f.way(3, ["K", "P"], [("highway", "service")])
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((0, -200), (200, 0)).first), ["Head north", "Arrive at your destination"])
        f.way(4, ["K", "N"], [("highway", "unclassified")])
        let choice = try f.build()
        XCTAssertEqual(instructions(try choice.route((0, -200), (200, 0)).first), ["Head north", "Turn right", "Arrive at your destination"])
    }

    /// A road whose name stays while its ref changes, then whose name ends while the ref stays
    /// (Route de Laghet, M 2204 A → D 2204 A → unnamed D 2204 A), is one road: OSRM announces
    /// nothing. A ref-only road gaining a name under the same ref is the same road too; a new
    /// name under another ref is announced.
    func testANameOrARefThatStaysIsTheSameRoad() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 400, 0); f.node("C", 800, 0); f.node("D", 1200, 0)
        f.street(1, ["A", "B"], "Route de Laghet", highway: "secondary", [("ref", "M 2204 A")])
        f.street(2, ["B", "C"], "Route de Laghet", highway: "secondary", [("ref", "D 2204 A")])
        f.way(3, ["C", "D"], [("highway", "secondary"), ("ref", "D 2204 A")])
        let d = try f.build()
        for mode in TransportType.allCases {
            XCTAssertEqual(instructions(try d.route((20, 0), (1150, 0), mode).first),
                           ["Head east on Route de Laghet", "Arrive at your destination"], "\(mode)")
        }

        var g = RoadFixture()
        g.node("A", 0, 0); g.node("B", 400, 0); g.node("C", 800, 0); g.node("D", 1200, 0)
        g.way(1, ["A", "B"], [("highway", "trunk"), ("ref", "A 500")])
        g.street(2, ["B", "C"], "Tunnel de Monaco", highway: "trunk", [("ref", "A 500")])
        g.street(3, ["C", "D"], "Moyenne Corniche", highway: "trunk", [("ref", "M 6007")])
        let e = try g.build()
        XCTAssertEqual(instructions(try e.route((20, 0), (1150, 0)).first),
                       ["Head east on A 500", "Continue onto Moyenne Corniche", "Arrive at your destination"])
    }

    /// A walker turning onto a side street and off it again 9 m on, back onto the street they
    /// were on (Mikonkatu, left onto Kaivokatu for 9 m, right onto Mikonkatu), hears both turns
    /// as OSRM's foot profile says them (its `max_collapse_distance` keeps short crossings);
    /// so does a driver, as OSRM folds only a staggered crossing under 3 m
    /// (staggered-intersections.feature). Entering the piece straight on, as a name change,
    /// folds it into the turn after it for walkers too.
    func testACrossingBackOntoTheSameStreetIsTwoTurnsForWalkers() throws {
        var f = RoadFixture()
        f.node("W", 0, 0); f.node("J1", 200, 0); f.node("J2", 200, 9); f.node("E", 400, 9)
        f.node("S", 200, -200); f.node("N", 200, 200)
        f.street(1, ["W", "J1"], "Mikonkatu", highway: "residential")
        f.street(2, ["J2", "E"], "Mikonkatu", highway: "residential")
        f.street(3, ["S", "J1", "J2", "N"], "Kaivokatu", highway: "residential")
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((20, 0), (380, 9), .walk).first),
                       ["Head east on Mikonkatu", "Turn left onto Kaivokatu", "Turn right onto Mikonkatu", "Arrive at your destination"])
        XCTAssertEqual(instructions(try d.route((20, 0), (380, 9), .car).first),
                       ["Head east on Mikonkatu", "Turn left onto Kaivokatu", "Turn right onto Mikonkatu", "Arrive at your destination"])

        var g = RoadFixture()
        g.node("W", 0, 0); g.node("J1", 200, 0); g.node("J2", 209, 0); g.node("E", 400, 0); g.node("N", 209, 200)
        g.street(1, ["W", "J1"], "Mikonkatu", highway: "footway")
        g.street(2, ["J1", "J2", "E"], "Kaivokatu", highway: "footway")
        g.street(3, ["J2", "N"], "Mikonkatu", highway: "footway")
        let straight = try g.build()
        XCTAssertEqual(instructions(try straight.route((20, 0), (209, 180), .walk).first),
                       ["Head east on Mikonkatu", "Turn left onto Mikonkatu", "Arrive at your destination"])
    }

    /// Eka turns left at B (Kolmas goes on straight) and right again 20 m on at C (Toka goes on
    /// straight): a street that zigzags is two steps, "continue left", "continue right", not a
    /// crossing folded away (collapse.feature, "Do not collapse turning roads").
    func testAStreetTurningOffAndBackKeepsBothTurns() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 200, 0); f.node("F", 250, 0); f.node("C", 200, 20); f.node("D", 400, 20)
        f.node("E", 200, 60)
        f.way(1, ["A", "B", "C", "D"], [("highway", "primary"), ("oneway", "yes"), ("name", "Eka")])
        f.way(2, ["B", "F"], [("highway", "primary"), ("oneway", "yes"), ("name", "Kolmas")])
        f.way(3, ["C", "E"], [("highway", "primary"), ("oneway", "yes"), ("name", "Toka")])
        let steps = try XCTUnwrap(try f.build().route((20, 0), (380, 20)).first).steps
        let maneuvers = steps.map { InstructionText.maneuver(from: $0.instruction) }
        XCTAssertEqual(maneuvers.map { $0?.kind }, [.depart, .continue, .continue, .arrive], "\(steps.map(\.instruction))")
        XCTAssertEqual(maneuvers.map { $0?.direction }.dropFirst().prefix(2), [.left, .right])
    }

    /// Sisätie runs onto 20 m of bridge (Silta) and on as Ulkotie, no way meeting it: the short
    /// name change folds into the step before, and "Continue onto Ulkotie" stays where Ulkotie
    /// begins (OSRM's `maneuverPreceededByNameChange` comes first: collapse.feature, "Pankenbruecke").
    func testAShortNameChangeBeforeAnotherFoldsIntoTheStepBefore() {
        typealias Draft = ManeuverBuilder.Draft
        var depart = Draft(kind: .depart, name: "Sisätie")
        depart.distance = 40
        depart.label = StreetLabel(name: "Sisätie", ref: "")
        func nameChange(_ name: String, _ distance: Double) -> Draft {
            var d = Draft(kind: .continue, name: name, turn: 0)
            d.label = StreetLabel(name: name, ref: "")
            d.distance = distance
            d.choices = 1
            d.waysMet = 1
            return d
        }
        let steps = StepCollapsing(rules: GuidanceProfile.car.collapsing).collapse([depart, nameChange("Silta", 20), nameChange("Ulkotie", 180)])
        XCTAssertEqual(steps.map(\.name), ["Sisätie", "Ulkotie"])
        XCTAssertEqual(steps.map(\.distance), [60, 180])
    }

    /// Two turns over an unnamed path onto a street where the walker has no other way: folded
    /// into one up to foot.lua's 10 m, two turns beyond it (cars fold up to 30 m). Folded, left
    /// then right sum to nearly straight, so the first turn is kept: OSRM 26.10 (foot.lua) says
    /// "turn left" onto Pohjoinen on this network drawn as a scenario (`findTotalTurnAngle`).
    func testWalkersFoldTurnsOnlyOverConnectorsUpToTenMetres() throws {
        func network(connector: Double) throws -> OfflineDirections {
            var f = RoadFixture()
            f.node("S", 0, -200); f.node("J1", 0, 0); f.node("J2", -connector, 0); f.node("N", -connector, 200)
            f.node("E", 200, 0)
            f.street(1, ["S", "J1"], "Etelä", highway: "footway")
            f.way(2, ["J1", "J2"], [("highway", "footway")])
            f.street(3, ["J2", "N"], "Pohjoinen", highway: "footway")
            f.street(4, ["J1", "E"], "Itä", highway: "footway")
            return try f.build()
        }
        XCTAssertEqual(instructions(try network(connector: 9).route((0, -150), (-9, 150), .walk).first),
                       ["Head north on Etelä", "Turn left onto Pohjoinen", "Arrive at your destination"])
        XCTAssertEqual(instructions(try network(connector: 11).route((0, -150), (-11, 150), .walk).first),
                       ["Head north on Etelä", "Turn left", "Turn right onto Pohjoinen", "Arrive at your destination"])
    }

    /// Two turns joined by an 8 m unnamed path stay two turns where the second junction offers a
    /// choice (OSRM collapses only onto a choiceless junction or a staggered one within 3 m).
    func testTwoTurnsWithAChoiceBetweenStayTwoTurns() throws {
        var f = RoadFixture()
        f.node("S", 0, -200); f.node("J1", 0, 0); f.node("J2", -8, 0); f.node("N", -8, 200); f.node("Q", -8, -200)
        f.node("E", 200, 0)
        f.street(1, ["S", "J1"], "Etelä", highway: "footway")
        f.way(2, ["J1", "J2"], [("highway", "footway")])
        f.street(3, ["Q", "J2", "N"], "Pohjoinen", highway: "footway")
        f.street(4, ["J1", "E"], "Itä", highway: "footway")
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((0, -150), (-8, 150), .walk).first),
                       ["Head north on Etelä", "Turn left", "Turn right onto Pohjoinen", "Arrive at your destination"])
    }

    /// A car leaving Katu 30° left into a 77 m one-way loop (also Katu) that brings it back south
    /// onto Toinen katu, while Sivukatu goes on dead ahead. OSRM 26.10 (car.lua), on this network
    /// built as an OSM file: "continue slight left" onto Katu, then "new name" Toinen katu; the loop
    /// bends off much more than Sivukatu, so it is no fork, and no U-turn. A hairpin onto another
    /// street and a walker's way round are no U-turn either.
    func testATurningLoopOffAStraightStreetIsATurnNotAForkNorAUTurn() throws {
        func network(loopName: String) throws -> OfflineDirections {
            var f = RoadFixture()
            f.node("N0", 0, 0); f.node("N1", 0, 500); f.node("X", 0, 800)
            f.node("A", -10, 520); f.node("B", -25, 528); f.node("C", -40, 520); f.node("S1", -45, 500); f.node("S0", -45, 0)
            f.street(1, ["N0", "N1"], "Katu", highway: "secondary")
            f.street(2, ["N1", "X"], "Sivukatu", highway: "secondary")
            f.street(3, ["N1", "A", "B", "C", "S1"], loopName, highway: "secondary", [("oneway", "yes")])
            f.street(4, ["S1", "S0"], "Toinen katu", highway: "secondary")
            return try f.build()
        }
        XCTAssertEqual(instructions(try network(loopName: "Katu").route((0, 100), (-45, 300)).first),
                       ["Head north on Katu", "Turn slight left to stay on Katu", "Continue onto Toinen katu", "Arrive at your destination"])
        let hairpin = instructions(try network(loopName: "Mutka").route((0, 100), (-45, 300)).first)
        XCTAssertFalse(hairpin.contains { $0.hasPrefix("Make a U-turn") }, "\(hairpin)")
        let walk = instructions(try network(loopName: "Katu").route((0, 100), (-45, 300), .walk).first)
        XCTAssertFalse(walk.contains { $0.hasPrefix("Make a U-turn") }, "\(walk)")
    }

    /// Road (ref C 42) runs east into a ramp that loops back west, 220 m, onto the motorway of
    /// that ref. OSRM collapses U-turns only from turns; the way onto a ramp is "on ramp", so it is
    /// the ramp and then the merge (turn.feature, "UTurn onto ramp (same ref)"), no U-turn.
    func testARampLoopingBackOntoTheStreetsRefIsNoUTurn() throws {
        var f = RoadFixture()
        f.node("A", 110, 30); f.node("B", 190, 30); f.node("C", 230, 30); f.node("D", 220, 10); f.node("E", 230, 10)
        f.node("H", 0, 0); f.node("G", 20, 0); f.node("F", 260, 0)
        f.street(1, ["A", "B", "C"], "Road", highway: "primary", [("ref", "C 42"), ("oneway", "yes")])
        f.street(2, ["C", "E"], "Other", highway: "primary", [("oneway", "yes")])
        f.way(3, ["C", "D", "G"], [("highway", "motorway_link"), ("oneway", "yes")])
        f.way(4, ["F", "G", "H"], [("highway", "motorway"), ("ref", "C 42"), ("oneway", "yes")])
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((120, 30), (5, 0)).first),
                       ["Head east on Road", "Take the ramp right", "Merge slightly left onto C 42", "Arrive at your destination"])
    }
}
