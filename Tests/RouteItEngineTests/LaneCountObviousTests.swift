import XCTest
import RouteItCore
@testable import RouteItEngine

/// Lane counts in the map and OSRM's obvious-way rule that reads them (`roadHasLowerClass`,
/// turn.feature "Go onto turning major road").
final class LaneCountObviousTests: XCTestCase, HandMadeJunctions {
    /// Road, a three-lane primary, turns left at B; a one-lane residential street goes on right.
    private func turningMajorRoad(sideLanes: String) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("A", -300, 0); f.node("B", 0, 0); f.node("C", 0, 300); f.node("D", 0, -300)
        f.way(1, ["A", "B", "C"], [("highway", "primary"), ("name", "Road"), ("lanes", "3")])
        f.way(2, ["B", "D"], [("highway", "residential"), ("name", "In"), ("lanes", sideLanes)])
        return try f.build()
    }

    func testAMajorRoadTurningPastANarrowerLesserStreetGoesOnWithoutAStep() throws {
        XCTAssertEqual(instructions(try turningMajorRoad(sideLanes: "1").route((-250, 0), (0, 250)).first),
                       ["Head east on Road", "Arrive at your destination"])
    }

    func testALesserStreetOfNearlyAsManyLanesStillLooksAsObvious() throws {
        // Two lanes against three: not two fewer, so the turn is said.
        XCTAssertEqual(instructions(try turningMajorRoad(sideLanes: "2").route((-250, 0), (0, 250)).first).count, 3)
    }

    func testLaneCountReadsAsOSRMsProfileDoes() {
        func count(_ tags: [(String, String)], oneway: Bool = false) -> UInt8 {
            LaneCount.of(OSMWay(id: 1, nodeRefs: [1, 2], tags: tags), forwardOneway: oneway, backwardOneway: false)
        }
        XCTAssertEqual(count([("lanes", "4")]), 4)
        XCTAssertEqual(count([("lanes:forward", "2"), ("lanes:backward", "1")]), 3)
        // A `lanes` that is no whole number hides the per-direction counts, as in guidance.lua.
        XCTAssertEqual(count([("lanes", "2;3"), ("lanes:forward", "2")]), 0)
        XCTAssertEqual(count([("lanes", "1.5")]), 0)
        // Turn lanes count each way the way is driven.
        XCTAssertEqual(count([("turn:lanes", "left|through|right")]), 6)
        XCTAssertEqual(count([("turn:lanes", "left|through|right")], oneway: true), 3)
        XCTAssertEqual(count([("lanes", "1"), ("turn:lanes:forward", "left|through")]), 2)
        XCTAssertEqual(count([("highway", "primary")]), 0)
    }
}
