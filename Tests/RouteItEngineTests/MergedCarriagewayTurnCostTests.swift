import XCTest
import RouteItCore
@testable import RouteItEngine

/// Turning from one carriageway of a divided road into the other where they meet costs what
/// OSRM charges: its `MergableRoadDetector` merges the two into one road of the junction, so the
/// turn between them is one of 0°, a U-turn, and car.lua adds `u_turn_penalty` (27.4 s in all),
/// however sharply the two ways are drawn (`MergedCarriageways`).
final class MergedCarriagewayTurnCostTests: XCTestCase {
    /// OSRM's merge-segregated-roads.feature crossing (`ParallelCarriagewaysTests`): two divided
    /// streets whose four carriageways meet at A.
    private func crossing() -> RoadFixture { RoadFixture.segregatedCrossing() }

    /// The turn's cost at `via` (ms) in the car graph: arriving by way `from`, leaving by way `to`.
    private func turnCost(_ f: RoadFixture, from: Int64, via: String, to: Int64) throws -> UInt32 {
        let fixture = try FixtureNetwork(f)
        let net = fixture.net, g = fixture.graph(.car)
        let v = try XCTUnwrap(RoadLayerBuilder.index(of: f.id(via), in: fixture.junctions))
        let edges = 0..<net.edgeCount
        // The ways are one-ways drawn as they are driven: into `via` forward, out of it forward.
        let k = try XCTUnwrap(edges.first { net.edgeWay[$0] == from && net.edgeTo[$0] == v }) * 2
        let next = try XCTUnwrap(edges.first { net.edgeWay[$0] == to && net.edgeFrom[$0] == v }) * 2
        let arc = try XCTUnwrap(g.arcWeight.indices.first { g.storedArcFrom[$0] == g.edgeDirNode[k] && g.arcEdgeDir[$0] == Int32(next) })
        return g.arcWeight[arc] - net.weight(next >> 1, forward: true, .car)
    }

    /// North on Second's east carriageway (way 4 into A), back south on its west one (way 4 on
    /// from A): OSRM's U-turn, though the ways' own bends into A make a turn of about 150°.
    func testTurningIntoTheOtherCarriagewayCostsAUTurn() throws {
        XCTAssertEqual(try turnCost(crossing(), from: 4, via: "A", to: 4), 27_400)
        // Turning right onto First's east-bound carriageway is an ordinary turn.
        XCTAssertLessThan(try turnCost(crossing(), from: 4, via: "A", to: 2), 7_500)
    }

    /// A one-way and a two-way drawn over the same nodes J–F (OSRM's turn-angles.feature, "Merging
    /// at Turn"): leaving F back along the other way is a turn of 0°, so OSRM's U-turn, though
    /// it is another edge than the one arrived by.
    func testTurningBackAlongAWayOverTheSameNodesCostsAUTurn() throws {
        var f = RoadFixture()
        f.node("S", 0, -100); f.node("J", 0, 0); f.node("F", 0, 100); f.node("W", -100, 100); f.node("E", 100, 100)
        f.street(1, ["S", "J"], "Perle", highway: "secondary")
        f.street(2, ["J", "F"], "Perle", highway: "secondary", [("oneway", "yes")])
        f.street(3, ["F", "J"], "Perle", highway: "secondary")
        f.street(4, ["W", "F", "E"], "Fenn", highway: "secondary")
        XCTAssertEqual(try turnCost(f, from: 2, via: "F", to: 3), 27_400)
    }

    /// Monaco's Rond-Point Sainte-Dévote: Avenue d'Ostende's west-bound lane turns round by a
    /// short one-way loop of the rond-point's name into the east-bound one. OSRM merges the
    /// loop with the rond-point's one-way at both of its ends (it walks round the ring, where
    /// guidance's walk stops), so both turns are U-turns: 156.3 s for the trip, not 106 s.
    func testMonacoTurnaroundByTheRondPointCostsTwoUTurns() throws {
        let d = try OfflineDirections(path: try RealMaps.path("monaco.osm.pbf"))
        let route = try XCTUnwrap(d.routes(from: Coordinate(latitude: 43.738406, longitude: 7.420696),
                                           to: Coordinate(latitude: 43.738189, longitude: 7.427802), mode: .car).first)
        XCTAssertEqual(route.distance, 1441.8, accuracy: 1)
        XCTAssertEqual(route.expectedTravelTime, 156.3, accuracy: 1.5)
    }
}
