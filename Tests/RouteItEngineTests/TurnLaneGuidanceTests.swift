import XCTest
import RouteItCore
@testable import RouteItEngine

/// OSRM's `lanes` on a car route's intersections: the turn lanes of the road arrived by, valid
/// where they lead onto the road taken (turn-lanes.feature's simple junctions).
final class TurnLaneGuidanceTests: XCTestCase {
    /// In runs east to X, where North, East and (`south`) South go on; `tags` tag In.
    private func lanes(to end: (Double, Double), tags: [(String, String)], south: Bool = true) throws -> [[String: Bool]] {
        var f = RoadFixture()
        f.node("W", -300, 0); f.node("X", 0, 0); f.node("E", 300, 0); f.node("N", 0, 300); f.node("S", 0, -300)
        f.street(1, ["W", "X"], "In", tags)
        f.street(2, ["X", "E"], "East")
        f.street(3, ["X", "N"], "North")
        if south { f.street(4, ["X", "S"], "South") }
        let directions = try f.build()
        let route = try XCTUnwrap(directions.routes(from: RoadFixture.coordinate(-250, 0), to: RoadFixture.coordinate(end.0, end.1),
                                                    mode: .car, intersections: true).first)
        let junction = try XCTUnwrap(route.intersections?.first)
        return junction.lanes.map { [$0.indications.joined(separator: ";"): $0.valid] }
    }

    func testEachTurnHasItsLanesValid() throws {
        let tags = [("turn:lanes", "left|through|through;right")]
        XCTAssertEqual(try lanes(to: (0, 250), tags: tags), [["left": true], ["straight": false], ["straight;right": false]])
        XCTAssertEqual(try lanes(to: (250, 0), tags: tags), [["left": false], ["straight": true], ["straight;right": true]])
        XCTAssertEqual(try lanes(to: (0, -250), tags: tags), [["left": false], ["straight": false], ["straight;right": true]])
    }

    /// An empty lane takes the turn no other lane names (`handleRenamingSituations`).
    func testAnEmptyLaneIsTheTurnLeftOver() throws {
        let tags = [("turn:lanes:forward", "left|through|")]
        XCTAssertEqual(try lanes(to: (0, -250), tags: tags), [["left": false], ["straight": false], ["none": true]])
    }

    /// No lanes against the tagged direction, nor with an indication OSRM does not know.
    func testNoLanesWhereOSRMGivesNone() throws {
        XCTAssertEqual(try lanes(to: (0, 250), tags: [("turn:lanes:backward", "left|through")]), [])
        XCTAssertEqual(try lanes(to: (0, 250), tags: [("turn:lanes", "left|sideways")]), [])
        XCTAssertEqual(try lanes(to: (0, 250), tags: []), [])
    }

    /// A bus lane at the side, empty in `turn:lanes`, is not the car's (`trimLaneString`).
    func testABusLaneIsTrimmed() throws {
        let tags = [("oneway", "yes"), ("turn:lanes", "left|through|"), ("lanes:psv", "1")]
        XCTAssertEqual(TurnLanes.trimmed("left|through|", left: 0, right: 1), "left|through")
        XCTAssertEqual(try lanes(to: (0, 250), tags: tags, south: false), [["left": true], ["straight": false]])
        // Without the bus lane the empty lane is the car's, joined to the through lane beside it.
        XCTAssertEqual(try lanes(to: (250, 0), tags: Array(tags.dropLast()), south: false),
                       [["left": false], ["straight": true], ["none": true]])
        XCTAssertEqual(try lanes(to: (250, 0), tags: tags, south: false), [["left": false], ["straight": true]])
    }

    /// Lanes for a turn at the junction after this one (a junction in two parts, the road
    /// between split in two ways) count for going straight on here (`partitionLaneData`).
    func testALaneForTheNextJunctionCountsAsStraightOn() throws {
        var f = RoadFixture()
        f.node("W", -300, 0); f.node("X", 0, 0); f.node("M", 15, 0); f.node("Y", 30, 0); f.node("E", 300, 0)
        f.node("S", 0, -300); f.node("N", 30, 300)
        f.street(1, ["W", "X"], "In", [("oneway", "yes"), ("turn:lanes", "left|through|right")])
        f.street(2, ["X", "M"], "Between")
        f.street(3, ["M", "Y"], "Between")
        f.street(4, ["Y", "E"], "East")
        f.street(5, ["X", "S"], "South")
        f.street(6, ["Y", "N"], "North")
        let directions = try f.build()
        func lanes(to end: (Double, Double)) throws -> [Bool] {
            let route = try XCTUnwrap(directions.routes(from: RoadFixture.coordinate(-250, 0), to: RoadFixture.coordinate(end.0, end.1),
                                                        mode: .car, intersections: true).first)
            return try XCTUnwrap(route.intersections?.first).lanes.map(\.valid)
        }
        XCTAssertEqual(try lanes(to: (0, -250)), [false, false, true])
        XCTAssertEqual(try lanes(to: (250, 0)), [true, true, false])
    }

    func testLaneStringsAreReadAsOSRMReadsThem() {
        XCTAssertEqual(TurnLaneAssignment.description("left|through;right||merge_to_left"),
                       [TurnLaneAssignment.left, TurnLaneAssignment.straight | TurnLaneAssignment.right,
                        TurnLaneAssignment.none, TurnLaneAssignment.mergeToLeft])
        XCTAssertNil(TurnLaneAssignment.description("left|bogus"))
        XCTAssertEqual(TurnLaneAssignment.indications(TurnLaneAssignment.straight | TurnLaneAssignment.right), ["straight", "right"])
        XCTAssertEqual(TurnLanes.accessed("left|through|right", "yes|no|yes"), "left|right")
    }
}

/// OSRM narrows a junction's valid lanes for a turn close after it (`anticipateLaneChange`).
final class LaneAnticipationTests: XCTestCase {
    private func junction(_ distance: Double, _ lanes: [(String, Bool)]) -> RouteIntersection {
        var j = RouteIntersection(location: Coordinate(latitude: 60.17, longitude: 24.94 + distance * 1e-5), distance: distance,
                                  bearings: [0, 90, 180], entry: [true, true, false], into: 2, out: 0)
        j.lanes = lanes.map { RouteLane(indications: [$0.0], valid: $0.1) }
        return j
    }

    private func valid(_ gap: Double) -> [Bool] {
        let straightOn = junction(0, [("straight", true), ("straight", true), ("right", false)])
        let rightTurn = junction(gap, [("left", false), ("right", true)])
        let turns = [LaneAnticipation.Turn(distance: gap, suppressed: true, left: false, right: false),
                     LaneAnticipation.Turn(distance: 100, suppressed: false, left: false, right: true)]
        return LaneAnticipation.anticipated([straightOn, rightTurn], turns: turns)[0].lanes.map(\.valid)
    }

    /// Straight on 50 m before a right turn: the straight lane next to the right one.
    func testAStraightBeforeACloseRightTurnKeepsRight() {
        XCTAssertEqual(valid(50), [false, true, false])
    }

    /// A right turn 400 m on leaves time to change lanes: both straight lanes.
    func testAFarTurnNarrowsNothing() {
        XCTAssertEqual(valid(400), [true, true, false])
    }
}
