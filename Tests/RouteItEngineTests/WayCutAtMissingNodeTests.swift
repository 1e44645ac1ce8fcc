import Foundation
import XCTest
import RouteItCore
@testable import RouteItEngine
import RouteItSQLite
import RouteItTestSupport

/// A way that refers to a node the file lacks is cut there, as osrm-extract cuts it: the nodes
/// either side are never joined by a straight piece (Helsinki's footway ring w579278047 lacks
/// n5548086267, and walks took a 70 m shortcut across the park that OSRM does not have).
final class WayCutAtMissingNodeTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestFiles.temporaryDirectory(for: self) }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// Puistotie, a square street round a park (metres from `RoadFixture.origin`): 1 (0,0) east
    /// to 2 (100,0), 3 (200,0) which the file lacks, 4 (300,0), north to 5 (300,200), west to
    /// 6 (0,200) and back to 1. Reunatie leaves at 5 for 7 (400,200) and 8, beyond the extract.
    private func parkFile() throws -> URL {
        let points: [(Int64, Double, Double)] = [(1, 0, 0), (2, 100, 0), (4, 300, 0), (5, 300, 200), (6, 0, 200), (7, 400, 200)]
        let nodes = points.map { id, x, y in
            let c = RoadFixture.coordinate(x, y)
            return "  <node id=\"\(id)\" lat=\"\(c.latitude)\" lon=\"\(c.longitude)\"/>"
        }
        func way(_ id: Int, _ refs: [Int], _ name: String) -> String {
            "  <way id=\"\(id)\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined()
                + "<tag k=\"highway\" v=\"residential\"/><tag k=\"name\" v=\"\(name)\"/></way>"
        }
        return try OSMTestData.write("""
            <?xml version='1.0' encoding='UTF-8'?>
            <osm version="0.6" generator="hand">
            \(nodes.joined(separator: "\n"))
            \(way(10, [1, 2, 3, 4, 5, 6, 1], "Puistotie"))
            \(way(11, [5, 7, 8], "Reunatie"))
            </osm>
            """, named: "park.osm", in: directory)
    }

    private func importPark() throws -> (ImportSummary, String) {
        let path = directory.appendingPathComponent("park.routeit").path
        return (try MapImporter().importMap(osmFile: try parkFile().path, to: path), path)
    }

    func testEveryModeGoesRoundTheParkNotAcrossTheGap() throws {
        let (summary, path) = try importPark()
        XCTAssertEqual(summary.skipped[.wayCutAtMissingNode], 1, "a way leaving the extract at its end is not counted")
        XCTAssertEqual(summary.skipped.description, "1 way cut at a missing node")
        let directions = try OfflineDirections(path: path)
        let roundThePark = RoadFixture.measured([(100, 0), (0, 0), (0, 200), (300, 200), (300, 0)])
        for mode in [TransportType.car, .walk, .bike] {
            let route = try XCTUnwrap(try directions.route((100, 0), (300, 0), mode).first, "\(mode)")
            XCTAssertEqual(route.distance, roundThePark, accuracy: 3, "\(mode): not 200 m straight from 2 to 4")
        }
    }

    func testTheStreetLinesOfTheGeocoderLeaveTheGapOpen() throws {
        let (_, path) = try importPark()
        let map = try RouteItMap(path: path)
        let (two, four) = (RoadFixture.coordinate(100, 0), RoadFixture.coordinate(300, 0))
        let segments = try streetSegments(map.database, streetKey: "puistotie")
        XCTAssertEqual(segments.count, 4, "1-2, 4-5, 5-6, 6-1")
        XCTAssertFalse(segments.contains { a, b in
            (a.distance(to: two) < 1 && b.distance(to: four) < 1) || (a.distance(to: four) < 1 && b.distance(to: two) < 1)
        }, "\(segments)")
    }

    /// The OSM ids a route's points name (`annotations=nodes`) are neighbours on a way.
    func testGeometryNodeIdsNeverPairTheGapsNeighbours() throws {
        let reader = try openOSMReader(at: try parkFile())
        let builder = RoadLayerBuilder()
        var coordinates = NodeCoordinates()
        try reader.read(.all) { entity in
            switch entity {
            case .way(let way): try builder.collect(way: way) { _ in }
            case .node(let node): coordinates.record(node.id, Coordinate(latitude: node.latitude, longitude: node.longitude))
            case .relation: break
            }
        }
        let (net, _) = builder.buildNetwork(coordinates: coordinates)
        var pairs: Set<[Int64]> = []
        for edge in 0..<net.edgeCount {
            let ids = try XCTUnwrap(net.nodeIds.ids(ofEdge: edge, geometryStart: net.geometryStart))
            for (a, b) in zip(ids, ids.dropFirst()) { pairs.insert([min(a, b), max(a, b)]) }
        }
        XCTAssertEqual(pairs, [[1, 2], [4, 5], [5, 6], [1, 6], [5, 7]])
        XCTAssertEqual(builder.skipped[.wayCutAtMissingNode], 1)
    }
}
