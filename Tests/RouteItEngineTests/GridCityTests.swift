import XCTest
import RouteItCore
@testable import RouteItEngine
import RouteItTestSupport

/// The synthetic grid cities the benchmarks run on (`Scripts/make-grid-osm`) are what its header
/// promises: deterministic, the size asked for, with one-ways and turn restrictions that both
/// engines can read, and a road network where nearly every pair is connected.
final class GridCityTests: XCTestCase {
    private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private func makeGrid(_ out: URL, nodes: Int, seed: Int) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", packageRoot.appendingPathComponent("Scripts/make-grid-osm").path, out.path,
                             "--nodes", String(nodes), "--seed", String(seed)]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "make-grid-osm failed")
    }

    func testGridCityIsDeterministicConnectedAndRoutable() throws {
        let dir = try TestFiles.temporaryDirectory(for: self)
        let a = dir.appendingPathComponent("a.osm"), b = dir.appendingPathComponent("b.osm")
        try makeGrid(a, nodes: 20000, seed: 3)
        try makeGrid(b, nodes: 20000, seed: 3)
        XCTAssertEqual(try Data(contentsOf: a), try Data(contentsOf: b), "same arguments, same bytes")

        let path = dir.appendingPathComponent("grid.routeit").path
        let summary = try MapImporter().importMap(from: try openOSMReader(at: a), sourceName: "a.osm", to: path)
        XCTAssertEqual(Double(summary.nodes), 20000, accuracy: 4000, "about the size asked for")
        let map = try RouteItMap(path: path)
        let restrictions = try map.database.prepare("SELECT count(*) FROM turn_restrictions")
        XCTAssertTrue(try restrictions.step())
        XCTAssertGreaterThan(restrictions.int(0), 0, "turn restrictions made it into the map")
        let d = try OfflineDirections(path: path)
        let net = try d.loadedEngine().net
        let oneways = (0..<net.edgeCount).filter { net.allows($0, forward: true, .car) != net.allows($0, forward: false, .car) }
        XCTAssertGreaterThan(oneways.count, 0, "one-way streets made it into the map")
        let box = try XCTUnwrap(map.boundingBox)
        var rng = SeededRandom(seed: 8)
        var routed = 0
        for _ in 0..<60 {
            func point() -> Coordinate {
                Coordinate(latitude: .random(in: box.minLatitude...box.maxLatitude, using: &rng),
                           longitude: .random(in: box.minLongitude...box.maxLongitude, using: &rng))
            }
            let c = try d.costs(point(), point(), .car)
            XCTAssertEqual(c.ch, c.reference)
            if c.ch != nil { routed += 1 }
        }
        XCTAssertGreaterThanOrEqual(routed, 57, "nearly all pairs connected")
    }
}
