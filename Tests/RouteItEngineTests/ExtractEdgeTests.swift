import XCTest
import RouteItCore
@testable import RouteItEngine

/// A way cut by the extract's edge ends there as osrm-extract leaves it: a car turns round at
/// its cut end as at any dead end (and is told the road goes on); a bicycle does not.
final class ExtractEdgeTests: XCTestCase {
    /// A one-way street north (4) to P, where the left turn (onto 3a, west) is banned; to the
    /// right 3b runs east to X. The long way round is south (6) and back up to S. `carPark`: a
    /// car park's service tunnel from M (10 km/h, 90 m) to the car park's entrance, a dead end.
    static func streets(cutAtX: Bool, wayRound: Bool = true, carPark: Bool = false) -> RoadFixture {
        var f = RoadFixture()
        f.node("S", 0, 0); f.node("P", 50, 0); f.node("M", 100, 0); f.node("X", 150, 0)
        f.node("Q", 50, -100); f.node("L", 100, -300); f.node("K", 0, -300)
        f.street(30, ["S", "P"], "Rantatie")
        if cutAtX { f.streetLeavingTheExtract(31, ["P", "M", "X"], "Rantatie") } else { f.street(31, ["P", "M", "X"], "Rantatie") }
        f.street(4, ["Q", "P"], "Nousu", [("oneway", "yes")])
        if wayRound { f.street(6, ["M", "L", "K", "S"], "Kierros") }
        if carPark {
            f.node("C", 100, 90, [("amenity", "parking"), ("fee", "yes")])
            f.way(7, ["M", "C"], [("highway", "service"), ("tunnel", "yes"), ("layer", "-2"), ("maxspeed", "10")])
        }
        f.restriction(100, "no_left_turn", from: 4, via: "P", to: 30)
        return f
    }

    /// The cut end is a dead end like a mapped one (OSRM's graph has the same): the car turns
    /// round there rather than go the long way round, in the same time, and is told so.
    func testTheCarTurnsRoundWhereTheExtractCutsAWayAsAtADeadEnd() throws {
        let mapped = try Self.streets(cutAtX: false).build().checkedCarRoute((50, -80), (20, 0))
        XCTAssertEqual(mapped.distance, 310, accuracy: 3, "at a mapped dead end the car turns: \(mapped.steps.map(\.instruction))")
        XCTAssertTrue(mapped.steps.contains { $0.instruction.contains("U-turn") }, "\(mapped.steps.map(\.instruction))")
        let cut = try Self.streets(cutAtX: true).build().checkedCarRoute((50, -80), (20, 0))
        XCTAssertEqual(cut.distance, mapped.distance, accuracy: 0.5, "\(cut.steps.map(\.instruction))")
        XCTAssertEqual(cut.expectedTravelTime, mapped.expectedTravelTime, accuracy: 0.05)
        XCTAssertTrue(cut.steps.contains { $0.instruction.contains("U-turn") }, "\(cut.steps.map(\.instruction))")
    }

    /// Round 8's finding 15 (Helsinki's Forum car park): a car does not go down a car park's
    /// tunnel to turn round at its dead end when it can turn where the street leaves the map,
    /// as OSRM turns. (Charged as entering a closed road, the cut end sent it into the car park.)
    func testTheCarTurnsRoundWhereTheStreetLeavesTheMapNotInACarPark() throws {
        let map = try Self.streets(cutAtX: true, wayRound: false, carPark: true).build()
        let route = try map.checkedCarRoute((50, -80), (20, 0))
        XCTAssertEqual(route.distance, 310, accuracy: 3, "\(route.steps.map(\.instruction))")
        XCTAssertTrue(route.steps.contains { $0.instruction.contains("U-turn") }, "\(route.steps.map(\.instruction))")
        XCTAssertEqual(try XCTUnwrap(try map.route((50, -80), (20, 0)).first).turnsAtMapEdge, true)
        // With the street mapped on (no cut end), the car park's dead end is the only place to turn.
        let mapped = try Self.streets(cutAtX: false, wayRound: false, carPark: true).build()
        XCTAssertEqual(try mapped.checkedCarRoute((50, -80), (20, 0)).distance, 310, accuracy: 3, "X is a mapped dead end too")
    }

    /// Where the map has no other way, the route turns round at the cut end rather than say no
    /// route, and its time is the drive and the U-turn.
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
    /// along the cut street that does not turn round.
    func testOtherRoutesDoNotSayTheyTurnAtTheMapsEdge() throws {
        let mapped = try XCTUnwrap(try Self.streets(cutAtX: false).build().route((50, -80), (20, 0)).first)
        XCTAssertTrue(mapped.steps.contains { $0.instruction.contains("U-turn") }, "\(mapped.steps.map(\.instruction))")
        XCTAssertNil(mapped.turnsAtMapEdge)
        let along = try XCTUnwrap(try Self.streets(cutAtX: true).build().route((10, 0), (140, 0)).first)
        XCTAssertFalse(along.steps.contains { $0.instruction.contains("U-turn") }, "\(along.steps.map(\.instruction))")
        XCTAssertNil(along.turnsAtMapEdge)
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
