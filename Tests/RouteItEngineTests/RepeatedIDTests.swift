import Foundation
import XCTest
import RouteItCore
@testable import RouteItEngine
import RouteItTestSupport

/// A file that gives a node or way id twice keeps the first copy: a second copy of a node 97 km
/// away moved the road's node and stretched the map's area, silently. The summary counts the
/// copies left out.
final class RepeatedIDTests: XCTestCase {
    typealias W = ProtobufTestWriter
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestFiles.temporaryDirectory(for: self) }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// Kuja: 1 (0,0), 2 (100,0), 3 (200,0) metres from `RoadFixture.origin`; then 2 again at 61.0, 25.5.
    private static let points: [(Int64, Coordinate)] = [
        (1, RoadFixture.coordinate(0, 0)), (2, RoadFixture.coordinate(100, 0)), (3, RoadFixture.coordinate(200, 0)),
        (2, Coordinate(latitude: 61.0, longitude: 25.5)),
    ]

    private func xmlFile() throws -> URL {
        let nodes = Self.points.map { "  <node id=\"\($0.0)\" lat=\"\($0.1.latitude)\" lon=\"\($0.1.longitude)\"/>" }
        return try OSMTestData.write("""
            <?xml version='1.0' encoding='UTF-8'?>
            <osm version="0.6" generator="hand">
            \(nodes.joined(separator: "\n"))
              <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/><tag k="name" v="Kuja"/></way>
            </osm>
            """, named: "repeated.osm", in: directory)
    }

    /// The same in PBF: dense nodes 1, 2, 3, 2 (in 1e-7 degrees), then the way.
    private func pbfFile() throws -> URL {
        let nodes = W.message { g in
            g.data(2, W.message { d in
                d.packedDeltas(1, Self.points.map(\.0))
                d.packedDeltas(8, Self.points.map { Int64(($0.1.latitude * 1e7).rounded()) })
                d.packedDeltas(9, Self.points.map { Int64(($0.1.longitude * 1e7).rounded()) })
            })
        }
        let way = W.message { g in
            g.data(3, W.message { w in
                w.int(1, 10)
                w.packed(2, [1, 3])
                w.packed(3, [2, 4])
                w.packedDeltas(8, [1, 2, 3])
            })
        }
        return try OSMTestData.write(PBFTestEncoder.header()
            + PBFTestEncoder.dataBlock(strings: ["highway", "residential", "name", "Kuja"], groups: [nodes, way]),
            named: "repeated.osm.pbf", in: directory)
    }

    func testTheFirstCopyOfANodeIsKeptAndTheOthersCounted() throws {
        for file in [try xmlFile(), try pbfFile()] {
            let path = directory.appendingPathComponent(file.lastPathComponent + ".routeit").path
            let summary = try MapImporter().importMap(osmFile: file.path, to: path)
            XCTAssertEqual(summary.nodes, 4, file.lastPathComponent)
            XCTAssertEqual(summary.skipped[.repeatedNodeID], 1, file.lastPathComponent)
            XCTAssertEqual(summary.skipped.description, "1 node repeating an earlier node's id (the first is kept)")
            let map = try RouteItMap(path: path)
            let box = try XCTUnwrap(map.boundingBox)
            XCTAssertLessThan(box.maxLatitude, 60.2, "the map's area is the road's: \(box)")
            XCTAssertLessThan(box.maxLongitude, 25, "\(box)")
            let route = try XCTUnwrap(try OfflineDirections(path: path).route((0, 0), (200, 0), .car).first)
            XCTAssertEqual(route.distance, RoadFixture.measured([(0, 0), (200, 0)]), accuracy: 2, file.lastPathComponent)
        }
    }

    /// Kuja 10 runs 1 (0,0), 2 (100,0), 3 (200,0); 11 goes on from 3 to 4 (100,300). A second
    /// way 10 straight from 1 to 4 is left out, whether it follows the first (a sorted file) or not.
    func testTheFirstCopyOfAWayIsKeptAndTheOthersCounted() throws {
        let points: [(Int64, Double, Double)] = [(1, 0, 0), (2, 100, 0), (3, 200, 0), (4, 100, 300)]
        let nodes = points.map { id, x, y in
            let c = RoadFixture.coordinate(x, y)
            return "  <node id=\"\(id)\" lat=\"\(c.latitude)\" lon=\"\(c.longitude)\"/>"
        }
        func way(_ id: Int, _ refs: [Int]) -> String {
            "  <way id=\"\(id)\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined() + "<tag k=\"highway\" v=\"residential\"/></way>"
        }
        let first = way(10, [1, 2, 3]), next = way(11, [3, 4]), copy = way(10, [1, 4])
        for (name, ways) in [("unsorted", [first, next, copy]), ("sorted", [first, copy, next])] {
            let file = try OSMTestData.write("""
                <?xml version='1.0' encoding='UTF-8'?>
                <osm version="0.6" generator="hand">
                \(nodes.joined(separator: "\n"))
                \(ways.joined(separator: "\n"))
                </osm>
                """, named: "\(name).osm", in: directory)
            let path = directory.appendingPathComponent("\(name).routeit").path
            let summary = try MapImporter().importMap(osmFile: file.path, to: path)
            XCTAssertEqual(summary.ways, 3, name)
            XCTAssertEqual(summary.skipped.description, "1 road repeating an earlier way's id (the first is kept)", name)
            let route = try XCTUnwrap(try OfflineDirections(path: path).route((0, 0), (100, 300), .walk).first, name)
            XCTAssertEqual(route.distance, RoadFixture.measured([(0, 0), (200, 0), (100, 300)]), accuracy: 3, name)
        }
    }
}
