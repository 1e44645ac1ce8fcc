import Foundation
import XCTest

/// A place's `bearings` give the direction of travel there, as osrm-routed's do: on a two-way
/// road the route leaves the start, and reaches the end, going the bearing's way. They chose the
/// road alone, and the router went either way along it: asked to arrive the other way from its
/// free route, 42 of 54 Monaco routes did not, and to leave so, 46 of 59 (round 9a #3).
final class ServeBearingsTests: XCTestCase {
    private func monaco() throws -> String {
        try HelsinkiFlowTests.installedMaps(InstalledMapsTests.environment).appendingPathComponent("routeit/maps/monaco.routeit").path
    }

    /// The route's first heading and its last, as its steps give them.
    private func headings(_ server: ServeProcess, _ target: String) throws -> (leaving: Int, arriving: Int) {
        let answer = try server.get(target + "&steps=true")
        XCTAssertEqual(answer.status, 200, target)
        let steps = try XCTUnwrap(((answer.object["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])
        func maneuver(_ step: [String: Any]?) throws -> [String: Any] { try XCTUnwrap(step?["maneuver"] as? [String: Any]) }
        return (try XCTUnwrap(maneuver(steps.first)["bearing_after"] as? Int), try XCTUnwrap(maneuver(steps.last)["bearing_before"] as? Int))
    }

    private func near(_ a: Int, _ b: Int) -> Bool { abs((a - b + 540) % 360 - 180) <= 45 }

    func testARouteLeavesAndArrivesTheWayItsBearingsSay() throws {
        let server = try ServeProcess(map: try monaco())
        defer { _ = server.stop() }
        // Avenue Princesse Grace, both ways: its start either way.
        let start = "/route/v1/driving/7.429754,43.740258;7.431093,43.742216"
        for bearing in [200, 20] {
            let leaving = try headings(server, start + "?bearings=\(bearing),45;").leaving
            XCTAssertTrue(near(leaving, bearing), "asked \(bearing), left at \(leaving)")
        }
        // Route de Menton at its end, both ways.
        let end = "/route/v1/driving/7.4216,43.7318;7.4244,43.7535"
        let east = try headings(server, end + "?bearings=;90,20").arriving, west = try headings(server, end + "?bearings=;270,20").arriving
        XCTAssertTrue(near(east, 90), "asked 90, arrived at \(east)")
        XCTAssertTrue(near(west, 270), "asked 270, arrived at \(west)")
        // A range of 180° or more is every way: the route is the free one.
        XCTAssertEqual(try headings(server, start + "?bearings=200,180;").leaving, try headings(server, start + "?overview=false").leaving)
    }
}
