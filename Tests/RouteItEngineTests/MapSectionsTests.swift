import Foundation
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// The road graph's fixed-layout sections: opened by mapping, damage never crashes, a replaced
/// map file leaves an open session answering from the file it opened.
final class MapSectionsTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestFiles.temporaryDirectory(for: self) }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// Pairs spread over the Helsinki extract.
    private let pairs: [(Coordinate, Coordinate)] = [
        (Coordinate(latitude: 60.1699, longitude: 24.9384), Coordinate(latitude: 60.1655, longitude: 24.9495)),
        (Coordinate(latitude: 60.1750, longitude: 24.9400), Coordinate(latitude: 60.1680, longitude: 24.9420)),
        (Coordinate(latitude: 60.1710, longitude: 24.9500), Coordinate(latitude: 60.1760, longitude: 24.9370)),
    ]

    private func copyOfHelsinki() throws -> String {
        let path = directory.appendingPathComponent("helsinki-\(UUID().uuidString).routeit").path
        try FileManager.default.copyItem(atPath: try RealMaps.path("Helsinki.osm.pbf"), toPath: path)
        return path
    }

    /// Every answer is a route, "no route" or the one damage sentence; anything else fails.
    /// `pairs`: which of `self.pairs` to route, in every mode (all of them by default).
    private func exercise(_ path: String, pairs chosen: [Int]? = nil, file: StaticString = #filePath, line: UInt = #line) -> (routes: Int, damaged: Int) {
        var routes = 0, damaged = 0
        func expectPlain(_ error: Error) {
            switch error {
            case DirectionsError.noRoute: break
            case DirectionsError.unavailable(let message) where message == MapDamage.message: damaged += 1
            default: XCTFail("unexpected error: \(error)", file: file, line: line)
            }
        }
        let directions: OfflineDirections
        do { directions = try OfflineDirections(path: path) } catch { expectPlain(error); return (0, 1) }
        for mode in TransportType.allCases {
            for (a, b) in (chosen ?? Array(pairs.indices)).map({ pairs[$0] }) {
                do { routes += try directions.routes(from: a, to: b, mode: mode, alternatives: true).count } catch { expectPlain(error) }
            }
        }
        _ = directions.roads(in: BoundingBox(minLatitude: 60.16, minLongitude: 24.93, maxLatitude: 60.18, maxLongitude: 24.96))
        return (routes, damaged)
    }

    func testAnUntouchedMapRoutesAndItsChecksumsHold() throws {
        let path = try copyOfHelsinki()
        XCTAssertEqual(exercise(path).damaged, 0)
        XCTAssertGreaterThan(exercise(path).routes, 0)
        XCTAssertEqual(try OfflineDirections(path: path).damagedSections(), [])
    }

    /// A server's map (`MapFaults.survive`) truncated under its mapping: the read that faults
    /// (SIGBUS) goes on over zeros instead of exiting the process, and the region says so.
    func testAFaultOnATruncatedMappingIsSurvivedOverZeros() throws {
        MapFaults.survive()
        let path = try copyOfHelsinki()
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        let region = try MappedRegion(fd: fd, offset: 0, length: 3 * 4096, label: "test")
        let base = try XCTUnwrap(region.base)
        _ = base.load(fromByteOffset: 2 * 4096, as: UInt8.self)   // mapped and read while the file is whole
        XCTAssertFalse(region.wasZeroed)
        XCTAssertEqual(truncate(path, 4096), 0)
        // The page past the end faults; the read gets zero, and so does every page since.
        XCTAssertEqual(base.load(fromByteOffset: 2 * 4096 + 7, as: UInt8.self), 0)
        XCTAssertEqual(base.load(fromByteOffset: 0, as: UInt64.self), 0)
        XCTAssertTrue(region.wasZeroed)
    }

    /// Routes on a server's map truncated while it is open: each answers, fails as damaged or
    /// finds no route (over zeros: never a trap, a hang or an exit), and the map's health says
    /// the file changed, for the server to refuse the answers.
    func testRoutesOnAMapTruncatedUnderAServerNeverExitAndItIsSaidChanged() throws {
        MapFaults.survive()
        let path = try copyOfHelsinki()
        let directions = try OfflineDirections(path: path)
        XCTAssertEqual(directions.mapFileHealth, .intact)
        XCTAssertFalse(try directions.routes(from: pairs[0].0, to: pairs[0].1, mode: .car, alternatives: false).isEmpty)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        XCTAssertEqual(truncate(path, off_t(size / 2)), 0)
        XCTAssertEqual(directions.mapFileHealth, .changed)
        for mode in TransportType.allCases {
            for (a, b) in pairs {
                do {
                    _ = try directions.routes(from: a, to: b, mode: mode, alternatives: true)
                } catch DirectionsError.noRoute {
                } catch DirectionsError.unavailable(let message) {
                    XCTAssertEqual(message, MapDamage.message)
                }
            }
            _ = try? directions.nearest(pairs[0].0, mode: mode, count: 3, heading: nil)
        }
        XCTAssertEqual(directions.mapFileHealth, .changed)
    }

    func testATruncatedMapSaysItIsDamaged() throws {
        let original = try copyOfHelsinki()
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: original)[.size] as? Int)
        for cut in [1, 40, 4096, size / 3] {
            let path = try copyOfHelsinki()
            XCTAssertEqual(truncate(path, off_t(size - cut)), 0)
            XCTAssertThrowsError(try OfflineDirections(path: path), "cut \(cut)") { error in
                guard case DirectionsError.unavailable(let message) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(message, MapDamage.message)
            }
        }
    }

    /// Every section overwritten with garbage: queries answer or say the map is damaged, nothing
    /// traps, and the section's checksum gives it away. Here each section gets one pattern and one
    /// pair of points per mode, both taking turns by section (values out of every range for one
    /// section, random bytes from a fixed seed for the next; the three pairs in turn), so every
    /// section, both patterns and every pair are covered in a few seconds. The full sweep (both
    /// patterns on every section, every pair) is `ROUTEIT_FULL_SWEEPS=1`, which `Scripts/fuzz
    /// --sweeps` sets.
    func testEverySectionFilledWithGarbageNeverCrashes() throws {
        let full = ProcessInfo.processInfo.environment["ROUTEIT_FULL_SWEEPS"] == "1"
        let sections = try MapSections(path: try copyOfHelsinki())
        var generator = SeededRandom(seed: 7)
        var damagedSeen = 0, patternsSeen = Set<Int>(), swept = 0
        let entries = sections.entries.values.sorted(by: { $0.name < $1.name }).filter { $0.length > 0 }
        for (index, entry) in entries.enumerated() {
            for pattern in full ? [0, 1] : [index % 2] {
                let path = try copyOfHelsinki()
                let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
                try handle.seek(toOffset: entry.offset)
                var bytes = [UInt8](repeating: 0xFF, count: Int(entry.length))
                if pattern == 1 { for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: generator.next()) } }
                try handle.write(contentsOf: Data(bytes))
                try handle.close()
                damagedSeen += exercise(path, pairs: full ? nil : [index % pairs.count]).damaged
                let verified = try MapSections(path: path).verify()
                XCTAssertTrue(verified.contains(entry.name), "\(entry.name) damaged but its checksum holds")
                try FileManager.default.removeItem(atPath: path)
                patternsSeen.insert(pattern)
                swept += 1
            }
        }
        XCTAssertGreaterThan(entries.count, 1)
        XCTAssertEqual(swept, full ? 2 * entries.count : entries.count, "every section swept")
        XCTAssertEqual(patternsSeen, [0, 1])
        XCTAssertGreaterThan(damagedSeen, 0)
    }

    /// Offsets (where each node's or edge's arcs start) with a spike every 50 values: a range
    /// that runs backwards (`..<` traps) or four billion arcs long (a search that never ends).
    /// Each query answers or says the map is damaged.
    func testOffsetsOutOfOrderOrPastTheirArraySayTheMapIsDamaged() throws {
        let names = ["edgeDirSample", "ch.fwdStart", "ch.bwdStart"]
        var damaged = 0
        for (index, name) in names.enumerated() {
            let path = try copyOfHelsinki()
            let sections = try MapSections(path: path)
            for mode in ["car", "walk", "bike"] {
                let entry = try XCTUnwrap(sections.entries["\(mode).\(name)"])
                let original = try sections.column("\(mode).\(name)") as Column<UInt32>
                let spiked = (0..<original.count).map { $0 % 50 == 25 ? UInt32.max - 1 : original[$0] }
                let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
                try handle.seek(toOffset: entry.offset)
                try handle.write(contentsOf: spiked.withUnsafeBytes { Data($0) })
                try handle.close()
            }
            damaged += exercise(path, pairs: [index % pairs.count]).damaged
        }
        XCTAssertGreaterThan(damaged, 0)
    }

    /// Every third road point moved across the earth (each within range on its own, most roads
    /// still where they were): the alternatives' overlap test must not sample those thousands of
    /// kilometres every 4 m; the route says the map is damaged.
    func testRoadPointsScatteredOverTheEarthSayTheMapIsDamaged() throws {
        let path = try copyOfHelsinki()
        let entry = try XCTUnwrap(try MapSections(path: path).entries["net.geometry"])
        let original = try MapSections(path: path).column("net.geometry") as Column<GeoPoint>
        let far = [GeoPoint(lat: 800_000_000, lon: -1_700_000_000), GeoPoint(lat: -800_000_000, lon: 1_700_000_000)]
        let points = (0..<original.count).map { $0 % 3 == 1 ? far[$0 % 2] : original[$0] }
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: entry.offset)
        try handle.write(contentsOf: points.withUnsafeBytes { Data($0) })
        try handle.close()
        XCTAssertGreaterThan(exercise(path).damaged, 0)
    }

    func testASessionKeepsAnsweringWhileTheMapIsReplacedUnderIt() throws {
        let path = try copyOfHelsinki()
        let session = try OfflineDirections(path: path)
        let (a, b) = pairs[0]
        let before = try session.routes(from: a, to: b, mode: .car)
        // Another import renames a different map over the same path.
        try MapImporter().importMap(osmFile: try TestPaths.osmFile("test.osm.pbf"), to: path)
        let after = try session.routes(from: a, to: b, mode: .car)
        XCTAssertEqual(after.map(\.expectedTravelTime), before.map(\.expectedTravelTime))
        XCTAssertEqual(after.map(\.polyline), before.map(\.polyline))
        // A new session sees the new map (the small town: no road near Helsinki).
        XCTAssertThrowsError(try OfflineDirections(path: path).routes(from: a, to: b, mode: .car))
    }
}

