import XCTest
import RouteItCore
@testable import RouteItEngine

/// OSRM 26.10's ramps, merges and ends of road (features/guidance/ramp.feature, merge.feature,
/// end-of-road.feature) on small hand-made junctions.
final class RampAndEndOfRoadTests: XCTestCase, HandMadeJunctions {
    /// Kehä, a one-way motorway east; an exit ramp leaves it at X 30° right onto Katu; Tie comes
    /// up from the south, where at P a ramp leaves it 34° right to join Kehä at Y.
    private func motorway() throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("W", -600, 0); f.node("X", -200, 0); f.node("Y", 200, 0); f.node("E", 600, 0)
        f.node("Q", -200 + 173, -100); f.node("K", -200 + 173, -400)
        f.node("S", 100, -450); f.node("P", 100, -150); f.node("N", 100, -60)
        f.way(1, ["W", "X", "Y", "E"], [("highway", "motorway"), ("oneway", "yes"), ("name", "Kehä")])
        f.way(2, ["X", "Q"], [("highway", "motorway_link"), ("oneway", "yes")])
        f.street(3, ["Q", "K"], "Katu", highway: "primary")
        f.street(4, ["S", "P", "N"], "Tie", highway: "primary")
        f.way(5, ["P", "Y"], [("highway", "motorway_link"), ("oneway", "yes")])
        return try f.build()
    }

    func testLeavingAMotorwayByARampIsAnOffRamp() throws {
        let route = instructions(try motorway().route((-500, 0), (-27, -300)).first)
        XCTAssertEqual(route.dropFirst().first, "Take the exit slightly right", "\(route)")
    }

    /// Onto the ramp from Tie "Take the ramp" (an on ramp), then where it joins Kehä from the
    /// right, "Merge slightly left".
    func testARampFromAStreetIsAnOnRampThatMergesIntoTheMotorway() throws {
        let route = instructions(try motorway().route((100, -400), (500, 0)).first)
        XCTAssertEqual(route, ["Head north on Tie", "Take the ramp slightly right", "Merge slightly left onto Kehä",
                               "Arrive at your destination"])
    }

    /// Runko from the south, past Sivu at J, ends at T on Poikki, which runs west-east: neither
    /// way is the obvious one (OSRM: `end of road left`, end-of-road.feature). With no junction
    /// on the way to the T (OSRM's bridges_and_tunnels.feature), it is a plain turn.
    func testARoadEndingAtATIsTheEndOfTheRoad() throws {
        func tJunction(sideRoad: Bool) throws -> OfflineDirections {
            var f = RoadFixture()
            f.node("S", 0, -300); f.node("J", 0, -100); f.node("T", 0, 0); f.node("W", -300, 0); f.node("E", 300, 0)
            f.node("K", 200, -100)
            f.street(1, ["S", "J", "T"], "Runko")
            f.street(2, ["W", "T", "E"], "Poikki")
            if sideRoad { f.street(3, ["J", "K"], "Sivu") }
            return try f.build()
        }
        let d = try tJunction(sideRoad: true)
        XCTAssertEqual(instructions(try d.route((0, -200), (-200, 0)).first),
                       ["Head north on Runko", "At the end of the road, turn left onto Poikki", "Arrive at your destination"])
        XCTAssertEqual(instructions(try d.route((0, -200), (200, 0)).first)[1], "At the end of the road, turn right onto Poikki")
        XCTAssertEqual(instructions(try tJunction(sideRoad: false).route((0, -200), (-200, 0)).first)[1], "Turn left onto Poikki")
    }

    /// Runko ends at T on Poikki, one way from north to south: the T is still the end of the
    /// road (OSRM's `isEndOfRoad` reads the angles, not which arm may be entered:
    /// end-of-road.feature's "End of Road with oneway through street").
    func testATOnAOneWayStreetIsStillTheEndOfTheRoad() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("J", 100, 0); f.node("T", 400, 0); f.node("K", 100, -100)
        f.node("N", 400, 100); f.node("S", 400, -100)
        f.street(1, ["A", "J", "T"], "Runko", highway: "primary")
        f.street(2, ["J", "K"], "Sivu", highway: "primary")
        f.way(3, ["N", "T", "S"], [("highway", "primary"), ("oneway", "yes"), ("name", "Poikki")])
        XCTAssertEqual(instructions(try f.build().route((50, 0), (400, -90)).first),
                       ["Head east on Runko", "At the end of the road, turn right onto Poikki", "Arrive at your destination"])
    }

    /// Runko runs into its own tunnel (Runkotunneli, no step: the name goes on) and ends at T on
    /// Poikki. Where the tunnel starts OSRM's classes change, an intersection passed, so the T is
    /// an end of road; into a bridge (no class of its own) it is a plain turn
    /// (bridges_and_tunnels.feature, "Tunnel with Immediate Turn", "Bridge with Immediate Turn").
    func testATReachedThroughATunnelIsTheEndOfTheRoad() throws {
        func throughA(_ structure: String) throws -> [String] {
            var f = RoadFixture()
            f.node("S", 0, -400); f.node("J", 0, -200); f.node("T", 0, 0); f.node("W", -300, 0); f.node("E", 300, 0)
            f.street(1, ["S", "J"], "Runko", highway: "primary")
            f.way(2, ["J", "T"], [("highway", "primary"), ("name", "Runko" + structure), (structure == "tunneli" ? "tunnel" : "bridge", "yes")])
            f.street(3, ["W", "T", "E"], "Poikki", highway: "primary")
            return instructions(try f.build().route((0, -350), (-200, 0)).first)
        }
        XCTAssertEqual(try throughA("tunneli"), ["Head north on Runko", "At the end of the road, turn left onto Poikki", "Arrive at your destination"])
        XCTAssertEqual(try throughA("silta")[1], "Turn left onto Poikki")
    }

    /// An end of road reached without passing a junction since the step before is a plain turn,
    /// however long the way (OSRM's MIN_END_OF_ROAD_INTERSECTIONS); past a junction it stays, and
    /// on the street the step before was on it is a continue.
    func testAnEndOfRoadReachedWithoutPassingAJunctionIsAPlainTurn() {
        typealias Draft = ManeuverBuilder.Draft
        var depart = Draft(kind: .depart, name: "A")
        depart.distance = 300
        var turn = Draft(kind: .turn, direction: .right, name: "B", turn: 90)
        turn.label = StreetLabel(name: "B", ref: "")
        var end = Draft(kind: .endOfRoad, direction: .left, name: "C", turn: -90)
        end.label = StreetLabel(name: "C", ref: "")
        end.distance = 200
        let collapsing = StepCollapsing(rules: GuidanceProfile.car.collapsing)
        turn.distance = 400
        XCTAssertEqual(collapsing.plainTurnsAtShortEnds([depart, turn, end]).map(\.kind), [.depart, .turn, .turn])
        XCTAssertEqual(collapsing.plainTurnsAtShortEnds([depart, end]).map(\.kind), [.depart, .turn])
        turn.junctionsPassed = 1
        XCTAssertEqual(collapsing.plainTurnsAtShortEnds([depart, turn, end]).map(\.kind), [.depart, .turn, .endOfRoad])
        turn.junctionsPassed = 0
        end.label = turn.label
        XCTAssertEqual(collapsing.plainTurnsAtShortEnds([depart, turn, end]).map(\.maneuver.kind), [.depart, .turn, .continue])
    }
}
