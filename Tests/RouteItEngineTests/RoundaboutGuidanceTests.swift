import XCTest
import RouteItCore
@testable import RouteItEngine

/// Roundabouts as OSRM 26.10's guidance scenarios (features/guidance/roundabout*.feature,
/// rotary.feature) tell them: a roundabout step with its exit, then leaving it as a step of its
/// own; a rotary entered by its name; a tiny ring where four roads meet is one turn.
final class RoundaboutGuidanceTests: XCTestCase, HandMadeJunctions {
    /// A counter-clockwise ring of eight points `radius` metres round, called `ringName`; Etelä
    /// meets it from the south, Itä from the east, Pohjoinen from the north, Länsi from the west.
    /// `serviceAt`: a service road also leaves the ring at that point (0–7), outwards.
    private func ring(radius: Double, ringName: String = "Kiertoliittymä", serviceAt: Int? = nil) throws -> OfflineDirections {
        var f = RoadFixture()
        let ring = f.ringNodes(radius: radius)
        f.node("s", 0, -130); f.node("e", 130, 0); f.node("n", 0, 130); f.node("w", -130, 0)
        f.way(1, ring, [("highway", "primary"), ("junction", "roundabout"), ("name", ringName)])
        f.street(2, ["s", "r6"], "Etelä", highway: "primary"); f.street(3, ["r0", "e"], "Itä", highway: "primary")
        f.street(4, ["r2", "n"], "Pohjoinen", highway: "primary"); f.street(5, ["r4", "w"], "Länsi", highway: "primary")
        if let k = serviceAt {
            let a = Double(k) * 45 * .pi / 180
            f.node("p", 100 * cos(a), 100 * sin(a))
            f.street(6, ["r\(k)", "p"], "Piha", highway: "service")
        }
        return try f.build()
    }

    /// 12 m round where five roads meet: a plain roundabout (a rotary is wider than 15 m, a ring
    /// driven as a turn has four roads at most). Leaving it north, a right bend off the ring, is
    /// its own step (OSRM: `roundabout-exit-2,exit roundabout right`).
    func testLeavingARoundaboutIsAStepOfItsOwn() throws {
        let d = try ring(radius: 12, serviceAt: 7)
        let route = try XCTUnwrap(d.route((0, -100), (0, 100)).first)
        XCTAssertEqual(instructions(route), ["Head north on Etelä", "At the roundabout, take the 2nd exit onto Pohjoinen",
                                             "Exit the roundabout right onto Pohjoinen", "Arrive at your destination"])
        XCTAssertEqual(route.steps.reduce(0) { $0 + $1.distance }, route.distance, accuracy: 1e-6)
    }

    /// A service road leaving a ring of a better class is no exit passed (OSRM suppresses it),
    /// but taking it is one (roundabout.feature's "Roundabout With Service").
    func testAServiceRoadLeavingTheRingIsCountedOnlyWhenTaken() throws {
        let d = try ring(radius: 12, serviceAt: 7)
        XCTAssertEqual(instructions(try d.route((0, -100), (0, 100)).first)[1], "At the roundabout, take the 2nd exit onto Pohjoinen")
        let away = 100 * cos(7 * 45 * Double.pi / 180)
        XCTAssertEqual(instructions(try d.route((0, -100), (away, -away)).first)[1], "At the roundabout, take the 1st exit onto Piha")
    }

    /// Driving most of the way round a small ring from a start on it is no U-turn, however soon
    /// the ring heads back (OSRM's "Drive Around": `depart,arrive`).
    func testGoingRoundASmallRingFromAStartOnItIsNoUTurn() throws {
        let d = try ring(radius: 9)
        func onRing(_ degrees: Double) -> (Double, Double) { (9 * cos(degrees * .pi / 180), 9 * sin(degrees * .pi / 180)) }
        let route = try XCTUnwrap(d.route(onRing(-30), onRing(200)).first)
        XCTAssertEqual(instructions(route), ["Head north on Kiertoliittymä", "Arrive at your destination"])
    }

    /// A route starting on the ring says only where it leaves it (OSRM's "Only Exit").
    func testARouteStartingOnTheRingIsToldWhereToLeaveIt() throws {
        let d = try ring(radius: 12)
        let start = (12 * cos(3 * 22.5 * Double.pi / 180), 12 * sin(3 * 22.5 * Double.pi / 180))
        let route = try XCTUnwrap(d.route(start, (0, 100)).first)
        XCTAssertEqual(instructions(route).dropFirst().first, "Exit the roundabout right onto Pohjoinen", "\(instructions(route))")
    }

    /// 30 m round and named as no road meeting it is: a rotary (OSRM's `bgecb-exit-2`, then
    /// `exit rotary right`). The same ring named like a road meeting it is a roundabout.
    func testAWideRingWithANameOfItsOwnIsARotary() throws {
        let route = try XCTUnwrap(try ring(radius: 30).route((0, -100), (0, 100)).first)
        XCTAssertEqual(instructions(route), ["Head north on Etelä", "Enter Kiertoliittymä and take the 2nd exit onto Pohjoinen",
                                             "Exit the traffic circle right onto Pohjoinen", "Arrive at your destination"])
        let shared = try XCTUnwrap(try ring(radius: 30, ringName: "Pohjoinen").route((0, -100), (0, 100)).first)
        XCTAssertEqual(instructions(shared)[1], "At the roundabout, take the 2nd exit onto Pohjoinen")
    }

    /// 4 m round with four well spread roads: one turn, exit included, its direction from the
    /// way in to the way out (OSRM's `roundabout turn left exit-3`).
    func testATinyRingWhereFourRoadsMeetIsOneTurn() throws {
        let d = try ring(radius: 4)
        XCTAssertEqual(instructions(try d.route((0, -100), (-100, 0)).first),
                       ["Head north on Etelä", "At the roundabout, turn left at the 3rd exit onto Länsi", "Arrive at your destination"])
        XCTAssertEqual(instructions(try d.route((0, -100), (0, 100)).first)[1], "At the roundabout, turn straight at the 2nd exit onto Pohjoinen")
        XCTAssertEqual(instructions(try d.route((0, -100), (100, 0)).first)[1], "At the roundabout, turn right at the 1st exit onto Itä")
    }

    /// Up to 15 m round (OSRM's MAX_ROUNDABOUT_INTERSECTION_RADIUS), a ring where four well
    /// spread roads meet is still one turn (roundabout-turn.feature's "Large radius Roundabout
    /// Intersection").
    func testARingTwelveMetresRoundWhereFourRoadsMeetIsOneTurn() throws {
        let d = try ring(radius: 12)
        XCTAssertEqual(instructions(try d.route((0, -100), (0, 100)).first),
                       ["Head north on Etelä", "At the roundabout, turn straight at the 2nd exit onto Pohjoinen", "Arrive at your destination"])
    }

    /// A cyclist turning at a tiny ring onto a footway (pushed) leaves the ring as a step of its
    /// own; onto a road ridden the turn takes its exit with it (roundabout-turn-bike.feature).
    func testACyclistPushedOffATinyRingLeavesItAsAStepOfItsOwn() throws {
        var f = RoadFixture()
        let ring = f.ringNodes(radius: 4)
        f.node("s", 0, -130); f.node("e", 130, 0); f.node("n", 0, 130)
        f.way(1, ring, [("highway", "residential"), ("junction", "roundabout"), ("name", "Kierto")])
        f.street(2, ["s", "r6"], "Etelä"); f.street(3, ["r0", "e"], "Itä")
        f.way(4, ["r2", "n"], [("highway", "footway"), ("name", "Polku")])
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((0, -100), (0, 100), .bike).first),
                       ["Head north on Etelä", "At the roundabout, turn straight at the 2nd exit onto Polku",
                        "Exit the roundabout right onto Polku (push your bike)", "Arrive at your destination"])
        XCTAssertEqual(instructions(try d.route((0, -100), (100, 0), .bike).first),
                       ["Head north on Etelä", "At the roundabout, turn right at the 1st exit onto Itä", "Arrive at your destination"])
    }

    /// A trunk crossing a ring (a throughabout), left by a trunk link that runs onto the ring:
    /// the link ends on a ring, so it is no sliproad cutting a corner but an exit (OSRM's
    /// "Throughabout-Sliproad": `off ramp slight right`).
    func testALinkRunningOntoARingIsAnExitNotASliproad() throws {
        var f = RoadFixture()
        f.node("Z", -300, 0); f.node("S", -40, 0); f.node("A", 0, 0); f.node("B", 60, 0); f.node("X", 300, 0)
        f.node("C", 5, -20); f.node("D", 30, -30); f.node("Y", 55, -20); f.node("E", 30, 30); f.node("T", 30, 200)
        let trunk = [("highway", "trunk"), ("oneway", "yes"), ("name", "Through")]
        f.way(1, ["Z", "S"], trunk); f.way(2, ["S", "A"], trunk); f.way(3, ["A", "B"], trunk); f.way(4, ["B", "X"], trunk)
        f.way(5, ["A", "C", "D", "Y", "B", "E", "A"], [("highway", "primary"), ("junction", "roundabout"), ("name", "Round")])
        f.way(6, ["S", "C"], [("highway", "trunk_link"), ("oneway", "yes")])
        f.street(7, ["E", "T"], "Out", highway: "primary")
        f.restriction(10, "only_straight_on", from: 2, via: "A", to: 3)
        f.restriction(11, "only_straight_on", from: 3, via: "B", to: 4)
        let route = instructions(try f.build().route((-250, 0), (30, 150)).first)
        XCTAssertEqual(route.dropFirst().first?.hasPrefix("Take the exit"), true, "\(route)")
    }

    /// A one-way road that enters the ring and leaves it at one node, its way out against the
    /// ring's flow: OSRM's extractor forbids cutting across (`isTurnAllowed`), so the route
    /// goes round (roundabout.feature's "Mixed Entry and Exit - segregated roads"), by car and
    /// by bike.
    func testAOneWayEnteringAndLeavingTheRingAtOneNodeGoesRoundIt() throws {
        var f = RoadFixture()
        let ring = f.ringNodes(radius: 12)
        f.node("a", 40, -100); f.node("c", -40, -100); f.node("n", 0, 130)
        f.way(1, ring, [("highway", "primary"), ("junction", "roundabout"), ("name", "Kiertoliittymä")])
        f.way(2, ["a", "r6", "c"], [("highway", "primary"), ("oneway", "yes"), ("name", "Kaari")])
        f.street(3, ["r2", "n"], "Pohjoinen", highway: "primary")
        let d = try f.build()
        for mode in [TransportType.car, .bike] {
            let route = instructions(try d.route((36, -90), (-36, -90), mode).first)
            XCTAssertEqual(route.dropFirst().first, "At the roundabout, take the 2nd exit onto Kaari", "\(mode): \(route)")
        }
    }

    /// Etelä meets the ring at its south node, where Kaakko leaves to the south-east: turning
    /// there is leaving the ring (OSRM's enter-and-exit), unless a turn restriction closes the
    /// ring to Etelä there: then the ring cannot be entered and it is a plain turn (OSRM's
    /// `can_enter_roundabout` reads `entry_allowed`: roundabout.feature's through-lane).
    func testARingATurnRestrictionClosesIsNotEnteredWhereARoadTouchesIt() throws {
        func turnOntoKaakko(restricted: Bool) throws -> Maneuver.Kind? {
            var f = RoadFixture()
            _ = f.ringNodes(radius: 30)
            f.node("s", 0, -150); f.node("k", 100, -130); f.node("n", 0, 150)
            // The ring in two ways, one starting where Etelä meets it (a restriction's way to).
            let tags = [("highway", "primary"), ("junction", "roundabout"), ("name", "Kiertoliittymä")]
            f.way(1, ["r6", "r7", "r0", "r1", "r2", "r3", "r4", "r5"], tags)
            f.way(5, ["r5", "r6"], tags)
            f.street(2, ["s", "r6"], "Etelä", highway: "primary")
            f.street(3, ["r6", "k"], "Kaakko", highway: "primary")
            f.street(4, ["r2", "n"], "Pohjoinen", highway: "primary")
            if restricted { f.restriction(10, "no_left_turn", from: 2, via: "r6", to: 1) }
            let steps = try XCTUnwrap(try f.build().route((0, -120), (90, -128)).first).steps
            return InstructionText.maneuver(from: steps[1].instruction)?.kind
        }
        XCTAssertEqual(try turnOntoKaakko(restricted: false), .exitRotary)
        XCTAssertEqual(try turnOntoKaakko(restricted: true), .turn)
    }

    /// Leaving a ring reads its bend as any turn does (OSRM's turboroundabout: "exit roundabout
    /// slight right" 27° off the ring), and straight back along the ring's line as a U-turn
    /// (OSRM's "CCW and CW roundabouts with overlaps": `exit roundabout uturn`).
    func testARingExitReadsItsBendAsAnyTurnAndAReversalAsAUTurn() {
        XCTAssertEqual(ExitRoundaboutHandler.direction(27), .slightRight)
        XCTAssertEqual(ExitRoundaboutHandler.direction(-45), .left)
        XCTAssertEqual(ExitRoundaboutHandler.direction(180), .uTurn)
        XCTAssertEqual(ExitRoundaboutHandler.direction(150), .sharpRight)
    }

    /// A street ending in a loop back to itself, not tagged a roundabout (a lollipop): where the
    /// loop starts it leaves both ways, so going round either way is a turn, arriving round it
    /// too (obvious-turn-discovery.feature's "Slightly offset traffic circle": `continue right`).
    func testALoopAtAStreetsEndIsTwoWaysWhereItStarts() throws {
        var f = RoadFixture()
        f.node("a", -100, 0); f.node("b", 0, 0); f.node("c", 5, -10); f.node("d", 20, -20); f.node("e", 40, -20)
        f.node("f", 55, -5); f.node("g", 55, 20); f.node("h", 40, 30); f.node("i", 10, 30)
        f.street(1, ["a", "b", "c", "d", "e", "f", "g", "h", "i", "b"], "Silmukka")
        let d = try f.build()
        XCTAssertEqual(instructions(try d.route((-90, 0), (40, -20)).first),
                       ["Head east on Silmukka", "Turn right to stay on Silmukka", "Arrive at your destination"])
        XCTAssertEqual(instructions(try d.route((10, 30), (-90, 0)).first).count, 3)
    }

    /// Going on round a ring the route starts on says nothing where a road bears off it, by car
    /// or by bike (OSRM's turboroundabout in roundabout.feature: `n,m` is `depart,arrive`).
    func testGoingOnRoundARingPastARoadBearingOffSaysNothing() throws {
        var f = RoadFixture()
        // Counter-clockwise, west along its top past B, where a road bears off 27° right.
        let ring = [("A", 0.0, 0.0), ("B", -40, 0), ("C", -80, 0), ("D", -100, -30), ("E", -80, -60), ("F", 0, -60), ("G", 20, -30)]
        for (name, x, y) in ring { f.node(name, x, y) }
        f.node("X", -80, 20); f.node("s", 60, -30)
        f.way(1, ring.map(\.0) + ["A"], [("highway", "primary"), ("junction", "roundabout")])
        f.way(2, ["B", "X"], [("highway", "primary"), ("oneway", "yes")])
        f.street(3, ["s", "G"], "Itä", highway: "primary")
        let d = try f.build()
        for mode in [TransportType.car, .bike] {
            let route = instructions(try d.route((10, -15), (-90, -15), mode).first)
            XCTAssertEqual(route.count, 2, "\(mode): \(route)")
        }
    }
}
