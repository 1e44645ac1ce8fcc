import XCTest
@testable import RouteItEngine
import RouteItTestSupport

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
        let dir = try TestFiles.temporaryDirectory(for: self)
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
        let dir = try TestFiles.temporaryDirectory(for: self)
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
        let dir = try TestFiles.temporaryDirectory(for: self)
        let reader = try openOSMReader(at: try OSMTestData.write(sample, named: "sample.osm", in: dir))
        XCTAssertEqual(try reader.info, OSMFileInfo(minLatitude: 60.16, minLongitude: 24.93, maxLatitude: 60.18,
                                                    maxLongitude: 24.96, timestamp: 1_457_137_562))
    }

    func testOverpassMetaTimestampAndMissingBounds() throws {
        let dir = try TestFiles.temporaryDirectory(for: self)
        let text = """
        <osm version="0.6"><meta osm_base="2024-01-02T03:04:05Z"/><node id="7" lat="1" lon="2"/></osm>
        """
        let reader = try openOSMReader(at: try OSMTestData.write(text, named: "overpass.osm", in: dir))
        XCTAssertEqual(try reader.info, OSMFileInfo(timestamp: 1_704_164_645))
        XCTAssertEqual(try OSMCollected(reader).nodes, [OSMNode(id: 7, latitude: 1, longitude: 2)])
    }

    func testBodyErrorStopsReadingAndPropagates() throws {
        struct Stop: Error {}
        let dir = try TestFiles.temporaryDirectory(for: self)
        let reader = try openOSMReader(at: try OSMTestData.write(sample, named: "sample.osm", in: dir))
        var seen = 0
        XCTAssertThrowsError(try reader.read(.all) { _ in seen += 1; throw Stop() }) { XCTAssertTrue($0 is Stop) }
        XCTAssertEqual(seen, 1)
    }

    func testBadXMLGivesOneLineErrors() throws {
        let dir = try TestFiles.temporaryDirectory(for: self)
        let cases: [(String, String, String)] = [
            ("truncated.osm", String(sample.prefix(300)), "truncated.osm is not valid OSM XML: the file ends early (truncated?) at line 6"),
            ("html.osm", "<?xml version=\"1.0\"?><html><body>hi</body></html>", "its root element is <html>"),
            ("garbage.osm", "<osm><node id=\"1\" lat=\"1\" lon=\"2\"></osm>",
             "garbage.osm is not valid OSM XML: a closing tag does not match its opening tag at line 1"),
            ("twice.osm", "<osm>\n<node id=\"1\" id=\"2\"/></osm>", "twice.osm is not valid OSM XML: an attribute given twice in one tag at line 2"),
            ("after.osm", "<osm/><osm/>", "after.osm is not valid OSM XML: there is content after the <osm> element at line 1"),
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

    /// Unusable elements are real OSM errors, not broken files: each is left out and counted,
    /// and the rest of the file is read. Coordinates are passed on as read (NaN when missing);
    /// the importer checks their range.
    func testUnusableElementsAreSkippedAndCounted() throws {
        let text = """
        <osm>
          <node id="1" lon="2"/>
          <node id="2" lat="95" lon="2"/>
          <node id="x" lat="1" lon="2"/>
          <node id="3" lat="1" lon="2"><tag k="name"/><tag k="amenity" v="cafe"/></node>
          <way><nd ref="1"/></way>
          <way id="5"><nd ref="x"/><nd ref="1"/></way>
          <way id="6"><nd ref="1"/><nd ref="3"/></way>
          <relation id="7"><member type="area" ref="1"/></relation>
          <relation id="8"><member type="way" ref="6" role="outer"/></relation>
        </osm>
        """
        let reader = OSMXMLReader(data: Data(text.utf8), name: "bad.osm")
        let all = try OSMCollected(reader)
        XCTAssertEqual(all.nodes.map(\.id), [1, 2, 3])
        XCTAssertTrue(all.nodes[0].latitude.isNaN)
        XCTAssertEqual(all.nodes[1].latitude, 95)
        XCTAssertEqual(all.nodes[2].tags.map(\.0), ["amenity"])
        XCTAssertEqual(all.ways, [OSMWay(id: 6, nodeRefs: [1, 3])])
        XCTAssertEqual(all.relations.map(\.id), [8])
        XCTAssertEqual(reader.skipped[.elementWithoutID], 2)
        XCTAssertEqual(reader.skipped[.wayWithBadNodeReference], 1)
        XCTAssertEqual(reader.skipped[.relationWithBadMember], 1)
        XCTAssertEqual(reader.skipped[.tagWithoutKeyOrValue], 1)
        XCTAssertEqual(reader.skipped.description,
                       "2 elements without a numeric id, 1 way with a bad node reference, 1 relation with a bad member, 1 tag without a key or value")
        // A pass over ways alone counts only the ways' problems.
        _ = try OSMCollected(reader, .ways)
        XCTAssertEqual(reader.skipped.description, "1 element without a numeric id, 1 way with a bad node reference")
    }

    /// Invalid UTF-8 in element names, attribute names and values used to crash inside
    /// Foundation's parser; now it is one line naming the line and byte.
    func testInvalidUTF8IsOneLineWithTheByteOffset() throws {
        let head = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n<node id=\"1\" lat=\"1\" lon=\"2\"/>\n".utf8)
        let bodies: [(String, [UInt8])] = [
            ("element name", Array("<no".utf8) + [0xFF, 0xFE] + Array("de id=\"2\" lat=\"1\" lon=\"2\"/>".utf8)),
            ("attribute name", Array("<node i".utf8) + [0xC3, 0x28] + Array("d=\"2\" lat=\"1\" lon=\"2\"/>".utf8)),
            ("attribute value", Array("<node id=\"2\" lat=\"1\" lon=\"2\"><tag k=\"name\" v=\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"/></node>".utf8)),
            ("lone continuation", Array("<way id=\"3\">".utf8) + [0x80] + Array("</way>".utf8)),
        ]
        let dir = try TestFiles.temporaryDirectory(for: self)
        for (what, body) in bodies {
            let bytes = head + body + Array("\n</osm>\n".utf8)
            for reader in [OSMXMLReader(data: Data(bytes), name: "bad.osm"),
                           OSMXMLReader(url: try OSMTestData.write(bytes, named: "bad.osm", in: dir))] {
                XCTAssertThrowsError(try OSMCollected(reader), what) { error in
                    let message = (error as? OSMReadError)?.message ?? "\(error)"
                    XCTAssertTrue(message.hasPrefix("bad.osm is not valid OSM XML: "), "\(what): \(message)")
                    XCTAssertTrue(message.contains("at line 4, byte "), "\(what): \(message)")
                    XCTAssertFalse(message.contains("\n"), "\(what): \(message)")
                }
            }
        }
    }

    /// Entities that expand without end (a "billion laughs" file) or refer to themselves are
    /// refused by the parser's limits, quickly and with one line.
    func testEntityBombsAreRefused() throws {
        var doctype = "<!DOCTYPE osm [<!ENTITY a0 \"haha\">"
        for i in 1...12 { doctype += "<!ENTITY a\(i) \"" + String(repeating: "&a\(i - 1);", count: 10) + "\">" }
        doctype += "<!ENTITY loop \"&loop;\">]>"
        let bomb = doctype + "<osm><node id=\"1\" lat=\"1\" lon=\"2\"><tag k=\"name\" v=\"&a12;\"/></node></osm>"
        let loop = doctype + "<osm><node id=\"1\" lat=\"1\" lon=\"2\"><tag k=\"name\" v=\"&loop;\"/></node></osm>"
        for (what, text) in [("bomb", bomb), ("loop", loop)] {
            XCTAssertThrowsError(try OSMCollected(OSMXMLReader(data: Data(text.utf8), name: "\(what).osm")), what) { error in
                let message = (error as? OSMReadError)?.message ?? "\(error)"
                XCTAssertTrue(message.hasPrefix("\(what).osm is not valid OSM XML: "), message)
                XCTAssertFalse(message.contains("\n"), message)
            }
        }
    }

    /// libxml2's limits (nesting, value length, name length) are plain sentences too.
    func testParserLimitsArePlainSentences() throws {
        let cases: [(String, String)] = [
            ("<osm>" + String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300) + "</osm>",
             "elements nested more than 256 deep"),
            ("<osm><node id=\"1\" lat=\"1\" lon=\"2\"><tag k=\"a\" v=\"" + String(repeating: "x", count: 11_000_000) + "\"/></node></osm>",
             "a value longer than 10 MB"),
            ("<osm><" + String(repeating: "n", count: 60_000) + "/></osm>", "a tag or attribute name longer than 50,000 characters"),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try OSMCollected(OSMXMLReader(data: Data(text.utf8), name: "limit.osm")), reason) { error in
                let message = (error as? OSMReadError)?.message ?? "\(error)"
                XCTAssertTrue(message.hasPrefix("limit.osm is not valid OSM XML: \(reason) at line 1, byte "), message)
            }
        }
    }

    /// Tags are appended in place: a node with 200,000 tags reads in linear time (the old
    /// reader copied the growing tag list at every tag, and took hours on this).
    func testAnElementWithVeryManyChildrenReads() throws {
        let count = 200_000
        var text = "<osm><node id=\"1\" lat=\"1\" lon=\"2\">"
        text.reserveCapacity(count * 30)
        for i in 0..<count { text += "<tag k=\"k\(i)\" v=\"v\"/>" }
        text += "</node><way id=\"2\">"
        for i in 0..<count { text += "<nd ref=\"\(i % 7)\"/>" }
        text += "</way></osm>"
        let all = try OSMCollected(OSMXMLReader(data: Data(text.utf8), name: "many.osm"))
        XCTAssertEqual(all.nodes.first?.tags.count, count)
        XCTAssertEqual(all.nodes.first?.tags.last?.0, "k\(count - 1)")
        XCTAssertEqual(all.ways.first?.nodeRefs.count, count)
    }

    func testUnreadableAndMissingFilesSaySo() throws {
        let dir = try TestFiles.temporaryDirectory(for: self)
        let missing = dir.appendingPathComponent("gone.osm")
        XCTAssertThrowsError(try OSMCollected(OSMXMLReader(url: missing))) { error in
            XCTAssertEqual((error as? OSMReadError)?.message, "Cannot read \(missing.path): no such file or directory.")
        }
        XCTAssertThrowsError(try OSMCollected(OSMXMLReader(url: dir))) { error in
            XCTAssertTrue(((error as? OSMReadError)?.message ?? "").hasSuffix("is a directory, not an OSM file"), "\(error)")
        }
    }

    /// Linux's stream parser does not flag a missing end of document by itself: any cut of
    /// the file, whether between tags or inside one, must still be refused.
    func testCutsAnywhereAreRefused() throws {
        let dir = try TestFiles.temporaryDirectory(for: self)
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
        let dir = try TestFiles.temporaryDirectory(for: self)
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
        let dir = try TestFiles.temporaryDirectory(for: self)
        let reader = try openOSMReader(at: try OSMTestData.write(xml, named: "test.osm", in: dir))
        XCTAssertTrue(reader is OSMXMLReader)
        let copy = try OSMCollected(reader)
        XCTAssertEqual(copy.nodes.count, 14222)
        XCTAssertEqual(copy.nodes, original.nodes)
        XCTAssertEqual(copy.ways, original.ways)
        XCTAssertEqual(copy.relations, original.relations)
    }
}
