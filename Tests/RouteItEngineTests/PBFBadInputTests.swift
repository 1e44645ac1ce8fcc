import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// Damaged real files: a clear one-line OSMReadError naming the file, never a crash or a hang.
final class PBFBadInputTests: XCTestCase {
    private func message(reading bytes: [UInt8], named name: String = "broken.osm.pbf",
                         file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        let dir = try TestFiles.temporaryDirectory(for: self)
        let url = try OSMTestData.write(bytes, named: name, in: dir)
        do {
            _ = try OSMCollected(try openOSMReader(at: url))
            return nil
        } catch let error as OSMReadError {
            XCTAssertFalse(error.message.contains("\n"), error.message, file: file, line: line)
            XCTAssertTrue(error.message.hasPrefix("\(name): "), error.message, file: file, line: line)
            return error.message
        }
    }

    private func monaco() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: try OSMTestData.realFile("monaco.osm.pbf")))
    }

    func testTruncatedMidBlob() throws {
        let bytes = try monaco()
        for cut in [2, 7, 20, 100, bytes.count / 2, bytes.count - 1] {
            let text = try message(reading: Array(bytes.prefix(cut)))
            XCTAssertNotNil(text, "cut at \(cut)")
            XCTAssertTrue(text?.contains("truncated PBF file") == true, "cut at \(cut): \(text ?? "no error")")
        }
    }

    func testCorruptCompressedData() throws {
        var bytes = try monaco()
        let middle = bytes.count / 2
        for index in middle..<(middle + 64) { bytes[index] = 0x55 }
        let text = try message(reading: bytes)
        XCTAssertTrue(text?.contains("corrupt PBF file: blob") == true, text ?? "no error")
    }

    func testDamagedLengthPrefix() throws {
        var bytes = try monaco()
        bytes[0] = 0x7F  // a BlobHeader of ~2 GB: not what a PBF file can start with
        XCTAssertEqual(try message(reading: bytes), "broken.osm.pbf: not an OSM file (expected .osm.pbf or .osm XML)")
        bytes[0] = 0
        bytes[2] = 0xF0  // within the spec's 64 KiB, but the header then swallows the blob
        let text = try message(reading: bytes)
        XCTAssertTrue(text?.contains("corrupt PBF file: blob 1 at byte 0") == true, text ?? "no error")
    }

    func testRandomlyDamagedBytes() throws {
        let original = [UInt8](try Data(contentsOf: try OSMTestData.realFile("test.osm.pbf")))
        var generator = SeededRandom(seed: 42)
        var refused = 0
        for _ in 0..<20 {
            var bytes = original
            let position = Int(generator.next() % UInt64(bytes.count))
            bytes[position] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
            if try message(reading: bytes) != nil { refused += 1 }
        }
        XCTAssertGreaterThan(refused, 10)  // zlib's checksum catches nearly all damage
    }
}

