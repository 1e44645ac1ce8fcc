import XCTest
@testable import RouteItEngine

final class OSMXMLReaderTests: XCTestCase {
    private let sample = """
    <?xml version="1.0" encoding="UTF-8"?>
    <osm version="0.6" generator="hand" timestamp="2016-03-05T00:26:02Z">
      <bounds minlat="60.16" minlon="24.93" maxlat="60.18" maxlon="24.96"/>
      <node id="1" lat="60.1700000" lon="24.9400000" version="3">
        <tag k="addr:street" v="Annankatu"/>
        <tag k="addr:housenumber" v="25"/>
      </node>
      <node id="2" lat="60.1710000" lon="24.9410000"/>
      <node id="-3" lat="-33.5" lon="-70.25"/>
      <node id="4" lat="60.1" lon="24.9" visible="false"/>
      <way id="10">
        <nd ref="1"/>
        <nd ref="2"/>
        <nd ref="-3"/>
        <tag k="highway" v="residential"/>
        <tag k="name" v="Töölönlahdenkatu &amp; &quot;Co&quot;"/>
      </way>
      <relation id="100">
        <member type="way" ref="10" role="from"/>
        <member type="node" ref="2" role="via"/>
        <member type="relation" ref="101" role=""/>
        <tag k="type" v="restriction"/>
        <tag k="restriction" v="no_left_turn"/>
      </relation>
    </osm>
    """

    func testReadsNodesWaysRelationsWithTagsInFileOrder() throws {
        let dir = try OSMTestData.temporaryDirectory(for: self)
        let url = try OSMTestData.write(sample, named: "sample.osm", in: dir)
        let reader = try openOSMReader(at: url)
        XCTAssertTrue(reader is OSMXMLReader)
        var order: [String] = []
        try reader.read(.all) { entity in
            switch entity {
            case .node(let n): order.append("n\(n.id)")
            case .way(let w): order.append("w\(w.id)")
            case .relation(let r): order.append("r\(r.id)")
            }
        }
        // Node 4 is a deleted version (visible="false") and is left out.
        XCTAssertEqual(order, ["n1", "n2", "n-3", "w10", "r100"])

        let all = try OSMCollected(reader)
        XCTAssertEqual(all.nodes[0], OSMNode(id: 1, latitude: 60.17, longitude: 24.94,
                                             tags: [("addr:street", "Annankatu"), ("addr:housenumber", "25")]))
        XCTAssertEqual(all.nodes[2], OSMNode(id: -3, latitude: -33.5, longitude: -70.25))
        XCTAssertEqual(all.ways, [OSMWay(id: 10, nodeRefs: [1, 2, -3],
                                         tags: [("highway", "residential"), ("name", "Töölönlahdenkatu & \"Co\"")])])
        XCTAssertEqual(all.relations, [OSMRelation(
            id: 100,
            members: [OSMMember(kind: .way, ref: 10, role: "from"), OSMMember(kind: .node, ref: 2, role: "via"),
                      OSMMember(kind: .relation, ref: 101, role: "")],
            tags: [("type", "restriction"), ("restriction", "no_left_turn")])])
    }

    func testKindsSelectWhatIsDelivered() throws {
        let dir = try OSMTestData.temporaryDirectory(for: self)
        let reader = try openOSMReader(at: try OSMTestData.write(sample, named: "sample.osm", in: dir))
        let waysOnly = try OSMCollected(reader, .ways)
        XCTAssertEqual(waysOnly.nodes.count, 0)
        XCTAssertEqual(waysOnly.ways.map(\.id), [10])
        XCTAssertEqual(waysOnly.relations.count, 0)
        let nodesAndRelations = try OSMCollected(reader, [.nodes, .relations])
        XCTAssertEqual(nodesAndRelations.nodes.map(\.id), [1, 2, -3])
        XCTAssertEqual(nodesAndRelations.ways.count, 0)
        XCTAssertEqual(nodesAndRelations.relations.map(\.id), [100])
    }

    func testInfoHasBoundsAndTimestamp() throws {
        let dir = try OSMTestData.temporaryDirectory(for: self)
        let reader = try openOSMReader(at: try OSMTestData.write(sample, named: "sample.osm", in: dir))
        XCTAssertEqual(try reader.info, OSMFileInfo(minLatitude: 60.16, minLongitude: 24.93, maxLatitude: 60.18,
                                                    maxLongitude: 24.96, timestamp: 1_457_137_562))
    }

    func testOverpassMetaTimestampAndMissingBounds() throws {
        let dir = try OSMTestData.temporaryDirectory(for: self)
        let text = """
        <osm version="0.6"><meta osm_base="2024-01-02T03:04:05Z"/><node id="7" lat="1" lon="2"/></osm>
        """
        let reader = try openOSMReader(at: try OSMTestData.write(text, named: "overpass.osm", in: dir))
        XCTAssertEqual(try reader.info, OSMFileInfo(timestamp: 1_704_164_645))
        XCTAssertEqual(try OSMCollected(reader).nodes, [OSMNode(id: 7, latitude: 1, longitude: 2)])
    }

    func testBodyErrorStopsReadingAndPropagates() throws {
        struct Stop: Error {}
        let dir = try OSMTestData.temporaryDirectory(for: self)
        let reader = try openOSMReader(at: try OSMTestData.write(sample, named: "sample.osm", in: dir))
        var seen = 0
        XCTAssertThrowsError(try reader.read(.all) { _ in seen += 1; throw Stop() }) { XCTAssertTrue($0 is Stop) }
        XCTAssertEqual(seen, 1)
    }

    func testBadXMLGivesOneLineErrors() throws {
        let dir = try OSMTestData.temporaryDirectory(for: self)
        let cases: [(String, String, String)] = [
            ("truncated.osm", String(sample.prefix(300)), "truncated.osm: invalid OSM XML: the file ends early at line 6"),
            ("html.osm", "<?xml version=\"1.0\"?><html><body>hi</body></html>", "root element is <html>"),
            ("nolat.osm", "<osm><node id=\"1\" lon=\"2\"/></osm>", "node 1 has no valid lat/lon"),
            ("badlat.osm", "<osm><node id=\"1\" lat=\"95\" lon=\"2\"/></osm>", "node 1 has no valid lat/lon"),
            ("noid.osm", "<osm><way><nd ref=\"1\"/></way></osm>", "<way> without a numeric id"),
            ("badref.osm", "<osm><way id=\"5\"><nd ref=\"x\"/></way></osm>", "<nd> without a numeric ref in way 5"),
            ("badmember.osm", "<osm><relation id=\"5\"><member type=\"area\" ref=\"1\"/></relation></osm>",
             "<member> without a valid type and ref in relation 5"),
            ("garbage.osm", "<osm><node id=\"1\" lat=\"1\" lon=\"2\"></osm>", "invalid OSM XML at line"),
        ]
        for (name, text, expected) in cases {
            let reader = try openOSMReader(at: try OSMTestData.write(text, named: name, in: dir))
            XCTAssertThrowsError(try OSMCollected(reader), name) { error in
                let message = (error as? OSMReadError)?.message ?? "\(error)"
                XCTAssertTrue(message.contains(expected), "\(name): \(message)")
                XCTAssertFalse(message.contains("\n"), "\(name): \(message)")
            }
        }
    }

    /// Linux's stream parser does not flag a missing end of document by itself: any cut of
    /// the file, whether between tags or inside one, must still be refused.
    func testCutsAnywhereAreRefused() throws {
        let dir = try OSMTestData.temporaryDirectory(for: self)
        let bytes = Array(sample.utf8)
        for length in stride(from: 1, to: bytes.count, by: 3) {  // every third byte keeps the test quick
            let url = try OSMTestData.write(Array(bytes.prefix(length)), named: "cut.osm", in: dir)
            let reader = OSMXMLReader(url: url)
            XCTAssertThrowsError(try OSMCollected(reader), "cut at \(length)") { error in
                XCTAssertTrue(error is OSMReadError, "cut at \(length): \(error)")
            }
        }
    }

    func testSelfClosedEmptyFileIsValid() throws {
        let dir = try OSMTestData.temporaryDirectory(for: self)
        let reader = try openOSMReader(at: try OSMTestData.write("<osm version=\"0.6\"/>\n", named: "empty.osm", in: dir))
        let all = try OSMCollected(reader)
        XCTAssertEqual(all.nodes.count + all.ways.count + all.relations.count, 0)
    }

    /// Real data through XML: test.osm.pbf written out as .osm (escaping &, <, quotes and
    /// non-ASCII names as XML requires) reads back to exactly the same entities.
    func testRealExtractRoundTripsThroughXML() throws {
        let original = try OSMCollected(try openOSMReader(at: try OSMTestData.realFile("test.osm.pbf")))
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "\n", with: "&#10;").replacingOccurrences(of: "\t", with: "&#9;")
        }
        func tags(_ tags: [(String, String)]) -> String {
            tags.map { "<tag k=\"\(escaped($0.0))\" v=\"\(escaped($0.1))\"/>" }.joined()
        }
        var xml = "<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\">\n"
        for node in original.nodes {
            xml += "<node id=\"\(node.id)\" lat=\"\(node.latitude)\" lon=\"\(node.longitude)\">\(tags(node.tags))</node>\n"
        }
        for way in original.ways {
            xml += "<way id=\"\(way.id)\">" + way.nodeRefs.map { "<nd ref=\"\($0)\"/>" }.joined() + tags(way.tags) + "</way>\n"
        }
        for relation in original.relations {
            xml += "<relation id=\"\(relation.id)\">"
                + relation.members.map { "<member type=\"\($0.kind.rawValue)\" ref=\"\($0.ref)\" role=\"\(escaped($0.role))\"/>" }.joined()
                + tags(relation.tags) + "</relation>\n"
        }
        xml += "</osm>\n"
        let dir = try OSMTestData.temporaryDirectory(for: self)
        let reader = try openOSMReader(at: try OSMTestData.write(xml, named: "test.osm", in: dir))
        XCTAssertTrue(reader is OSMXMLReader)
        let copy = try OSMCollected(reader)
        XCTAssertEqual(copy.nodes.count, 14222)
        XCTAssertEqual(copy.nodes, original.nodes)
        XCTAssertEqual(copy.ways, original.ways)
        XCTAssertEqual(copy.relations, original.relations)
    }
}
