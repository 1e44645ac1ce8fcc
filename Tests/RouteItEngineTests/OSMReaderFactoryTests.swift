import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// `openOSMReader` decides by content, and refuses what is not OSM with one clear line.
final class OSMReaderFactoryTests: XCTestCase {
    private func assertRefused(_ bytes: [UInt8], named name: String, saying expected: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let dir = try TestFiles.temporaryDirectory(for: self)
        let url = try OSMTestData.write(bytes, named: name, in: dir)
        XCTAssertThrowsError(try openOSMReader(at: url), file: file, line: line) { error in
            let message = (error as? OSMReadError)?.message ?? "\(error)"
            XCTAssertEqual(message, expected, file: file, line: line)
        }
    }

    func testEmptyFile() throws {
        try assertRefused([], named: "empty.osm.pbf", saying: "empty.osm.pbf: the file is empty")
    }

    func testTextFiles() throws {
        try assertRefused(Array("hello, this is not a map\n".utf8), named: "notes.osm",
                          saying: "notes.osm: not an OSM file (expected .osm.pbf or .osm XML)")
        try assertRefused(Array("     \n\t  ".utf8), named: "spaces.osm.pbf",
                          saying: "spaces.osm.pbf: not an OSM file (expected .osm.pbf or .osm XML)")
        try assertRefused([0x01, 0x02, 0x1B, 0x07, 0x00, 0x7F], named: "control.osm",
                          saying: "control.osm: not an OSM file (expected .osm.pbf or .osm XML)")
    }

    func testPNGHeader() throws {
        try assertRefused([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52],
                          named: "map.png", saying: "map.png: not an OSM file (expected .osm.pbf or .osm XML)")
    }

    func testCompressedFilesAreNamed() throws {
        try assertRefused([0x1F, 0x8B, 0x08, 0x00, 0x00], named: "city.osm.gz",
                          saying: "city.osm.gz: the file is gzip-compressed; decompress it first (an .osm.pbf or .osm file is expected)")
        try assertRefused(Array("BZh91AY&SY".utf8), named: "city.osm.bz2",
                          saying: "city.osm.bz2: the file is bzip2-compressed; decompress it first (an .osm.pbf or .osm file is expected)")
    }

    func testMissingFileAndDirectory() throws {
        let dir = try TestFiles.temporaryDirectory(for: self)
        XCTAssertThrowsError(try openOSMReader(at: dir.appendingPathComponent("nope.osm.pbf"))) { error in
            XCTAssertEqual((error as? OSMReadError)?.message, "\(dir.path)/nope.osm.pbf: no such file")
        }
        XCTAssertThrowsError(try openOSMReader(at: dir)) { error in
            XCTAssertEqual((error as? OSMReadError)?.message, "\(dir.lastPathComponent): is a directory, not an OSM file")
        }
    }

    func testXMLIsRecognisedWithBOMAndLeadingWhitespace() throws {
        let dir = try TestFiles.temporaryDirectory(for: self)
        let text = "\u{FEFF}\n  <osm version=\"0.6\"><node id=\"1\" lat=\"1.5\" lon=\"2.5\"/></osm>"
        let reader = try openOSMReader(at: try OSMTestData.write(text, named: "bom.osm", in: dir))
        XCTAssertTrue(reader is OSMXMLReader)
        XCTAssertEqual(try OSMCollected(reader).nodes, [OSMNode(id: 1, latitude: 1.5, longitude: 2.5)])
    }
}
