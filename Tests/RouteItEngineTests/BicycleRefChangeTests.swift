import XCTest
import RouteItCore
@testable import RouteItEngine

/// `CarRefChangeTests`' road (Avenue X, M 1 → D 1 → the bare ref D 1) ridden by bicycle: OSRM's
/// DrivewayHandler is every profile's, so a cyclist too hears the bare ref at the first way of
/// low priority joining ("Continue onto D 2564" above Monaco). A cyclist's graph holds footways
/// and cycleways, which are low-priority ways like a service road. Each expectation is what
/// OSRM 26.10 with bicycle.lua answered on the same network built as an OSM file.
final class BicycleRefChangeTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    /// OSRM: "new name" onto D 1 at the driveway, footway or cycleway (800 m), not at the side
    /// street (600 m).
    func testTheBareRefIsToldAtTheFirstLowPriorityWay() throws {
        for side in ["service", "footway", "cycleway"] {
            let d = try CarRefChangeTests.network(sideWay: [("highway", side)])
            let route = try XCTUnwrap(d.route((10, 0), (990, 0), .bike).first)
            XCTAssertEqual(instructions(route), ["Head east on Avenue X", "Continue onto D 1", "Arrive at your destination"], side)
            XCTAssertEqual(route.steps[0].distance, RoadFixture.measured([(10, 0), (800, 0)]), accuracy: 2, side)
        }
    }

    /// OSRM: the way back, already on D 1, names nothing.
    func testTheWayBackSaysNothing() throws {
        let d = try CarRefChangeTests.network(sideWay: [("highway", "footway")])
        XCTAssertEqual(instructions(try d.route((990, 0), (10, 0), .bike).first), ["Head west on D 1", "Arrive at your destination"])
    }

    /// OSRM: past a named street there (no low-priority way) the change is never told.
    func testPastAStreetNothingIsTold() throws {
        let d = try CarRefChangeTests.network(sideWay: [("highway", "residential"), ("name", "Other")])
        XCTAssertEqual(instructions(try d.route((10, 0), (990, 0), .bike).first), ["Head east on Avenue X", "Arrive at your destination"])
    }
}
