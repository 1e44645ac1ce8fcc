import XCTest
import RouteItCore
@testable import RouteItEngine

/// OSRM's components count both directions of a two-way road as one piece: a two-way street
/// whose far end leads only into a one-way dead end (cars cannot turn round there, so neither
/// direction is strongly connected on its own) still belongs to the network, and a point beside
/// it is routed from it rather than moved to another street.
final class TwoWayComponentTests: XCTestCase {
    /// A 5 × 5 grid of two-way streets 100 m apart (x, y in 0...400); from its east side at
    /// y = 200, a 200 m two-way street whose end has only a one-way street leaving it, into a
    /// dead end.
    private func gridWithBlindStreet() throws -> OfflineDirections {
        var f = RoadFixture()
        for r in 0..<5 { for c in 0..<5 { f.node("\(r):\(c)", Double(c) * 100, Double(r) * 100) } }
        var id: Int64 = 1
        for r in 0..<5 { f.street(id, (0..<5).map { "\(r):\($0)" }, "Katu \(r)"); id += 1 }
        for c in 0..<5 { f.street(id, (0..<5).map { "\($0):\(c)" }, "Tie \(c)"); id += 1 }
        f.node("P", 600, 200); f.node("X", 700, 200)
        f.street(100, ["2:4", "P"], "Pistokatu")
        f.street(101, ["P", "X"], "Umpikuja", highway: "residential", [("oneway", "yes")])
        return try f.build(smallComponentSize: 20)
    }

    func testATwoWayStreetIntoAOneWayDeadEndIsOnTheNetwork() throws {
        let d = try gridWithBlindStreet()
        let engine = try d.loadedEngine()
        for e in 0..<engine.net.edgeCount where engine.net.name(of: e) == "Pistokatu" {
            XCTAssertEqual(engine.components.component(of: e, .car), 0)
        }
        // 10 m beside Pistokatu, 150 m from the grid: the trip starts and ends on Pistokatu.
        let out = try XCTUnwrap(d.route((550, 210), (100, 100)).first)
        XCTAssertEqual(out.steps.first?.instruction, "Head west on Pistokatu")
        XCTAssertEqual(try XCTUnwrap(out.polyline.first).distance(to: RoadFixture.coordinate(550, 200)), 0, accuracy: 1)
        let back = try XCTUnwrap(d.route((100, 100), (550, 210)).first)
        XCTAssertEqual(try XCTUnwrap(back.polyline.last).distance(to: RoadFixture.coordinate(550, 200)), 0, accuracy: 1)
        XCTAssertEqual(back.distance, RoadFixture.measured([(100, 100), (100, 200), (550, 200)]), accuracy: 1)
    }
}
