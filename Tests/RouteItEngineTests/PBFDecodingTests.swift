import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// Hand-built PBF files: every encoding detail the spec allows, with exact expected values.
final class PBFDecodingTests: XCTestCase {
    typealias W = ProtobufTestWriter

    /// Strings: 1 highway, 2 residential, 3 name, 4 Kauppatori, 5 from, 6 amenity, 7 cafe.
    static let strings = ["highway", "residential", "name", "Kauppatori", "from", "amenity", "cafe"]

    static func sampleFile() -> [UInt8] { sampleBlocks().flatMap { $0 } }

    static func sampleBlocks() -> [[UInt8]] {
        let dense = W.message { g in
            g.data(2, W.message { d in
                d.packedDeltas(1, [10, 11, 15])
                d.packedDeltas(8, [60_000_000, 60_100_000, -1_000_000])
                d.packedDeltas(9, [24_000_000, 24_500_000, 0])
                d.packed(10, [3, 4, 0, 0, 6, 7, 1, 2, 0])
            })
        }
        let plainNode = W.message { g in
            g.data(1, W.message { n in
                n.sint(1, 20)
                n.uint(2, 6)  // keys and vals unpacked: valid protobuf, must be accepted
                n.uint(3, 7)
                n.sint(8, 1000)
                n.sint(9, 2000)
            })
        }
        let ways = W.message { g in
            g.data(3, W.message { w in
                w.int(1, 100)
                w.packed(2, [1, 3])
                w.packed(3, [2, 4])
                w.packedDeltas(8, [10, 11, 15, 10])
            })
            g.data(3, W.message { w in
                w.int(1, 101)
                w.uint(8, W.zigzag(11))
                w.uint(8, W.zigzag(-1))
            })
        }
        let relations = W.message { g in
            g.data(4, W.message { r in
                r.int(1, 200)
                r.packed(2, [3])
                r.packed(3, [4])
                r.packed(8, [5, 0])
                r.packedDeltas(9, [100, 10])
                r.packed(10, [1, 0])
            })
        }
        return [
            PBFTestEncoder.header(timestamp: 1_700_000_000,
                                  bbox: (left: 24_900_000_000, right: 25_000_000_000, top: 60_200_000_000, bottom: 60_100_000_000)),
            PBFTestEncoder.dataBlock(strings: strings, groups: [dense, plainNode],
                                     granularity: 1000, latOffset: 5_000_000, lonOffset: -3_000),
            PBFTestEncoder.rawBlock(type: "OSMIndexOfSomeFutureKind", payload: [1, 2, 3]),
            PBFTestEncoder.dataBlock(strings: strings, groups: [ways, relations]),
        ]
    }

    static let expectedNodes = [
        OSMNode(id: 10, latitude: 60.005, longitude: 23.999997, tags: [("name", "Kauppatori")]),
        OSMNode(id: 11, latitude: 60.105, longitude: 24.499997),
        OSMNode(id: 15, latitude: -0.995, longitude: -0.000003, tags: [("amenity", "cafe"), ("highway", "residential")]),
        OSMNode(id: 20, latitude: 0.006, longitude: 0.001997, tags: [("amenity", "cafe")]),
    ]

    func testDecodesEveryGroupKindWithGranularityAndOffsets() throws {
        let dir = try TestFiles.temporaryDirectory(for: self)
        let reader = try openOSMReader(at: try OSMTestData.write(Self.sampleFile(), named: "sample.osm.pbf", in: dir))
        XCTAssertEqual(try reader.info, OSMFileInfo(minLatitude: 60.1, minLongitude: 24.9, maxLatitude: 60.2,
                                                    maxLongitude: 25.0, timestamp: 1_700_000_000))
        let all = try OSMCollected(reader)
        XCTAssertEqual(all.nodes, Self.expectedNodes)
        XCTAssertEqual(all.ways, [OSMWay(id: 100, nodeRefs: [10, 11, 15, 10], tags: [("highway", "residential"), ("name", "Kauppatori")]),
                                  OSMWay(id: 101, nodeRefs: [11, 10])])
        XCTAssertEqual(all.relations, [OSMRelation(id: 200, members: [OSMMember(kind: .way, ref: 100, role: "from"),
                                                                      OSMMember(kind: .node, ref: 10, role: "")],
                                                   tags: [("name", "Kauppatori")])])
        let waysOnly = try OSMCollected(reader, .ways)
        XCTAssertEqual(waysOnly.nodes.count + waysOnly.relations.count, 0)
        XCTAssertEqual(waysOnly.ways.map(\.id), [100, 101])
    }

    private func assertReadFails(_ bytes: [UInt8], saying expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let dir = try TestFiles.temporaryDirectory(for: self)
        let url = try OSMTestData.write(bytes, named: "bad.osm.pbf", in: dir)
        XCTAssertThrowsError(try OSMCollected(try openOSMReader(at: url)), file: file, line: line) { error in
            let message = (error as? OSMReadError)?.message ?? "not an OSMReadError: \(error)"
            XCTAssertTrue(message.contains(expected), message, file: file, line: line)
            XCTAssertTrue(message.hasPrefix("bad.osm.pbf: "), message, file: file, line: line)
        }
    }

    func testUnknownRequiredFeatureIsRefused() throws {
        try assertReadFails(PBFTestEncoder.header(required: ["OsmSchema-V0.6", "HistoricalInformation"]),
                            saying: "requires the PBF feature \"HistoricalInformation\", which RouteIt does not support")
    }

    func testUnsupportedCompressionIsNamed() throws {
        let lzma = PBFTestEncoder.fileBlock(type: "OSMData", blob: W.message { $0.uint(2, 10); $0.data(4, [1, 2, 3]) })
        try assertReadFails(PBFTestEncoder.header() + lzma, saying: "uses lzma compression, which RouteIt does not support")
    }

    func testDataBeforeHeaderIsRefused() throws {
        try assertReadFails(PBFTestEncoder.dataBlock(strings: [], groups: []), saying: "the first blob is not an OSMHeader")
    }

    func testBadStringIndexIsCorruption() throws {
        let node = W.message { g in g.data(1, W.message { $0.sint(1, 1); $0.packed(2, [99]); $0.packed(3, [1]); $0.sint(8, 0); $0.sint(9, 0) }) }
        try assertReadFails(PBFTestEncoder.header() + PBFTestEncoder.dataBlock(strings: ["a"], groups: [node]),
                            saying: "corrupt PBF file: blob 2 at byte")
        try assertReadFails(PBFTestEncoder.header() + PBFTestEncoder.dataBlock(strings: ["a"], groups: [node]),
                            saying: "string index 99 is outside the block's table of 2")
    }

    func testDenseArraysOfDifferentLengthsAreCorruption() throws {
        let dense = W.message { g in
            g.data(2, W.message { $0.packedDeltas(1, [1, 2]); $0.packedDeltas(8, [0]); $0.packedDeltas(9, [0, 0]) })
        }
        try assertReadFails(PBFTestEncoder.header() + PBFTestEncoder.dataBlock(strings: [], groups: [dense]),
                            saying: "DenseNodes has fewer coordinates than ids")
    }

    /// A node outside the world is one bad element, not a broken file: the decoder passes it on
    /// as stored and the importer skips and counts it (see ImportRobustnessTests).
    func testCoordinatesOutsideTheWorldArePassedOnAsStored() throws {
        let dense = W.message { g in
            g.data(2, W.message { $0.packedDeltas(1, [1, 2]); $0.packedDeltas(8, [950_000_000, 0]); $0.packedDeltas(9, [0, 0]) })
        }
        let dir = try TestFiles.temporaryDirectory(for: self)
        let url = try OSMTestData.write(PBFTestEncoder.header() + PBFTestEncoder.dataBlock(strings: [], groups: [dense]),
                                        named: "outside.osm.pbf", in: dir)
        let all = try OSMCollected(try openOSMReader(at: url))
        XCTAssertEqual(all.nodes, [OSMNode(id: 1, latitude: 95, longitude: 0), OSMNode(id: 2, latitude: 0, longitude: 0)])
    }

    /// Every prefix of a file is either refused with an OSMReadError or, when it ends exactly
    /// at a blob boundary (PBF has no end marker), read as the blobs it holds.
    func testEveryTruncationIsRefusedOrEndsAtABlobBoundary() throws {
        let dir = try TestFiles.temporaryDirectory(for: self)
        let bytes = Self.sampleFile()
        let boundaries = Self.blobBoundaries()
        var refused = 0
        for length in 1..<bytes.count {
            let url = try OSMTestData.write(Array(bytes.prefix(length)), named: "cut.osm.pbf", in: dir)
            do {
                _ = try OSMCollected(try openOSMReader(at: url))
                XCTAssertTrue(boundaries.contains(length), "a cut at \(length) bytes was read without error")
            } catch let error as OSMReadError {
                XCTAssertFalse(error.message.contains("\n"))
                refused += 1
            }
        }
        XCTAssertEqual(refused, bytes.count - 1 - boundaries.filter { $0 < bytes.count }.count)
    }

    /// Any single damaged byte gives an OSMReadError or a (possibly different) successful read:
    /// never a crash, a hang or another error type.
    func testEveryDamagedByteIsHandled() throws {
        let dir = try TestFiles.temporaryDirectory(for: self)
        let bytes = Self.sampleFile()
        var refused = 0
        for position in bytes.indices {
            for mask: UInt8 in [0xFF, 0x01] {
                var damaged = bytes
                damaged[position] ^= mask
                let url = try OSMTestData.write(damaged, named: "damaged.osm.pbf", in: dir)
                do {
                    _ = try OSMCollected(try openOSMReader(at: url))
                } catch let error as OSMReadError {
                    XCTAssertFalse(error.message.contains("\n"))
                    refused += 1
                }
            }
        }
        XCTAssertGreaterThan(refused, bytes.count)  // most damage is detected
    }

    /// Byte offsets where a fileblock of the sample file ends.
    static func blobBoundaries() -> Set<Int> {
        var end = 0
        return Set(sampleBlocks().map { block in end += block.count; return end })
    }
}
