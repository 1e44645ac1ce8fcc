import Foundation
import RouteItTestSupport
import XCTest
@testable import RouteItExport

/// `open FILE`: only a regular file of bounded size is read, each refusal one line (a FIFO used
/// to hang the shell, a huge file to take 35 times its size in memory).
final class TripFileLimitsTests: XCTestCase {
    func testAFIFOIsRefusedWithoutWaiting() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let fifo = directory.appendingPathComponent("trip.gpx").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try TripFileReader.read(path: fifo)) { error in
            XCTAssertEqual("\(error)", "Cannot read \(fifo): not a regular file.")
        }
    }

    func testAFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let path = directory.appendingPathComponent("huge.geojson").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        XCTAssertEqual(truncate(path, off_t(TripFileReader.maxBytes + 1)), 0)  // sparse: costs no disk
        XCTAssertThrowsError(try TripFileReader.read(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path) is too large (16 MB; at most 16 MB).")
        }
    }
}
