import XCTest
import RouteItCore
@testable import RouteItEngine

/// A way cut by the extract's edge goes on beyond it: its cut end is no dead end to U-turn at.
final class ExtractEdgeTests: XCTestCase {
    /// A one-way street north (4) to P, where the left turn (onto 3a, west) is banned; to the
    /// right 3b runs east to X. The long way round is south (6) and back up to S. With X a
    /// mapped dead end the car turns there; with 3b going on beyond the extract it may not.
    static func streets(cutAtX: Bool, wayRound: Bool = true) -> RoadFixture {
        var f = RoadFixture()
        f.node("S", 0, 0); f.node("P", 50, 0); f.node("M", 100, 0); f.node("X", 150, 0)
        f.node("Q", 50, -100); f.node("L", 100, -300); f.node("K", 0, -300)
        f.street(30, ["S", "P"], "Rantatie")
        if cutAtX { f.streetLeavingTheExtract(31, ["P", "M", "X"], "Rantatie") } else { f.street(31, ["P", "M", "X"], "Rantatie") }
        f.street(4, ["Q", "P"], "Nousu", [("oneway", "yes")])
        if wayRound { f.street(6, ["M", "L", "K", "S"], "Kierros") }
        f.restriction(100, "no_left_turn", from: 4, via: "P", to: 30)
        return f
    }

    func testTheCarDoesNotUTurnWhereTheExtractCutsAWay() throws {
        let mapped = try Self.streets(cutAtX: false).build().checkedCarRoute((50, -80), (20, 0))
        XCTAssertEqual(mapped.distance, 310, accuracy: 3, "at a mapped dead end the car turns: \(mapped.steps.map(\.instruction))")
        XCTAssertTrue(mapped.steps.contains { $0.instruction.contains("U-turn") }, "\(mapped.steps.map(\.instruction))")
        let cut = try Self.streets(cutAtX: true).build().checkedCarRoute((50, -80), (20, 0))
        XCTAssertEqual(cut.distance, 850, accuracy: 3, "\(cut.steps.map(\.instruction))")
        XCTAssertFalse(cut.steps.contains { $0.instruction.contains("U-turn") }, "\(cut.steps.map(\.instruction))")
    }

    /// Where the map has no other way, the route turns round at the cut end rather than say no
    /// route (the charge that keeps other routes off it is weight, not time).
    func testWithNoOtherWayTheCarTurnsRoundThereAndItsTimeIsTheDrive() throws {
        let map = try Self.streets(cutAtX: true, wayRound: false).build()
        let cut = try XCTUnwrap(try map.route((50, -80), (20, 0)).first)
        let costs = try map.costs(RoadFixture.coordinate(50, -80), RoadFixture.coordinate(20, 0), .car)
        XCTAssertEqual(costs.ch, costs.reference, "the hierarchy answers like plain Dijkstra")
        XCTAssertEqual(cut.distance, 310, accuracy: 3, "\(cut.steps.map(\.instruction))")
        XCTAssertTrue(cut.steps.contains { $0.instruction.contains("U-turn") }, "\(cut.steps.map(\.instruction))")
        XCTAssertLessThan(cut.expectedTravelTime, 300, "no charge in the time")
        XCTAssertEqual(cut.turnsAtMapEdge, true, "said under the directions")
    }

    /// Only a turn round at the map's edge is said: not one at a mapped dead end, nor a route
    /// that goes the long way round instead.
    func testOtherRoutesDoNotSayTheyTurnAtTheMapsEdge() throws {
        let mapped = try XCTUnwrap(try Self.streets(cutAtX: false).build().route((50, -80), (20, 0)).first)
        XCTAssertTrue(mapped.steps.contains { $0.instruction.contains("U-turn") }, "\(mapped.steps.map(\.instruction))")
        XCTAssertNil(mapped.turnsAtMapEdge)
        XCTAssertNil(try XCTUnwrap(try Self.streets(cutAtX: true).build().route((50, -80), (20, 0)).first).turnsAtMapEdge)
    }

    func testBicyclesDoNotTurnRoundThereEither() throws {
        let fixture = Self.streets(cutAtX: true)
        let network = try FixtureNetwork(fixture)
        let x = try XCTUnwrap(RoadLayerBuilder.index(of: fixture.id("X"), in: network.junctions))
        func arcsLeavingX(_ cutEnds: Set<Int32>) -> Int {
            let g = ModeGraph.build(network.net, mode: .bike, restrictions: [], viaNodeIndex: { _ in nil }, cutEnds: cutEnds)
            return (0..<g.arcCount).filter { network.net.tail(ofDirection: Int(g.arcEdgeDir[$0])) == Int(x) }.count
        }
        XCTAssertEqual(arcsLeavingX([]), 1, "a dead end: the way back")
        XCTAssertEqual(arcsLeavingX([x]), 0, "the extract's edge: no turning round")
    }
}
