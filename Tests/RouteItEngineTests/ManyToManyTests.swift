import XCTest
import RouteItCore
@testable import RouteItEngine

/// The many-to-many search gives every pair the time of the one-to-one route (its legs' time:
/// the weight less what is weight only), on the real Helsinki and Monaco extracts, for every
/// mode and with roads to avoid.
final class ManyToManyTests: XCTestCase {
    /// Helsinki, imported once for the tests that read it.
    private static let helsinki = Result { try importMap("Helsinki.osm.pbf") }

    private func map(_ file: String) throws -> (OfflineDirections, BoundingBox) {
        file == "Helsinki.osm.pbf" ? try Self.helsinki.get() : try Self.importMap(file)
    }

    private static func importMap(_ file: String) throws -> (OfflineDirections, BoundingBox) {
        let source = try OSMTestData.realFile(file)
        let path = try RoutingTestMaps.newPath()
        try MapImporter(layers: [RoadLayerBuilder()]).importMap(from: try openOSMReader(at: source), sourceName: file, to: path)
        let map = try RouteItMap(path: path)
        return (try OfflineDirections(path: path), try XCTUnwrap(map.boundingBox))
    }

    private func points(_ count: Int, in box: BoundingBox, seed: UInt64) -> [Coordinate] {
        var rng = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            Coordinate(latitude: .random(in: box.minLatitude...box.maxLatitude, using: &rng),
                       longitude: .random(in: box.minLongitude...box.maxLongitude, using: &rng))
        }
    }

    /// Every cell equals the one-to-one route's time, and a cell has a time exactly when the
    /// pair has a route (two ends on one piece cut off from the network included).
    private func check(_ file: String, modes: [TransportType], avoid: RoadAvoidance = [], seed: UInt64,
                       on imported: (OfflineDirections, BoundingBox)? = nil) throws {
        let (directions, box) = try imported ?? map(file)
        let engine = try directions.loadedEngine()
        let places = points(10, in: box, seed: seed)
        for mode in modes {
            let table = try engine.durationTable(from: places, to: places, mode: mode, avoid: avoid)
            var compared = 0, differing = 0, routed = 0
            for (i, a) in places.enumerated() {
                for (j, b) in places.enumerated() where i != j {
                    // Off as many of the classes as a route can keep off, the largest sets first.
                    let legs = try? engine.routeLegs(from: a, to: b, mode: mode, alternatives: false, avoid: avoid).first
                    let single = legs.map { Double(RoutingEngine.ms($0)) / 1000 }
                    compared += 1
                    if single != nil { routed += 1 }
                    XCTAssertEqual(table[i][j] == nil, single == nil, "\(file) \(mode) \(a) → \(b): table and route disagree on reaching it")
                    if table[i][j] != single { differing += 1 }
                }
            }
            XCTAssertGreaterThan(routed, compared / 3, "\(file) \(mode): most pairs have a route")
            XCTAssertEqual(differing, 0, "\(file) \(mode): \(differing) of \(compared) cells differ from one-to-one")
        }
    }

    func testHelsinkiEveryMode() throws {
        try check("Helsinki.osm.pbf", modes: [.car, .walk, .bike], seed: 7)
    }

    func testMonacoEveryModeAndAvoidingMotorways() throws {
        let monaco = try map("monaco.osm.pbf")
        try check("monaco.osm.pbf", modes: [.car, .walk, .bike], seed: 11, on: monaco)
        try check("monaco.osm.pbf", modes: [.car], avoid: [.motorway, .toll], seed: 12, on: monaco)
    }

    /// Two points whose nearest road is a one-way stub cut off from the network, driven against
    /// its way: the route once failed ("Directions not available") where the table, snapping
    /// each place alone onto the network, gave 37 s, so `optimize` ordered a trip it could not
    /// route. Both now go by the network when the piece cannot carry the trip, and agree.
    func testAPairOnACutOffPieceHasTheTablesTimeAsItsRoute() throws {
        let engine = try map("Helsinki.osm.pbf").0.loadedEngine()
        let a = Coordinate(latitude: 60.17223, longitude: 24.93592), b = Coordinate(latitude: 60.17177, longitude: 24.93606)
        let table = try engine.durationTable(from: [a, b], to: [a, b], mode: .car)
        for (i, j) in [(0, 1), (1, 0)] {
            let from = [a, b][i], to = [a, b][j]
            let legs = try XCTUnwrap(engine.routeLegs(from: from, to: to, mode: .car, alternatives: false).first)
            XCTAssertEqual(table[i][j], Double(RoutingEngine.ms(legs)) / 1000, "\(from) → \(to)")
        }
    }

    func testSourcesAndTargetsMayDiffer() throws {
        let (directions, box) = try map("Helsinki.osm.pbf")
        let engine = try directions.loadedEngine()
        let from = points(3, in: box, seed: 1), to = points(5, in: box, seed: 2)
        let table = try engine.durationTable(from: from, to: to, mode: .walk)
        XCTAssertEqual(table.count, 3)
        for (i, row) in table.enumerated() {
            XCTAssertEqual(row.count, 5)
            let full = try engine.durationTable(from: [from[i]], to: to, mode: .walk)
            XCTAssertEqual(full[0], row)
        }
    }
}
