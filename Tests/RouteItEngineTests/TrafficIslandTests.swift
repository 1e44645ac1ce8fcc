import XCTest
import RouteItCore
@testable import RouteItEngine

/// A road split around a traffic island (OSRM 26.10's merge-segregated-roads.feature, "Middle
/// Island Over Bridge"): its two one-way halves are one road at the junctions where they part
/// and meet again, so going round the island is no turn.
final class TrafficIslandTests: XCTestCase, HandMadeJunctions {
    /// Road runs south from A, parts at B round a 12 m wide island and meets again at E, 24 m
    /// south; each half crosses a bridge (C–D southbound on the west, G–H northbound on the east).
    private func island() throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("A", 6, 0); f.node("B", 6, -6); f.node("C", 0, -12); f.node("D", 0, -24); f.node("E", 6, -30)
        f.node("F", 6, -60); f.node("H", 12, -12); f.node("G", 12, -24)
        f.street(1, ["A", "B"], "Road"); f.street(2, ["E", "F"], "Road")
        f.way(3, ["B", "C"], [("highway", "residential"), ("oneway", "yes"), ("name", "Road")])
        f.way(4, ["C", "D"], [("highway", "residential"), ("oneway", "yes"), ("name", "Bridge")])
        f.way(5, ["D", "E"], [("highway", "residential"), ("oneway", "yes"), ("name", "Road")])
        f.way(6, ["E", "G"], [("highway", "residential"), ("oneway", "yes"), ("name", "Road")])
        f.way(7, ["G", "H"], [("highway", "residential"), ("oneway", "yes"), ("name", "Bridge")])
        f.way(8, ["H", "B"], [("highway", "residential"), ("oneway", "yes"), ("name", "Road")])
        return try f.build()
    }

    /// From the east half's bridge north onto Road: the bend at H onto the island's last piece
    /// turns as the merged road does at B, straight on (OSRM's bearing of a way to a junction
    /// where it is merged), so nothing is said.
    func testLeavingTheIslandOntoTheRoadItSplitIsNoTurn() throws {
        let d = try island()
        XCTAssertEqual(instructions(try d.route((12, -18), (6, 0)).first),
                       ["Head north on Bridge", "Arrive at your destination"])
    }
}
