import Foundation
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// Real OSM errors and hostile inputs: each bad element is left out and counted in the
/// summary, the rest of the map is imported, and no input makes the work or the map explode.
final class ImportRobustnessTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestFiles.temporaryDirectory(for: self) }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func node(_ id: Int64, _ lat: Double, _ lon: Double) -> OSMEntity { TownFixture.node(id, lat, lon) }

    private func road(_ id: Int64, _ refs: [Int64], _ highway: String = "residential") -> OSMEntity {
        .way(OSMWay(id: id, nodeRefs: refs, tags: [("highway", highway)]))
    }

    private func importing(_ entities: [OSMEntity], info: OSMFileInfo = OSMFileInfo(),
                           name: String = "map.routeit") throws -> (ImportSummary, String) {
        let path = directory.appendingPathComponent(name).path
        let summary = try MapImporter().importMap(from: ArrayOSMReader(entities, info: info), sourceName: "input.osm", to: path)
        return (summary, path)
    }

    /// The road network the road layer builds from `entities`, and what it left out.
    private func network(_ entities: [OSMEntity]) throws -> (RoadNetwork, SkippedElements) {
        let builder = RoadLayerBuilder()
        var coordinates = NodeCoordinates()
        for entity in entities {
            switch entity {
            case .way(let way): try builder.collect(way: way) { _ in }
            case .node(let node): coordinates.record(node.id, Coordinate(latitude: node.latitude, longitude: node.longitude))
            case .relation: break
            }
        }
        let (net, _) = builder.buildNetwork(coordinates: coordinates)
        return (net, builder.skipped)
    }

    private func fileSize(_ path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }

    // MARK: numbers from the data

    /// A node at 0,0 among Helsinki's ("null island") made one segment thousands of km long,
    /// whose travel time overflowed UInt32 and killed the import.
    func testANodeAtNullIslandSkipsItsWayNotTheImport() throws {
        let entities = TownFixture.entities + [node(900, 0, 0), road(901, [1, 900, 3])]
        let (summary, path) = try importing(entities)
        XCTAssertEqual(summary.skipped[.wayWithImplausibleGeometry], 1)
        XCTAssertEqual(summary.skipped.description, "1 way with implausible geometry")
        let geocoder = try OfflineGeocoder(map: try RouteItMap(path: path))
        XCTAssertEqual(try geocoder.search("annankatu 25").first?.formattedAddress, "Annankatu 25, 00100 Helsinki")

        let (net, skipped) = try network(entities)
        XCTAssertEqual(Set(net.edgeWay), [100, 101, 102], "every other road is kept")
        XCTAssertEqual(skipped[.wayWithImplausibleGeometry], 1)
    }

    /// Coordinates outside the world, NaN or infinite are left out node by node; a way through
    /// such a node is cut there (1 to 4 is no road), and bounds in the header that make no sense
    /// are replaced by those of the data.
    func testNodesWithBadCoordinatesAreSkippedAndCounted() throws {
        let bad = [node(901, 95, 24.94), node(902, 60.17, -181), node(903, .nan, 24.94),
                   node(904, 60.17, .infinity), node(905, 1e300, 1e300)]
        let entities = TownFixture.entities + bad + [road(910, [1, 901, 902, 903, 904, 905, 4])]
        let info = OSMFileInfo(minLatitude: .nan, minLongitude: -1e300, maxLatitude: 1e300, maxLongitude: 24.95, timestamp: Int64.max)
        let (summary, path) = try importing(entities, info: info)
        XCTAssertEqual(summary.skipped[.nodeWithBadCoordinates], 5)
        XCTAssertEqual(summary.skipped.description, "5 nodes with bad coordinates, 1 way cut at a missing node")
        let map = try RouteItMap(path: path)
        let box = try XCTUnwrap(map.boundingBox)
        XCTAssertEqual(box.minLatitude, 60.1660, accuracy: 1e-9)
        XCTAssertEqual(box.maxLongitude, 24.9535, accuracy: 1e-9)
        XCTAssertNil(map.metadata[MapSchema.Key.sourceTimestamp])
    }

    /// Travel times from any length and speed stay inside the range the router adds up.
    func testTravelTimesSaturateInsteadOfTrapping() {
        XCTAssertEqual(RoadNetwork.travelMs(metres: 1e13, kmh: 5), RoadNetwork.maxEdgeMs)
        XCTAssertEqual(RoadNetwork.travelMs(metres: .infinity, kmh: 5), RoadNetwork.maxEdgeMs)
        XCTAssertEqual(RoadNetwork.travelMs(metres: .nan, kmh: 5), 1)
        XCTAssertEqual(RoadNetwork.travelMs(metres: 0, kmh: 5), 1)
        XCTAssertEqual(RoadNetwork.travelMs(metres: 1000, kmh: 36), 100_000)
        XCTAssertEqual(RoadNetwork.travelMs(metres: 1000, kmh: 0), 0)
    }

    func testImplausibleMaxspeedsAreIgnored() {
        XCTAssertEqual(RoadProfile.parseMaxspeed("50"), 50)
        XCTAssertEqual(RoadProfile.parseMaxspeed("30 mph") ?? 0, 48.28, accuracy: 0.01)
        for typo in ["5000", "0.0001", "99999999999999999999999", "300.1", "200 mph"] {
            XCTAssertNil(RoadProfile.parseMaxspeed(typo), typo)
        }
        // A typo no longer lifts the speed above the class default's upper bound.
        let profile = RoadProfile(tags: [("highway", "primary"), ("maxspeed", "100000")])
        XCTAssertEqual(profile?.carSpeed, RoadClass.primary.carSpeed)
    }

    // MARK: super-linear work on small inputs

    /// One way of 2,000 refs alternating between two nodes: 1,999 parallel edges whose turns
    /// and hierarchy grew with the cube (70 s, 830 MB). Now the way is left out.
    func testAWayZigzaggingBetweenTwoNodesIsSkipped() throws {
        let zigzag = [node(960, 60.1700, 24.9500), node(961, 60.1705, 24.9510), road(950, (0..<2000).map { $0 % 2 == 0 ? 960 : 961 })]
        let (summary, path) = try importing(TownFixture.entities + zigzag)
        XCTAssertEqual(summary.skipped[.wayThroughCrowdedNode], 1)
        XCTAssertEqual(summary.skipped.description, "1 way through a node shared by too many roads")
        XCTAssertLessThan(try fileSize(path), 2_000_000)
        let (net, _) = try network(TownFixture.entities + zigzag)
        XCTAssertEqual(Set(net.edgeWay), [100, 101, 102])
    }

    /// Hundreds of ways from one node are left out; a busy junction is kept up to the limit.
    func testWaysFromOneCrowdedNodeAreSkippedButBusyJunctionsStay() throws {
        var entities: [OSMEntity] = [node(1, 60.17, 24.94)]
        for i in 0..<500 {
            let angle = Double(i) / 500 * 2 * .pi
            entities.append(node(Int64(1000 + i), 60.17 + 0.001 * sin(angle), 24.94 + 0.002 * cos(angle)))
            entities.append(road(Int64(5000 + i), [1, Int64(1000 + i)]))
        }
        entities.append(node(2, 60.18, 24.94))
        // Node 2 joins 24 road ends: 22 ways end there, one passes through.
        for i in 0..<22 {
            entities.append(node(Int64(3000 + i), 60.18 + 0.001 * Double(i % 5 + 1), 24.94 + 0.001 * Double(i / 5)))
            entities.append(road(Int64(7000 + i), [2, Int64(3000 + i)]))
        }
        entities += [node(3100, 60.179, 24.939), node(3101, 60.181, 24.941), road(7100, [3100, 2, 3101])]
        let (summary, _) = try importing(entities)
        XCTAssertEqual(summary.skipped[.wayThroughCrowdedNode], 500)
        let (net, skipped) = try network(entities)
        XCTAssertEqual(skipped[.wayThroughCrowdedNode], 500)
        XCTAssertEqual(net.edgeCount, 24, "the junction of 24 road ends is kept")
        // One more road there is too many.
        let (_, more) = try network(entities + [node(3102, 60.17, 24.95), road(7101, [2, 3102])])
        XCTAssertEqual(more[.wayThroughCrowdedNode], 500 + 24)
    }

    /// Forty motorways drawn from Helsinki to Italy in a few KB took 9.5 GB; each is one
    /// segment far longer than any road without nodes between, so each is left out.
    func testRoadsDrawnAcrossAContinentAreSkipped() throws {
        var entities: [OSMEntity] = TownFixture.entities
        for i in 0..<40 {
            entities.append(node(Int64(2000 + 2 * i), 60.17 + 0.001 * Double(i), 24.9 + 0.001 * Double(i)))
            entities.append(node(Int64(2001 + 2 * i), 45.5 + 0.01 * Double(i), 12.3 + 0.01 * Double(i)))
            entities.append(road(Int64(8000 + i), [Int64(2000 + 2 * i), Int64(2001 + 2 * i)], "motorway"))
        }
        // And one that creeps there in 99 km steps: every step is plausible, the way is not.
        let steps = 25
        for s in 0...steps {
            let t = Double(s) / Double(steps)
            entities.append(node(Int64(3000 + s), 60.17 + (45.5 - 60.17) * t, 24.9 + (12.3 - 24.9) * t))
        }
        entities.append(road(8100, (0...steps).map { Int64(3000 + $0) }, "motorway"))
        let (summary, path) = try importing(entities)
        XCTAssertEqual(summary.skipped[.wayWithImplausibleGeometry], 41)
        XCTAssertLessThan(try fileSize(path), 2_000_000)
    }

    /// Long but plausible roads (nine segments of about 85 km, 770 km in all, diagonally):
    /// kept, and the spatial index lists each along its line, not over its bounding box.
    func testTheEdgeGridFollowsLongSegmentsInsteadOfFillingTheirBoxes() throws {
        var entities: [OSMEntity] = []
        for s in 0...9 {
            entities.append(node(Int64(1 + s), 60.17 - 0.5 * Double(s), 24.9 + 1.0 * Double(s)))
        }
        entities.append(road(10, (1...10).map { Int64($0) }, "primary"))
        let (net, skipped) = try network(entities)
        XCTAssertTrue(skipped.isEmpty, skipped.description)
        XCTAssertEqual(net.edgeCount, 1)
        let grid = EdgeGrid.build(net)
        // Each segment crosses about 300 cells (steps of one cell, at most 4 cells a step); the
        // bounding box of each holds about 85,000.
        XCTAssertLessThan(grid.cellEdges.count, 9 * 4 * 400)
        // Every point along the road is in a cell that lists it.
        let points = net.points(of: 0).map(\.coordinate)
        for (a, b) in zip(points, points.dropFirst()) {
            for k in 0...200 {
                let t = Double(k) / 200
                let (r, c) = grid.cell(lat: a.latitude + (b.latitude - a.latitude) * t,
                                       lon: a.longitude + (b.longitude - a.longitude) * t)
                XCTAssertTrue(grid.edges(inCell: r, c).contains(0), "cell \(r),\(c) at t=\(t)")
            }
        }
    }

    /// A node with 40,000 tags took 17 s to read (the reader copied the tag list at every tag).
    func testANodeWithFortyThousandTagsImports() throws {
        var text = "<osm version=\"0.6\"><node id=\"1\" lat=\"60.17\" lon=\"24.94\">"
        for i in 0..<40_000 { text += "<tag k=\"note:\(i)\" v=\"\(i)\"/>" }
        text += "<tag k=\"amenity\" v=\"cafe\"/><tag k=\"name\" v=\"Kahvila\"/></node>"
        text += "<node id=\"2\" lat=\"60.171\" lon=\"24.941\"/><node id=\"3\" lat=\"60.172\" lon=\"24.942\"/>"
        text += "<way id=\"4\"><nd ref=\"2\"/><nd ref=\"3\"/><tag k=\"highway\" v=\"residential\"/></way></osm>"
        let osm = directory.appendingPathComponent("tags.osm")
        try Data(text.utf8).write(to: osm)
        let path = directory.appendingPathComponent("tags.routeit").path
        let summary = try MapImporter().importMap(osmFile: osm.path, to: path)
        XCTAssertEqual([summary.nodes, summary.ways], [3, 1])
        XCTAssertTrue(summary.skipped.isEmpty)
        let geocoder = try OfflineGeocoder(map: try RouteItMap(path: path))
        XCTAssertEqual(try geocoder.search("kahvila").first?.name, "Kahvila")
    }

    /// 10,000 ways sharing one street name (real countries have thousands of "Koulukatu"s) made
    /// the addresses phase quadratic. Ways of one name that lie together are one street, towns
    /// apart stay apart, and all 10,000 are grouped in one pass.
    func testTenThousandWaysOfOneNameGroupIntoTheirTowns() {
        var coordinates = NodeCoordinates()
        var streets: [AddressLayerBuilder.PendingStreet] = []
        var id: Int64 = 0
        // 100 towns 5 km apart, each with 100 short ways of "Samakatu" within 150 m.
        for town in 0..<100 {
            let lat = 60.0 + Double(town / 10) * 0.045, lon = 24.0 + Double(town % 10) * 0.09
            for way in 0..<100 {
                let a = Coordinate(latitude: lat + Double(way % 10) * 0.00012, longitude: lon + Double(way / 10) * 0.00025)
                let b = Coordinate(latitude: a.latitude + 0.0001, longitude: a.longitude)
                id += 2
                coordinates.record(id, a)
                coordinates.record(id + 1, b)
                streets.append(.init(name: "Samakatu", otherNames: [], refs: [id, id + 1]))
            }
        }
        let groups = StreetGroups(streets: streets, coordinates: coordinates).groups
        XCTAssertEqual(groups.count, 100, "one Samakatu per town")
        XCTAssertEqual(Set(groups.map(\.lines.count)), [100])
    }
}
