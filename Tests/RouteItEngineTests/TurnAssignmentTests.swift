import XCTest
import RouteItCore
@testable import RouteItEngine

/// OSRM 26.10's turn directions and step names, as its guidance features specify them
/// (turn.feature, new-name.feature, collapse.feature): turns beside each other read apart, a turn
/// beside an obvious way is no fork, and the steps' names are OSRM's `name` (no bare ref).
final class TurnAssignmentTests: XCTestCase {
    private typealias Road = TurnDirectionAssignment.Road

    private func point(_ degrees: Double, _ metres: Double) -> (Double, Double) {
        (metres * sin(degrees * .pi / 180), metres * cos(degrees * .pi / 180))
    }

    /// turn.feature "Right Turn Assignment Two Turns (4)": a road 90° right keeps "right", the one
    /// 45° right beside it reads "slight right"; mirrored on the left.
    func testTwoRightTurnsReadApart() {
        let roads = [Road(angle: 180, entryAllowed: true, isChosen: false), Road(angle: 90, entryAllowed: true, isChosen: false),
                     Road(angle: 135, entryAllowed: true, isChosen: true), Road(angle: 270, entryAllowed: true, isChosen: false)]
        XCTAssertEqual(TurnDirectionAssignment.direction(of: roads), .slightRight)
        let mirrored = roads.map { Road(angle: 360 - $0.angle, entryAllowed: $0.entryAllowed, isChosen: $0.isChosen) }
        XCTAssertEqual(TurnDirectionAssignment.direction(of: mirrored), .slightLeft)
        // Where the 90° road may not be entered, nothing conflicts: 45° off is a plain right.
        var oneWay = roads
        oneWay[1].entryAllowed = false
        XCTAssertEqual(TurnDirectionAssignment.direction(of: oneWay), .right)
    }

    /// turn.feature "Turning at forklike structure": two ways 12° and 18° right of straight, both
    /// reading straight, no obvious way, a one-way arriving 30° left: OSRM's `handleDistinctConflict`
    /// settles the pair by class, the outer of two alike reads "slight right". Where the inner one
    /// is the obvious way, the turns are told apart around it and the outer keeps what its angle says.
    func testTwoWaysStraightOnOneSideReadApartByClass() {
        var roads = [Road(angle: 168, entryAllowed: true, isChosen: false, priority: 10),
                     Road(angle: 162, entryAllowed: true, isChosen: true, priority: 10),
                     Road(angle: 210, entryAllowed: false, isChosen: false, priority: 9)]
        XCTAssertEqual(TurnDirectionAssignment.direction(of: roads, readsObviousWay: true), .slightRight)
        // The outer way of the greater class keeps its own reading (nil: what its angle says).
        roads[1].priority = 8
        XCTAssertNil(TurnDirectionAssignment.direction(of: roads, readsObviousWay: true))
        roads[1].priority = 10
        roads[0].isObvious = true
        XCTAssertEqual(TurnDirectionAssignment.direction(of: roads, readsObviousWay: true), .straight)
    }

    /// OSRM's three-way junctions keep each angle's own direction (turn.feature "Three Way
    /// Similar Sharp Turns": both sharp right).
    func testAThreeWayJunctionAssignsNothing() {
        let roads = [Road(angle: 8, entryAllowed: true, isChosen: false), Road(angle: 30, entryAllowed: true, isChosen: true)]
        XCTAssertNil(TurnDirectionAssignment.direction(of: roads))
    }

    /// Slight is under 40° (OSRM's `getTurnDirection`), so 45° off is a plain turn.
    func testSlightEndsAtFortyDegrees() {
        XCTAssertEqual(ManeuverBuilder.direction(35), .slightRight)
        XCTAssertEqual(ManeuverBuilder.direction(-45), .left)
    }

    /// turn.feature "Obvious Index wigh very narrow turn": the street goes on straight, a slip road
    /// leaves 8° right of it. OSRM finds the street obvious and looks for no fork: the slip road is
    /// "turn slight right".
    func testASlipRoadBesideAnObviousStreetIsATurn() throws {
        var f = RoadFixture()
        let b = point(8, 400)
        f.node("S", 0, -300); f.node("X", 0, 0); f.node("N", 0, 400); f.node("B", b.0, b.1)
        f.street(1, ["S", "X", "N"], "Road", highway: "primary")
        f.way(2, ["X", "B"], [("highway", "primary_link")])
        let d = try f.build()
        let steps = try XCTUnwrap(d.route((0, -290), (b.0 * 0.95, b.1 * 0.95)).first).steps.map(\.instruction)
        XCTAssertEqual(steps, ["Head north on Road", "Turn slight right", "Arrive at your destination"])
    }

    /// A U-turn's sentence names no street, but its step carries the road's name; a road with
    /// only a ref has no name; the route says the destination's street.
    func testStepsCarryOSRMsNames() throws {
        var f = RoadFixture()
        f.node("A", 0, -300); f.node("B", 0, 0); f.node("C", 300, 0)
        f.street(1, ["A", "B"], "Katu")
        f.way(2, ["B", "C"], [("highway", "residential"), ("ref", "K 57")])
        let d = try f.build()
        let route = try XCTUnwrap(d.route((0, -200), (250, 0)).first)
        XCTAssertEqual(route.steps.first?.streetName, "Katu")
        XCTAssertEqual(route.steps.dropFirst().first?.instruction, "Continue right onto K 57")
        XCTAssertEqual(route.steps.dropFirst().first?.streetName, "")
        XCTAssertEqual(route.arrivalStreet, "")
    }

    /// collapse.feature's U-turns between carriageways read `first,first,first`: the U-turn step
    /// is named after the road it comes back by, though its sentence says no name.
    func testAUTurnStepCarriesTheRoadsName() throws {
        let f = RoadFixture.dividedRoad
        let route = try XCTUnwrap(try f.build().route((10, 100), (-10, 300)).first)
        XCTAssertEqual(route.steps[1].instruction, "Make a U-turn onto Mannerheimintie")
        XCTAssertEqual(route.steps[1].streetName, "Mannerheimintie")
        XCTAssertEqual(route.arrivalStreet, "Mannerheimintie")
    }
}
