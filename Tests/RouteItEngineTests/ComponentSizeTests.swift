import XCTest
import RouteItCore
@testable import RouteItEngine

/// A piece of the network is "small" by OSRM's count of its graph nodes, and OSRM merges a
/// road's stretches where only footways cross it: a street cut into twelve edges by footway
/// crossings is two nodes to OSRM (one per direction), not 24. Counted per edge, the piece
/// below came out big, so an end beside it stayed on it where OSRM moves it to the network.
final class ComponentSizeTests: XCTestCase {
    /// A 5 × 5 grid of two-way streets 100 m apart (x, y in 0...400); from its east side at
    /// y = 200 a one-way street leads east into Umpitie, a 600 m two-way dead end crossed by a
    /// footway every 50 m. Cars can enter Umpitie but not leave it: it is a piece of its own.
    /// `towns`: that many copies, 2 km apart west to east, no road between them.
    private func gridWithOneWayIntoCrossedDeadEnd(smallComponentSize: Int = 20, towns: Int = 1) throws -> OfflineDirections {
        var f = RoadFixture()
        for t in 0..<towns {
            let dx = Double(t) * 2000, k = "\(t)/", base = Int64(t) * 1000
            for r in 0..<5 { for c in 0..<5 { f.node("\(k)\(r):\(c)", dx + Double(c) * 100, Double(r) * 100) } }
            var id = base + 1
            for r in 0..<5 { f.street(id, (0..<5).map { "\(k)\(r):\($0)" }, "Katu \(r)"); id += 1 }
            for c in 0..<5 { f.street(id, (0..<5).map { "\(k)\($0):\(c)" }, "Tie \(c)"); id += 1 }
            f.node("\(k)E", dx + 450, 200)
            f.street(base + 100, ["\(k)2:4", "\(k)E"], "Sisääntulo", [("oneway", "yes")])
            var stretch = ["\(k)E"]
            for i in 1...12 {
                let x = dx + 450 + Double(i) * 50
                f.node("\(k)U\(i)", x, 200); f.node("\(k)N\(i)", x, 230); f.node("\(k)S\(i)", x, 170)
                f.way(base + 200 + Int64(i), ["\(k)N\(i)", "\(k)U\(i)", "\(k)S\(i)"], [("highway", "footway")])
                stretch.append("\(k)U\(i)")
            }
            f.street(base + 101, stretch, "Umpitie")
        }
        // Umpitie is 24 car graph nodes, two to OSRM; the grid 80 to both.
        return try f.build(smallComponentSize: smallComponentSize)
    }

    func testAStreetCutByFootwaysCountsAsOneStretchPerDirection() throws {
        let engine = try gridWithOneWayIntoCrossedDeadEnd().loadedEngine()
        for e in 0..<engine.net.edgeCount where engine.net.allows(e, .car) {
            let name = engine.net.name(of: e)
            XCTAssertEqual(engine.components.component(of: e, .car) != 0, name == "Umpitie" || name == "Sisääntulo", name)
        }
    }

    func testAnEndBesideTheSmallPieceIsRoutedFromTheNetwork() throws {
        let d = try gridWithOneWayIntoCrossedDeadEnd()
        // From the grid to 10 m beside Umpitie, 260 m along it: OSRM ends on the nearest road
        // of the network (Tie 4, the grid's east side), not on the piece.
        let route = try XCTUnwrap(d.route((100, 200), (710, 210)).first)
        let end = try XCTUnwrap(route.polyline.last)
        XCTAssertEqual(end.distance(to: RoadFixture.coordinate(400, 210)), 0, accuracy: 1, "\(route.steps.map(\.instruction))")
        XCTAssertFalse(route.steps.contains { $0.instruction.contains("Umpitie") })
        // Both ends on the piece stay on it.
        let along = try XCTUnwrap(d.route((510, 205), (710, 205)).first)
        XCTAssertEqual(along.distance, 200, accuracy: 1)
    }

    /// No piece is big (the limit 500 here; a town's extract by car at OSRM's 1000): as OSRM, the
    /// ends snap to their nearest roads, so a trip into the dead end ends on it; the way out of it
    /// does not exist, and that trip goes from the network (the grid: most of the graph, and a
    /// tenth of the limit or more).
    func testWithNoBigPieceTheEndsTakeTheirNearestRoads() throws {
        let d = try gridWithOneWayIntoCrossedDeadEnd(smallComponentSize: 500)
        let into = try XCTUnwrap(d.route((100, 200), (710, 210)).first)
        XCTAssertEqual(try XCTUnwrap(into.polyline.last).distance(to: RoadFixture.coordinate(710, 200)), 0, accuracy: 1)
        XCTAssertEqual(into.distance, RoadFixture.measured([(100, 200), (710, 200)]), accuracy: 1)
        let out = try XCTUnwrap(d.route((710, 210), (100, 200)).first)
        XCTAssertEqual(try XCTUnwrap(out.polyline.first).distance(to: RoadFixture.coordinate(400, 210)), 0, accuracy: 1)
    }

    /// Three such towns that no road joins, none holding most of the map: each town's grid is
    /// its network, so the way out of any town's dead end goes from its own grid (the biggest
    /// alone was the network when it held most of the map; here none did and the trip had no route).
    func testWithNoBigPieceEveryTownOfAMapOfTownsHasItsNetwork() throws {
        let d = try gridWithOneWayIntoCrossedDeadEnd(smallComponentSize: 500, towns: 3)
        for t in 0..<3 {
            let dx = Double(t) * 2000
            let out = try XCTUnwrap(d.route((dx + 710, 210), (dx + 100, 200)).first, "town \(t)")
            XCTAssertEqual(try XCTUnwrap(out.polyline.first).distance(to: RoadFixture.coordinate(dx + 400, 210)), 0, accuracy: 1,
                           "town \(t)")
        }
    }

    /// No piece is big: a table's cells are the routes' answers, the ones the nearest roads
    /// cannot connect (out of the dead end) as the route takes them, from the network.
    func testWithNoBigPieceATablesCellsAreTheRoutes() async throws {
        let d = try gridWithOneWayIntoCrossedDeadEnd(smallComponentSize: 500)
        let points = [(100.0, 200.0), (710, 210), (300, 300), (510, 205), (400, 0)]
        let items = points.map { MapItem(placemark: Placemark(coordinate: RoadFixture.coordinate($0.0, $0.1))) }
        let table = try await d.table(TravelTableRequest(sources: items, destinations: items, transportType: .car))
        for i in points.indices {
            for j in points.indices where i != j {
                let route = try d.route(points[i], points[j]).first
                XCTAssertEqual(try XCTUnwrap(table.durations[i][j], "\(i)→\(j)"), try XCTUnwrap(route).expectedTravelTime,
                               accuracy: 1, "\(i)→\(j)")
            }
        }
    }

    /// With no big piece and none a town's size (OSRM's hand-drawn scenarios), no piece is the
    /// network: the way out of the dead end has no route, as in OSRM.
    func testWithOnlyAFewStreetsNoPieceIsTheNetwork() throws {
        let d = try gridWithOneWayIntoCrossedDeadEnd(smallComponentSize: 1000)
        XCTAssertEqual(try XCTUnwrap(d.route((100, 200), (710, 210)).first).distance, RoadFixture.measured([(100, 200), (710, 200)]), accuracy: 1)
        XCTAssertThrowsError(try d.route((710, 210), (100, 200))) { XCTAssertEqual($0 as? DirectionsError, .noRoute) }
    }
}
