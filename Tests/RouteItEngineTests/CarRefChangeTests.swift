import XCTest
import RouteItCore
@testable import RouteItEngine

/// A named road whose ref changes and whose name then ends, leaving the bare ref ("Avenue Des
/// Diables Bleus", M 2564 → D 2564 → plain "D 2564" above Monaco). Each expectation is what OSRM
/// 26.10 with car.lua answered on the same network built as an OSM file.
final class CarRefChangeTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    /// West to east: Avenue X (M 1) for 300 m, Avenue X (D 1) for 10 m, then D 1 alone past a
    /// side street at 600 m and a way `sideWay` at 800 m, to 1,000 m.
    static func network(sideWay: [(String, String)]) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 300, 0); f.node("C", 310, 0); f.node("D", 600, 0)
        f.node("E", 600, -100); f.node("F", 800, 0); f.node("H", 800, 100); f.node("G", 1000, 0)
        f.street(1, ["A", "B"], "Avenue X", highway: "secondary", [("ref", "M 1")])
        f.street(2, ["B", "C"], "Avenue X", highway: "secondary", [("ref", "D 1")])
        f.way(3, ["C", "D", "F", "G"], [("highway", "secondary"), ("ref", "D 1")])
        f.street(4, ["D", "E"], "Side")
        f.way(5, ["F", "H"], sideWay)
        return try f.build()
    }

    /// OSRM: "new name" onto D 1 at the driveway (800 m), not at the side street (600 m).
    func testTheBareRefIsToldAtTheFirstDriveway() throws {
        let d = try Self.network(sideWay: [("highway", "service")])
        let route = try XCTUnwrap(d.route((10, 0), (990, 0)).first)
        XCTAssertEqual(instructions(route), ["Head east on Avenue X", "Continue onto D 1", "Arrive at your destination"])
        XCTAssertEqual(route.steps[0].distance, RoadFixture.measured([(10, 0), (800, 0)]), accuracy: 2)
    }

    /// OSRM: the way back, already on D 1, names nothing; Avenue X keeping its name while the
    /// ref changes is no news either.
    func testTheWayBackSaysNothing() throws {
        let d = try Self.network(sideWay: [("highway", "service")])
        XCTAssertEqual(instructions(try d.route((990, 0), (10, 0)).first), ["Head west on D 1", "Arrive at your destination"])
    }

    /// OSRM: past a named street there (no driveway) the change is never told; a footway is no
    /// way in a driver's graph at all, so it makes no driveway either.
    func testWithoutADrivewayNothingIsTold() throws {
        for side in [[("highway", "residential"), ("name", "Other")], [("highway", "footway")]] {
            let d = try Self.network(sideWay: side)
            XCTAssertEqual(instructions(try d.route((10, 0), (990, 0)).first), ["Head east on Avenue X", "Arrive at your destination"],
                           "\(side)")
        }
    }
}
