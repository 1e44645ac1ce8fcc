import XCTest
@testable import RouteItEngine

/// The decoder on the real extracts. Ground truth (counts, sampled elements, header) was
/// obtained independently with pyosmium (`pip install osmium`, osmium.SimpleHandler /
/// osmium.io.Reader(...).header()) and hard-coded here. A full dump of every element of the
/// three files was also compared line by line with pyosmium's and found identical.
final class PBFRealDataTests: XCTestCase {
    private struct Counts: Equatable { var nodes = 0, ways = 0, relations = 0 }

    private func count(_ reader: OSMReader, _ kinds: OSMEntityKinds = .all) throws -> Counts {
        var counts = Counts()
        try reader.read(kinds) { entity in
            switch entity {
            case .node: counts.nodes += 1
            case .way: counts.ways += 1
            case .relation: counts.relations += 1
            }
        }
        return counts
    }

    func testTestExtractCountsMatchOsmium() throws {
        let reader = try openOSMReader(at: try OSMTestData.realFile("test.osm.pbf"))
        XCTAssertTrue(reader is PBFReader)
        XCTAssertEqual(try count(reader), Counts(nodes: 14222, ways: 2653, relations: 5))
    }

    func testHelsinkiAndMonacoCountsMatchOsmium() throws {
        let helsinki = try openOSMReader(at: try OSMTestData.realFile("Helsinki.osm.pbf"))
        XCTAssertEqual(try count(helsinki), Counts(nodes: 24260, ways: 5130, relations: 620))
        let monaco = try openOSMReader(at: try OSMTestData.realFile("monaco.osm.pbf"))
        XCTAssertEqual(try count(monaco), Counts(nodes: 180118, ways: 27377, relations: 212))
    }

    func testKindsSelectWhatIsDeliveredOverSeveralPasses() throws {
        let reader = try openOSMReader(at: try OSMTestData.realFile("test.osm.pbf"))
        // The first pass teaches the reader which blobs hold what; later passes skip blobs.
        XCTAssertEqual(try count(reader, .ways), Counts(nodes: 0, ways: 2653, relations: 0))
        XCTAssertEqual(try count(reader, .nodes), Counts(nodes: 14222, ways: 0, relations: 0))
        XCTAssertEqual(try count(reader, [.nodes, .relations]), Counts(nodes: 14222, ways: 0, relations: 5))
        XCTAssertEqual(try count(reader, .relations), Counts(nodes: 0, ways: 0, relations: 5))
        XCTAssertEqual(try count(reader, []), Counts())
        XCTAssertEqual(try count(reader), Counts(nodes: 14222, ways: 2653, relations: 5))
    }

    func testSampledElementsOfTestExtract() throws {
        let all = try OSMCollected(try openOSMReader(at: try OSMTestData.realFile("test.osm.pbf")))
        // File order: the first node, untagged.
        XCTAssertEqual(all.nodes.first, OSMNode(id: 246991, latitude: 60.5319394, longitude: 26.9609156))
        XCTAssertEqual(all.nodes.first { $0.id == 1324225776 },
                       OSMNode(id: 1324225776, latitude: 60.5347768, longitude: 26.9590206,
                               tags: [("name", "Otsonkallio"), ("amenity", "kindergarten")]))
        XCTAssertEqual(all.ways.first { $0.id == 5184589 },
                       OSMWay(id: 5184589, nodeRefs: [2453037413, 36156592],
                              tags: [("ref", "170"), ("layer", "1"), ("bridge", "yes"), ("oneway", "yes"), ("highway", "secondary")]))
        XCTAssertEqual(all.relations.map(\.id), [32694, 319589, 2265095, 2689634, 3179566])
        XCTAssertEqual(all.relations.map(\.members.count), [637, 134, 2564, 22, 1317])
        let bus = try XCTUnwrap(all.relations.first { $0.id == 319589 })
        XCTAssertEqual(Array(bus.members.prefix(3)), [OSMMember(kind: .way, ref: 37909018, role: ""),
                                                      OSMMember(kind: .way, ref: 44197992, role: ""),
                                                      OSMMember(kind: .way, ref: 44197993, role: "")])
        XCTAssertEqual(bus.members.last, OSMMember(kind: .way, ref: 250781998, role: ""))
        XCTAssertEqual(bus.tag("operator"), "Pohjolan Liikenne Oy / Savonlinja Oy / Vuorelan Liikenne Oy")
        XCTAssertEqual(bus.tags.count, 8)
        let superroute = try XCTUnwrap(all.relations.first { $0.id == 2689634 })
        XCTAssertEqual(superroute.members.first, OSMMember(kind: .relation, ref: 9424435, role: ""))
        XCTAssertEqual(superroute.tag("name:sv"), "EuroVelo 10 - Östersjörundan")
    }

    func testSampledElementsOfHelsinki() throws {
        let all = try OSMCollected(try openOSMReader(at: try OSMTestData.realFile("Helsinki.osm.pbf")))
        let china = try XCTUnwrap(all.nodes.first { $0.id == 151006260 })
        XCTAssertEqual(china.latitude, 60.1673253)
        XCTAssertEqual(china.longitude, 24.9365208)
        XCTAssertEqual(china.tag("addr:street"), "Annankatu")
        XCTAssertEqual(china.tag("addr:housenumber"), "25")
        XCTAssertEqual(china.tag("addr:postcode"), "00100")
        XCTAssertEqual(china.tag("name:zh"), "中國樓酒家")
        XCTAssertEqual(china.tag("opening_hours"), "Mo-Fr 11:00-23:00; Sa-Su 12:00-23:00; PH off")
        XCTAssertEqual(china.tags.count, 14)
        let mannerheimintie = try XCTUnwrap(all.ways.first { $0.id == 22906934 })
        XCTAssertEqual(mannerheimintie.nodeRefs, [1371713722, 279044844])
        XCTAssertEqual(mannerheimintie.tag("name:sv"), "Mannerheimvägen")
        XCTAssertEqual(mannerheimintie.tag("maxspeed"), "30")
        XCTAssertEqual(mannerheimintie.tags.count, 16)
        XCTAssertEqual(all.relations.first { $0.id == 9833 },
                       OSMRelation(id: 9833,
                                   members: [OSMMember(kind: .node, ref: 256669737, role: "via"),
                                             OSMMember(kind: .way, ref: 26428941, role: "from"),
                                             OSMMember(kind: .way, ref: 30260137, role: "to")],
                                   tags: [("type", "restriction"), ("except", "taxi"),
                                          ("restriction", "only_straight_on"), ("traffic_sign", "no_u_turn")]))
    }

    func testMonacoSampleAndHeader() throws {
        let reader = try openOSMReader(at: try OSMTestData.realFile("monaco.osm.pbf"))
        // osmium header: box (7.3490000/43.7100000 7.4910000/43.7700000), osmosis_replication_timestamp
        // 2016-03-05T00:26:02Z.
        XCTAssertEqual(try reader.info, OSMFileInfo(minLatitude: 43.71, minLongitude: 7.349, maxLatitude: 43.77,
                                                    maxLongitude: 7.491, timestamp: 1_457_137_562))
        var casino: OSMNode?
        try reader.read(.nodes) { entity in
            if case .node(let node) = entity, node.id == 954713831 { casino = node }
        }
        XCTAssertEqual(casino, OSMNode(id: 954713831, latitude: 43.735333, longitude: 7.421016,
                                       tags: [("name", "Casino"), ("shop", "convenience")]))
    }

    func testTestExtractHeaderHasBoundsButNoTimestamp() throws {
        let info = try openOSMReader(at: try OSMTestData.realFile("test.osm.pbf")).info
        // osmium: box (26.9299999/60.5200000 26.9699999/60.5399999), no replication timestamp.
        XCTAssertEqual(try XCTUnwrap(info.minLongitude), 26.93, accuracy: 1e-7)
        XCTAssertEqual(try XCTUnwrap(info.maxLongitude), 26.97, accuracy: 1e-7)
        XCTAssertEqual(try XCTUnwrap(info.minLatitude), 60.52, accuracy: 1e-7)
        XCTAssertEqual(try XCTUnwrap(info.maxLatitude), 60.54, accuracy: 1e-7)
        XCTAssertNil(info.timestamp)
    }

    /// Blobs are inflated on a second thread; a caller that stops early must get its own error
    /// back and leave the reader usable (the thread is joined, nothing deadlocks).
    func testStoppingMidStreamPropagatesAndLeavesTheReaderUsable() throws {
        struct Enough: Error {}
        let reader = try openOSMReader(at: try OSMTestData.realFile("monaco.osm.pbf"))
        for stopAfter in [1, 50_000, 190_000] {
            var seen = 0
            XCTAssertThrowsError(try reader.read(.all) { _ in
                seen += 1
                if seen == stopAfter { throw Enough() }
            }) { XCTAssertTrue($0 is Enough, "\($0)") }
            XCTAssertEqual(seen, stopAfter)
        }
        XCTAssertEqual(try count(reader), Counts(nodes: 180118, ways: 27377, relations: 212))
    }
}
