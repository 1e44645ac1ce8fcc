import XCTest
import RouteItCore
@testable import RouteItEngine

/// Two divided streets whose four carriageways all meet at one node (OSRM 26.10's
/// merge-segregated-roads.feature, "Four Way Intersection Double Through Street Segregated"):
/// each street's two one-ways run side by side, 15 m apart, so OSRM reads them as one road of
/// the junction, heading between the two (`MergableRoadDetector::HaveSameDirection`).
final class ParallelCarriagewaysTests: XCTestCase, HandMadeJunctions {
    private func crossing() throws -> OfflineDirections { try RoadFixture.segregatedCrossing().build() }

    /// North on Second's east carriageway, then east on First: a right turn from the merged
    /// road to the merged road, not the sharp one the two carriageways' own bends make.
    func testTurningBetweenMergedCarriagewaysReadsTheMergedRoads() throws {
        let d = try crossing()
        XCTAssertEqual(instructions(try d.route((12, -40), (50, -9)).first),
                       ["Head north on Second", "Turn right onto First", "Arrive at your destination"])
    }

    /// North on Second's east carriageway and back south on its west one: the two are one road,
    /// so that is turning back on it.
    func testTurningIntoTheOtherCarriagewayIsAUTurn() throws {
        let d = try crossing()
        XCTAssertEqual(instructions(try d.route((12, -40), (-4, -40)).first),
                       ["Head north on Second", "Make a U-turn onto Second", "Arrive at your destination"])
    }
}

extension RoadFixture {
    /// OSRM's merge-segregated-roads.feature crossing: First runs west–east (its carriageways
    /// north and south of the junction's row, ways 1 and 2), Second south–north (west and east of
    /// it, ways 3 and 4). Each carriageway bends into the node A.
    static func segregatedCrossing() -> RoadFixture {
        var f = RoadFixture()
        f.node("A", 0, 0)
        f.node("I", -15, 6); f.node("J", -67, 6); f.node("H", -15, -9); f.node("K", -67, -9)
        f.node("D", 21, 6); f.node("O", 75, 6); f.node("E", 22, -9); f.node("N", 75, -9)
        f.node("B", -4, 18); f.node("Q", -4, 57); f.node("C", 12, 18); f.node("P", 12, 57)
        f.node("G", -4, -15); f.node("L", -4, -54); f.node("F", 12, -15); f.node("M", 12, -54)
        let oneWay = [("highway", "primary"), ("oneway", "yes")]
        f.way(1, ["K", "H", "A", "I", "J"], oneWay + [("name", "First")])
        f.way(2, ["O", "D", "A", "E", "N"], oneWay + [("name", "First")])
        f.way(3, ["Q", "B", "A", "C", "P"], oneWay + [("name", "Second")])
        f.way(4, ["M", "F", "A", "G", "L"], oneWay + [("name", "Second")])
        return f
    }
}
