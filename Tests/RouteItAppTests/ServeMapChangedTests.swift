import Foundation
import Synchronization
import XCTest
import RouteItTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `routeit serve` whose map file changes under it: truncated, or overwritten in place with
/// another map (as `cp` does), every endpoint answers 503 Unavailable with one line saying so,
/// never an answer mixing the two files, and the server keeps running (it once exited at the
/// first /route after a truncation, leaving that client with no answer at all); a map renamed
/// over the path (as an import does) leaves the old map answering.
final class ServeMapChangedTests: XCTestCase {
    private let station = "24.9414,60.1710", kalevankatu = "24.93889,60.16698"
    private let changed = "The map file served.routeit changed while routeit serve was running; restart routeit serve to use it."

    /// A copy of the Helsinki map to serve and change.
    private func servedCopy() throws -> String {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let map = directory.appendingPathComponent("served.routeit").path
        try FileManager.default.copyItem(atPath: try HelsinkiFlowTests.importedMap(), toPath: map)
        return map
    }

    private func monaco() throws -> String {
        try HelsinkiFlowTests.installedMaps(InstalledMapsTests.environment).appendingPathComponent("routeit/maps/monaco.routeit").path
    }

    private var route: String { "/route/v1/driving/\(station);\(kalevankatu)" }

    /// Each endpoint answers 503 with the one line, in its API's shape.
    private func assertUnavailable(_ server: ServeProcess, file: StaticString = #filePath, line: UInt = #line) throws {
        let osrm = [route, "/nearest/v1/driving/\(station)", "/table/v1/driving/\(station);\(kalevankatu)",
                    "/trip/v1/driving/\(station);\(kalevankatu)"]
        for target in osrm {
            let answer = try server.get(target)
            XCTAssertEqual(answer.status, 503, target, file: file, line: line)
            XCTAssertEqual(answer.object["code"] as? String, "Unavailable", target, file: file, line: line)
            XCTAssertEqual(answer.object["message"] as? String, changed, target, file: file, line: line)
        }
        for target in ["/search?q=Annankatu%2025&format=jsonv2", "/reverse?lat=60.1656&lon=24.9371&format=jsonv2", "/status?format=json"] {
            let answer = try server.get(target)
            XCTAssertEqual(answer.status, 503, target, file: file, line: line)
            XCTAssertEqual((answer.object["error"] as? [String: Any])?["message"] as? String, changed, target, file: file, line: line)
        }
    }

    private func assertStopsSayingSo(_ server: ServeProcess, file: StaticString = #filePath, line: UInt = #line) {
        let (status, log) = server.stop()
        XCTAssertEqual(status, 0, log, file: file, line: line)
        XCTAssertTrue(log.contains("routeit serve: \(changed) Every map request is answered 503 Unavailable.\n"), log, file: file, line: line)
        XCTAssertTrue(log.contains("routeit serve: stopped"), log, file: file, line: line)
        XCTAssertFalse(log.contains("damaged; import it again.\n"), log, file: file, line: line)
    }

    func testATruncatedMapIsUnavailableAndTheServerStaysUp() throws {
        let map = try servedCopy()
        let server = try ServeProcess(map: map)
        XCTAssertEqual(try server.get(route).status, 200)
        XCTAssertEqual(truncate(map, 1_000_000), 0)
        try assertUnavailable(server)
        XCTAssertTrue(server.process.isRunning)
        XCTAssertEqual(try server.get(route).status, 503, "still answering after the first refusals")
        assertStopsSayingSo(server)
    }

    func testAMapOverwrittenInPlaceIsUnavailableNeverMixed() throws {
        let map = try servedCopy()
        let server = try ServeProcess(map: map)
        XCTAssertEqual(try server.get(route).status, 200)
        // As `cp other.routeit served.routeit` writes it: the same file (inode), new bytes.
        let other = try Data(contentsOf: URL(fileURLWithPath: try monaco()))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: map))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: other)
        try handle.close()
        try assertUnavailable(server)
        XCTAssertEqual(try server.get("/search?q=Avenue%20de%20l%27Hermitage&format=jsonv2").status, 503)
        XCTAssertEqual(try server.get(route).status, 503, "still answering after the first refusals")
        assertStopsSayingSo(server)
    }

    /// The file truncated while trips and tables are being answered: a read that faults (SIGBUS)
    /// goes on over zeros, and the answer is replaced by the 503 (the server exited there, taking
    /// every connection with it, in about one round of two); every answer is a 200 from before
    /// or a 503, and the server answers after. Rounds truncate at different moments.
    func testAMapTruncatedWhileRequestsAreAnsweredLeavesTheServerUp() throws {
        let places = ["24.9402,60.1687", "24.951,60.171", "24.937,60.166", "24.952,60.175", "24.945,60.168",
                      "24.94,60.177", "24.950,60.166", "24.938,60.172"].joined(separator: ";")
        let targets = ["/trip/v1/driving/\(places)?steps=true&overview=full", "/table/v1/walking/\(places)"]
        for round in 0..<4 {
            let map = try servedCopy()
            // Its `get` reads only the port and opens a connection of its own.
            nonisolated(unsafe) let server = try ServeProcess(map: map)
            let statuses = Mutex<[Int]>([])
            let truncated = Mutex(false)
            let workers = DispatchGroup()
            for target in targets {
                DispatchQueue.global().async(group: workers) {
                    // Until the truncation, and a few requests after it.
                    var after = 0
                    while after < 5 {
                        let status = (try? server.get(target).status) ?? 0
                        statuses.withLock { $0.append(status) }
                        if truncated.withLock({ $0 }) { after += 1 }
                    }
                }
            }
            Thread.sleep(forTimeInterval: 0.1 + 0.15 * Double(round))
            XCTAssertEqual(truncate(map, off_t(1_000_000 + 250_000 * round)), 0)
            truncated.withLock { $0 = true }
            XCTAssertEqual(workers.wait(timeout: .now() + 120), .success)
            let seen = statuses.withLock { $0 }
            XCTAssertEqual(seen.filter { $0 != 200 && $0 != 503 }, [], "round \(round): \(seen)")
            XCTAssertEqual(seen.last, 503, "round \(round)")
            XCTAssertEqual(try server.get(route).status, 503, "round \(round): the server is up")
            assertStopsSayingSo(server)
        }
    }

    func testAMapRenamedOverTheFileLeavesTheOldOneAnswering() throws {
        let map = try servedCopy()
        let server = try ServeProcess(map: map)
        let before = try server.get(route)
        XCTAssertEqual(before.status, 200)
        let replacement = map + ".new"
        try FileManager.default.copyItem(atPath: try monaco(), toPath: replacement)
        XCTAssertEqual(rename(replacement, map), 0)
        let after = try server.get(route)
        XCTAssertEqual(after.status, 200)
        func distance(_ answer: ServeProcess.Response) -> Double? { (answer.object["routes"] as? [[String: Any]])?.first?["distance"] as? Double }
        XCTAssertNotNil(distance(after))
        XCTAssertEqual(distance(after), distance(before), "the map it opened, not Monaco's")
        XCTAssertEqual(try server.get("/search?q=Annankatu%2025&format=jsonv2").status, 200)
        let (status, log) = server.stop()
        XCTAssertEqual(status, 0, log)
        XCTAssertFalse(log.contains("changed while routeit serve was running"), log)
    }
}
