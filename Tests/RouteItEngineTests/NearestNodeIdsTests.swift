import XCTest
import RouteItCore
@testable import RouteItEngine

/// OSRM's `/nearest` `nodes`: the OSM ids of the two nodes of the road piece a point snaps to,
/// kept packed in the map (`GeometryNodeIds`).
final class NearestNodeIdsTests: XCTestCase {
    func testPackedIdsReadBackForEveryEdge() {
        var generator = SeededRandom(seed: 11)
        var starts: [UInt32] = [0]
        var ids: [Int64] = []
        // More edges than three blocks; ids from neighbours a node apart to jumps across the
        // whole range, negative ones and the extremes a varint must carry.
        for edge in 0..<300 {
            let count = 2 + Int(generator.next() % 6)
            for i in 0..<count {
                switch (edge + i) % 5 {
                case 0: ids.append(Int64.max - Int64(generator.next() % 1000))
                case 1: ids.append(Int64.min + Int64(generator.next() % 1000))
                case 2: ids.append(-Int64(generator.next() % 1_000_000))
                default: ids.append((ids.last ?? 0) &+ (Int64(generator.next() % 3) + 1))
                }
            }
            starts.append(UInt32(ids.count))
        }
        let geometryStart = Column(starts)
        let packed = GeometryNodeIds(ids, geometryStart: geometryStart)
        for edge in 0..<300 {
            XCTAssertEqual(packed.ids(ofEdge: edge, geometryStart: geometryStart),
                           Array(ids[Int(starts[edge])..<Int(starts[edge + 1])]), "edge \(edge)")
        }
        XCTAssertEqual(packed.all(geometryStart: geometryStart), ids)
        XCTAssertNil(packed.ids(ofEdge: 300, geometryStart: geometryStart), "past the last edge")
    }

    func testCutBytesAreNotReadAsIds() {
        let geometryStart: Column<UInt32> = [0, 2]
        let packed = GeometryNodeIds([5_000_000_000, 5_000_000_001], geometryStart: geometryStart)
        let cut = GeometryNodeIds(bytes: Column(Array(packed.bytes.dropLast())), blockStart: [0, UInt64(packed.bytes.count - 1)])
        XCTAssertNil(cut.ids(ofEdge: 0, geometryStart: geometryStart))
    }

    /// OSRM's nearest/nodes.feature: a one-way a x b, a point west of a snaps to a, on a→x.
    func testAPointBeforeAOneWaySnapsToItsFirstPiece() throws {
        var f = RoadFixture()
        f.node("a", 0, 0, id: 7_100_000_001)
        f.node("x", 100, 0, id: 7_100_000_002)
        f.node("b", 200, 0, id: 7_100_000_003)
        f.street(1, ["a", "x", "b"], "Yksisuuntainen", highway: "primary", [("oneway", "yes")])
        let d = try f.build()
        let road = try XCTUnwrap(d.nearest(RoadFixture.coordinate(-50, 0), mode: .car))
        XCTAssertEqual(road.nodes, [f.id("a"), f.id("x")])
    }

    /// A grid of streets with many nodes, more edges than one block, its ids scattered: every
    /// point half-way along a piece names that piece's nodes in its way's direction.
    func testEachPieceOfAGridNamesItsOwnNodes() throws {
        let (f, d) = try scatteredGrid()
        func name(_ r: Int, _ c: Int) -> String { "\(r):\(c)" }
        for r in 0..<gridSize {
            for c in 0..<(gridSize - 1) {
                let road = try XCTUnwrap(d.nearest(RoadFixture.coordinate(Double(c) * 60 + 30, Double(r) * 60 + 5), mode: .walk))
                XCTAssertEqual(road.nodes, [f.id(name(r, c)), f.id(name(r, c + 1))], "Katu \(r) piece \(c)")
            }
        }
        for c in 0..<gridSize {
            for r in 1..<gridSize {
                let road = try XCTUnwrap(d.nearest(RoadFixture.coordinate(Double(c) * 60 + 5, Double(r) * 60 - 30), mode: .walk))
                XCTAssertEqual(road.nodes, [f.id(name(r, c)), f.id(name(r - 1, c))], "Tie \(c) piece above \(r)")
            }
        }
    }

    /// A route's line, each point its node, as OSRM's annotations=nodes: starting and ending
    /// half-way along pieces, the node behind the start and the node ahead of the end.
    func testARouteNamesTheNodeOfEachPointOfItsLine() throws {
        let (f, d) = try scatteredGrid()
        let row = (0..<gridSize).map { f.id("3:\($0)") }
        let from = RoadFixture.coordinate(90, 180), to = RoadFixture.coordinate(330, 180)
        let east = try XCTUnwrap(d.routes(from: from, to: to, mode: .walk, osmNodes: true).first)
        XCTAssertEqual(east.osmNodes, Array(row[1...6]), "from between 3:1 and 3:2 to between 3:5 and 3:6")
        XCTAssertEqual(east.osmNodes?.count, east.polyline.count)
        let west = try XCTUnwrap(d.routes(from: to, to: from, mode: .walk, osmNodes: true).first)
        XCTAssertEqual(west.osmNodes, Array(row[1...6].reversed()))
        // From a node itself: that node first.
        let fromNode = try XCTUnwrap(d.routes(from: RoadFixture.coordinate(60, 180), to: to, mode: .walk, osmNodes: true).first)
        XCTAssertEqual(fromNode.osmNodes, Array(row[1...6]))
        XCTAssertNil(try XCTUnwrap(d.routes(from: from, to: to, mode: .walk).first).osmNodes, "only when asked")
    }

    private let gridSize = 8

    private func scatteredGrid() throws -> (RoadFixture, OfflineDirections) {
        var f = RoadFixture()
        let size = gridSize
        func name(_ r: Int, _ c: Int) -> String { "\(r):\(c)" }
        for r in 0..<size {
            for c in 0..<size {
                // Ids neither in order nor close: each street's nodes must come out its own.
                f.node(name(r, c), Double(c) * 60, Double(r) * 60, id: 9_000_000_000 + Int64((r * 7_919 + c * 104_729) % 1_000_003) * 1_000)
            }
        }
        var way: Int64 = 1
        for r in 0..<size { f.street(way, (0..<size).map { name(r, $0) }, "Katu \(r)"); way += 1 }
        // North to south: the pieces run against the grid's y.
        for c in 0..<size { f.street(way, (0..<size).reversed().map { name($0, c) }, "Tie \(c)"); way += 1 }
        return (f, try f.build())
    }
}
