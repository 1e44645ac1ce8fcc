import Foundation
import RouteItTestSupport
@testable import RouteItRemote
import XCTest

/// `maps get` / `maps update` against a local server that serves an index in Geofabrik's format,
/// an extract and its `.md5`: downloads, resumes a cut-off download with a Range, refuses a
/// wrong MD5, keeps what it had on a full disk, and never leaves a half-installed map. The
/// import is a double here (it copies the extract); the real one runs in InstalledMapsTests.
final class RegionMapInstallerTests: XCTestCase {
    private var server: ExtractHTTPServer!
    private var directory: URL!
    private var imports: [String] = []
    /// 60 KB that no two versions share.
    private let extract = (0..<60_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
    private let extractPath = "/europe/testland-latest.osm.pbf"

    override func setUpWithError() throws {
        server = try ExtractHTTPServer()
        directory = try TestFiles.temporaryDirectory(for: self)
        let index = """
            {"type":"FeatureCollection","features":[{"type":"Feature","properties":{"id":"testland","parent":"europe",
            "name":"Testland","iso3166-1:alpha2":["TL"],"urls":{"pbf":"\(server.url(extractPath).absoluteString)"}},"geometry":null}]}
            """
        server.serve("/index-v1.json", Array(index.utf8))
        publish(extract)
    }

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    private func publish(_ bytes: [UInt8], md5: String? = nil, lastModified: String = "Sat, 05 Dec 2026 10:00:00 GMT") {
        var digest = MD5()
        digest.update(bytes)
        server.serve(extractPath, bytes, lastModified: lastModified)
        server.serve(extractPath + ".md5", Array("\(md5 ?? digest.hexDigest())  testland-latest.osm.pbf\n".utf8))
    }

    private func installer(index: String = "/index-v1.json", fileSystem: DownloadFileSystem = LocalDownloadFiles(),
                           importFails: Bool = false) -> RegionMapInstaller {
        RegionMapInstaller(indexURL: server.url(index), mapsDirectory: directory.appendingPathComponent("maps"),
                           downloadsDirectory: directory.appendingPathComponent("downloads"), fileSystem: fileSystem,
                           idleTimeout: 10) { [self] osmFile, mapPath in
            imports.append(osmFile)
            if importFails { throw CocoaError(.fileReadCorruptFile) }
            // As the importer: a temporary file renamed over the map when complete.
            try FileManager.default.copyItem(atPath: osmFile, toPath: mapPath + ".importing")
            XCTAssertEqual(rename(mapPath + ".importing", mapPath), 0)
        }
    }

    private var mapPath: String { directory.appendingPathComponent("maps/testland.routeit").path }
    private var downloads: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("downloads").path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The installed map holds `bytes` (the import double copies the extract).
    private func assertInstalled(_ bytes: [UInt8], line: UInt = #line) throws {
        let installed = try Data(contentsOf: URL(fileURLWithPath: mapPath))
        XCTAssertTrue(installed == Data(bytes), "the installed map is not the extract expected (\(installed.count) bytes)", line: line)
    }

    private func assertFails(_ expected: MapDownloadError, _ work: () throws -> Any, line: UInt = #line) {
        XCTAssertThrowsError(try work(), line: line) { XCTAssertEqual($0 as? MapDownloadError, expected, line: line) }
    }

    func testGetDownloadsChecksImportsAndInstallsUnderTheRegionsName() throws {
        let done = try installer().get("TL")
        XCTAssertEqual(done, .init(region: "testland", mapPath: mapPath, bytes: 60_000, resumedFrom: 0))
        try assertInstalled(extract)
        XCTAssertEqual(downloads, [], "the checked extract is removed once imported")
        XCTAssertEqual(installer().source(ofMap: "testland")?.url, server.url(extractPath).absoluteString)
        XCTAssertEqual(installer().updatableNames(), ["testland"])
        assertFails(.alreadyInstalled(name: "testland", path: mapPath, fetched: true)) { try self.installer().get("testland") }
        XCTAssertEqual(MapDownloadError.alreadyInstalled(name: "testland", path: mapPath, fetched: true).description,
                       "a map named \"testland\" is already installed (\(mapPath)); routeit maps update testland fetches a newer one, --force downloads it again")
        try FileManager.default.removeItem(at: directory.appendingPathComponent("maps/.testland.source.json"))
        assertFails(.alreadyInstalled(name: "testland", path: mapPath, fetched: false)) { try self.installer().get("testland") }
        _ = try installer().get("testland", replacing: true)
        XCTAssertEqual(installer().updatableNames(), ["testland"], "replaced by get, it can be updated")
    }

    func testACutOffDownloadIsKeptAndResumedWithARange() throws {
        server.cutOff(extractPath, after: 25_000)
        assertFails(.interrupted(file: "testland-latest.osm.pbf", have: 25_000, total: 60_000)) { try self.installer().get("testland") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: mapPath), "nothing installed")
        XCTAssertEqual(imports, [])
        XCTAssertEqual(downloads, ["testland-latest.osm.pbf.part", "testland-latest.osm.pbf.part.md5"])

        let done = try installer().get("testland")
        XCTAssertEqual(done.resumedFrom, 25_000)
        XCTAssertTrue(server.requests(for: extractPath).last?.contains("\r\nRange: bytes=25000-") == true)
        try assertInstalled(extract)
    }

    func testAPartStartedForAnotherVersionIsNotResumed() throws {
        server.cutOff(extractPath, after: 10_000)
        XCTAssertThrowsError(try installer().get("testland"))
        let newer = extract.reversed() as [UInt8]
        publish(newer)
        _ = try installer().get("testland")
        XCTAssertFalse(server.requests(for: extractPath).last!.contains("Range:"))
        try assertInstalled(newer)
    }

    func testAWrongMD5RemovesTheDownloadAndInstallsNothing() throws {
        publish(extract, md5: String(repeating: "0", count: 32))
        var actual = MD5()
        actual.update(extract)
        assertFails(.md5Mismatch(file: "testland-latest.osm.pbf", expected: String(repeating: "0", count: 32), actual: actual.hexDigest())) {
            try self.installer().get("testland")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: mapPath))
        XCTAssertEqual(imports, [])
        XCTAssertEqual(downloads, [], "a download that does not match is not kept to be resumed")
    }

    func testAFullDiskKeepsWhatFittedAndTheNextRunResumes() throws {
        let full = installer(fileSystem: FullDisk(room: 20_000))
        assertFails(.diskFull(directory: directory.appendingPathComponent("downloads").path, kept: 20_000)) { try full.get("testland") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: mapPath))
        XCTAssertEqual(imports, [])
        let done = try installer().get("testland")
        XCTAssertEqual(done.resumedFrom, 20_000)
        try assertInstalled(extract)
    }

    func testASecondDownloadOfTheSameFileIsRefusedWhileOneRuns() throws {
        let downloads = directory.appendingPathComponent("downloads")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        let held = open(downloads.appendingPathComponent(".testland-latest.osm.pbf.lock").path, O_CREAT | O_RDWR, 0o644)
        XCTAssertEqual(flock(held, LOCK_EX), 0)
        assertFails(.busy(file: "testland-latest.osm.pbf")) { try self.installer().get("testland") }
        close(held)
        _ = try installer().get("testland")
        try assertInstalled(extract)
    }

    func testUpdateOfAMapNotInstalledNamesTheOnesThatCanBe() throws {
        assertFails(.notInstalled(name: "elsewhere", installed: [])) { try self.installer().update("elsewhere") }
        _ = try installer().get("testland")
        assertFails(.notInstalled(name: "elsewhere", installed: ["testland"])) { try self.installer().update("elsewhere") }
        try Data().write(to: directory.appendingPathComponent("maps/byhand.routeit"))
        assertFails(.notFromIndex(name: "byhand")) { try self.installer().update("byhand") }
    }

    func testARedirectIsFollowed() throws {
        server.redirect("/old/index.json", to: "/index-v1.json")
        server.redirect("/loop.json", to: "/loop.json")
        XCTAssertEqual(try installer(index: "/old/index.json").fetchIndex().regions.map(\.id), ["testland"])
        assertFails(.indexUnreachable(url: server.url("/loop.json").absoluteString, reason: "unreadable answer: too many redirects")) {
            try self.installer(index: "/loop.json").fetchIndex()
        }
    }

    func testEachFailureIsOneClearLine() throws {
        assertFails(.unknownRegion("testlnd", suggestions: ["testland"])) { try self.installer().get("testlnd") }
        server.serve("/broken.json", Array("<html>not here</html>".utf8))
        assertFails(.indexNotJSON(url: server.url("/broken.json").absoluteString)) { try self.installer(index: "/broken.json").get("testland") }
        assertFails(.indexUnreachable(url: server.url("/gone.json").absoluteString, reason: "HTTP 404")) {
            try self.installer(index: "/gone.json").get("testland")
        }
        server.serve(extractPath + ".md5", Array("sorry\n".utf8))
        assertFails(.noPublishedMD5(url: server.url(extractPath).absoluteString + ".md5")) { try self.installer().get("testland") }
        let refusing = RefusingPort()
        let offline = RegionMapInstaller(indexURL: URL(string: "http://127.0.0.1:\(refusing.port)/index-v1.json")!,
                                         mapsDirectory: directory, downloadsDirectory: directory) { _, _ in }
        assertFails(.indexUnreachable(url: "http://127.0.0.1:\(refusing.port)/index-v1.json", reason: "connection refused")) {
            try offline.get("testland")
        }
        XCTAssertEqual(imports, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: mapPath))
    }

    func testAMissingExtractIsA404Line() throws {
        let index = """
            {"type":"FeatureCollection","features":[{"type":"Feature","properties":{"id":"gone","name":"Gone",
            "urls":{"pbf":"\(server.url("/gone.osm.pbf").absoluteString)"}}}]}
            """
        server.serve("/index-v1.json", Array(index.utf8))
        server.serve("/gone.osm.pbf.md5", Array("d41d8cd98f00b204e9800998ecf8427e  gone.osm.pbf\n".utf8))
        assertFails(.notFound(url: server.url("/gone.osm.pbf").absoluteString)) { try self.installer().get("gone") }
    }

    func testUpdateReplacesTheMapOnlyWhenThePublishedMD5Changed() throws {
        _ = try installer().get("testland")
        XCTAssertEqual(try installer().update("testland"), .upToDate(try XCTUnwrap(installer().source(ofMap: "testland"))))
        XCTAssertEqual(server.requests(for: extractPath).count, 1, "an unchanged checksum downloads nothing")

        let newer = Array(extract.prefix(40_000)) + [1, 2, 3]
        publish(newer, lastModified: "Sun, 06 Dec 2026 10:00:00 GMT")
        guard case .updated(let done) = try installer().update("testland") else { return XCTFail("not updated") }
        XCTAssertEqual(done.mapPath, mapPath)
        XCTAssertTrue(server.requests(for: extractPath).last!.contains("If-Modified-Since: Sat, 05 Dec 2026 10:00:00 GMT"))
        try assertInstalled(newer)
        XCTAssertEqual(installer().source(ofMap: "testland")?.lastModified, "Sun, 06 Dec 2026 10:00:00 GMT")
    }

    func testAFailedUpdateLeavesTheInstalledMapAsItWas() throws {
        _ = try installer().get("testland")
        let newer = extract.reversed() as [UInt8]
        publish(newer, lastModified: "Sun, 06 Dec 2026 10:00:00 GMT")
        server.cutOff(extractPath, after: 1000)
        XCTAssertThrowsError(try installer().update("testland"))
        try assertInstalled(extract)
        XCTAssertThrowsError(try installer(importFails: true).update("testland"))
        try assertInstalled(extract)
        XCTAssertEqual(downloads, ["testland-latest.osm.pbf"], "the checked extract is kept for the next try")
        let requests = server.requests(for: extractPath).count
        guard case .updated = try installer().update("testland") else { return XCTFail("not updated") }
        XCTAssertEqual(server.requests(for: extractPath).count, requests, "not downloaded again")
        try assertInstalled(newer)
    }

    func testAChunkedDownloadIsDecodedAndACutChunkedOneResumes() throws {
        server.sendChunked(extractPath)
        server.cutOff(extractPath, after: 15_000)
        XCTAssertThrowsError(try installer().get("testland")) {
            guard case .interrupted = $0 as? MapDownloadError else { return XCTFail("\($0)") }
        }
        _ = try installer().get("testland")
        try assertInstalled(extract)
    }
}

/// A file system with `room` bytes left: writes past it throw `DiskFull` after writing what fits.
private final class FullDisk: DownloadFileSystem, @unchecked Sendable {
    private var room: Int

    init(room: Int) { self.room = room }

    func openForAppending(_ path: String, truncatingTo length: Int64) throws -> DownloadSink {
        Sink(inner: try LocalDownloadFiles().openForAppending(path, truncatingTo: length), disk: self)
    }

    private final class Sink: DownloadSink {
        let inner: DownloadSink
        let disk: FullDisk
        init(inner: DownloadSink, disk: FullDisk) { self.inner = inner; self.disk = disk }

        func write(_ bytes: [UInt8]) throws {
            let fits = min(bytes.count, disk.room)
            try inner.write(Array(bytes.prefix(fits)))
            disk.room -= fits
            if fits < bytes.count { throw DiskFull() }
        }

        func close() throws { try inner.close() }
    }
}

/// A server that stops sending in the middle of a body is given up on after the idle time,
/// and what came is kept to resume: no hang.
final class StalledDownloadTests: XCTestCase {
    func testAServerThatGoesSilentMidBodyIsACutOffDownload() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let server = try LoopbackHTTPServer(replies: [.drip(head: "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n", every: 0.001, limit: 10)])
        defer { server.stop() }
        let download = ExtractDownload(url: server.baseURL.appendingPathComponent("x-latest.osm.pbf"), expectedMD5: String(repeating: "a", count: 32),
                                       directory: directory, client: HTTPDownloadClient(), fileSystem: LocalDownloadFiles(),
                                       progress: nil, stop: nil, idleTimeout: 0.3)
        XCTAssertThrowsError(try download.run()) {
            XCTAssertEqual($0 as? MapDownloadError, .interrupted(file: "x-latest.osm.pbf", have: 10, total: 1000))
        }
    }
}
