import RouteItCore
import XCTest
@testable import RouteItEngine

/// Walking weights as OSRM's foot.lua sets them: every walkable way at 5 km/h, steps included,
/// and slower only on loose surfaces (gravel 3.75, sand and mud 2.5 km/h).
final class WalkingSpeedsTests: XCTestCase {
    /// A square block, 200 m a side, of residential streets, with `middle` joining the middles
    /// of its south (M) and north (N) sides: 200 m straight across against 400 m round.
    private func block(middle: [(String, String)]) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("SW", 0, 0); f.node("M", 100, 0); f.node("SE", 200, 0)
        f.node("NW", 0, 200); f.node("N", 100, 200); f.node("NE", 200, 200)
        f.street(1, ["SW", "M", "SE"], "Alakatu")
        f.street(2, ["NW", "N", "NE"], "Yläkatu")
        f.street(3, ["SW", "NW"], "Länsikatu")
        f.street(4, ["SE", "NE"], "Itäkatu")
        f.way(5, ["M", "N"], middle)
        return try f.build()
    }

    private func walk(_ d: OfflineDirections) throws -> Route {
        let route = try XCTUnwrap(d.route((100, 0), (100, 200), .walk).first)
        let costs = try d.costs(RoadFixture.coordinate(100, 0), RoadFixture.coordinate(100, 200), .walk)
        XCTAssertEqual(costs.ch, costs.reference)
        return route
    }

    func testStepsCostTheSamePerMetreAsAFootway() throws {
        let footway = try walk(try block(middle: [("highway", "footway"), ("name", "Polku")]))
        let steps = try walk(try block(middle: [("highway", "steps"), ("name", "Portaat")]))
        // 200 m at 5 km/h = 144 s either way (at half speed the steps would tie with the 400 m round).
        XCTAssertEqual(footway.distance, 200, accuracy: 2)
        XCTAssertEqual(steps.distance, 200, accuracy: 2)
        XCTAssertEqual(footway.expectedTravelTime, 144, accuracy: 1)
        XCTAssertEqual(steps.expectedTravelTime, footway.expectedTravelTime, accuracy: 0.1)
    }

    func testLooseSurfacesAreWalkedSlower() throws {
        for (surface, kmh) in [("gravel", 3.75), ("fine_gravel", 3.75), ("pebblestone", 3.75), ("sand", 2.5),
                               ("mud", 2.5), ("asphalt", 5.0), ("compacted", 5.0)] {
            let route = try walk(try block(middle: [("highway", "footway"), ("surface", surface)]))
            // Sand and mud (288 s) tie with the 400 m round at 5 km/h: only the time is certain.
            XCTAssertEqual(route.expectedTravelTime, 200 / (kmh / 3.6), accuracy: 1, surface)
        }
    }

    /// foot.lua walks `highway=platform` (a tram or bus stop's platform) like a footway; cars never.
    func testPlatformsAreWalkedNotDriven() throws {
        let d = try block(middle: [("highway", "platform")])
        let route = try walk(d)
        XCTAssertEqual(route.distance, 200, accuracy: 2)
        XCTAssertEqual(route.expectedTravelTime, 144, accuracy: 1)
        let drive = try XCTUnwrap(d.route((100, 0), (100, 200), .car).first)
        XCTAssertGreaterThan(drive.distance, 390)
    }
}
