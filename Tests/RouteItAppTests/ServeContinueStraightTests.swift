import Foundation
import XCTest
import RouteItTestSupport

/// `routeit serve` takes OSRM's `continue_straight` as osrm-routed does: a car's route leaves each
/// via place the way it arrived unless `continue_straight=false` (car.lua's default is true);
/// on foot the default is false. On Monaco, this route turns round at its middle place when
/// allowed to (osrm-routed: 163.6 s so, 307.5 s straight on).
final class ServeContinueStraightTests: XCTestCase {
    private let places = "7.433276,43.754164;7.432646,43.754994;7.424342,43.747979"

    private func monaco() throws -> String {
        try HelsinkiFlowTests.installedMaps(InstalledMapsTests.environment).appendingPathComponent("routeit/maps/monaco.routeit").path
    }

    /// The route's duration and the headings it reaches and leaves the middle place at.
    private func route(_ server: ServeProcess, _ profile: String, _ option: String) throws -> (duration: Double, arrival: Int, departure: Int) {
        let answer = try server.get("/route/v1/\(profile)/\(places)?steps=true\(option)")
        XCTAssertEqual(answer.status, 200, option)
        let route = try XCTUnwrap((answer.object["routes"] as? [[String: Any]])?.first)
        let legs = try XCTUnwrap(route["legs"] as? [[String: Any]])
        func maneuver(_ leg: Int, last: Bool) throws -> [String: Any] {
            let steps = try XCTUnwrap(legs[leg]["steps"] as? [[String: Any]])
            return try XCTUnwrap((last ? steps.last : steps.first)?["maneuver"] as? [String: Any])
        }
        return (try XCTUnwrap(route["duration"] as? Double), try XCTUnwrap(maneuver(0, last: true)["bearing_before"] as? Int),
                try XCTUnwrap(maneuver(1, last: false)["bearing_after"] as? Int))
    }

    private func turnsRound(_ r: (duration: Double, arrival: Int, departure: Int)) -> Bool {
        abs((r.departure - r.arrival + 540) % 360 - 180) > 150
    }

    func testARouteLeavesAViaPlaceAsTheProfileOrTheOptionSays() throws {
        let server = try ServeProcess(map: try monaco())
        defer { _ = server.stop() }
        let byDefault = try route(server, "driving", "")
        let straight = try route(server, "driving", "&continue_straight=true")
        let free = try route(server, "driving", "&continue_straight=false")
        XCTAssertFalse(turnsRound(byDefault), "a car turned round at the via place: \(byDefault)")
        XCTAssertEqual(straight.duration, byDefault.duration)
        XCTAssertTrue(turnsRound(free), "\(free)")
        XCTAssertLessThan(free.duration, straight.duration - 60)
        XCTAssertEqual(try route(server, "driving", "&continue_straight=default").duration, byDefault.duration)
        // On foot the default is to turn round where quickest.
        XCTAssertEqual(try route(server, "walking", "").duration, try route(server, "walking", "&continue_straight=false").duration)
        let bad = try server.get("/route/v1/driving/\(places)?continue_straight=maybe")
        XCTAssertEqual(bad.status, 400)
    }
}
