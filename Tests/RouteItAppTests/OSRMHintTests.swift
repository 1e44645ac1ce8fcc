import Foundation
import XCTest
import RouteItCore
import RouteItEngine
@testable import routeit

/// Waypoint hints as OSRM's are used: opaque, stable for the same place on the same map, and
/// taken back in `hints=` so the place lands where it landed before; a hint of another map or
/// coordinate, or not RouteIt's, is passed over.
final class OSRMHintTests: XCTestCase {
    private let asked = Coordinate(latitude: 60.171, longitude: 24.9414), road = Coordinate(latitude: 60.17093, longitude: 24.94152)

    func testAHintReadsBackOnlyForItsMapAndCoordinate() throws {
        let hint = OSRMHint(map: 0xDEAD_BEEF, asked: asked, snapped: road)
        XCTAssertEqual(hint.text.count, 28)
        XCTAssertTrue(hint.text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }, "URL-safe: \(hint.text)")
        let back = try XCTUnwrap(OSRMHint(text: hint.text))
        XCTAssertEqual(back.map, hint.map)
        XCTAssertEqual(back.roadPoint(for: asked, map: 0xDEAD_BEEF)?.latitude ?? 0, road.latitude, accuracy: 1e-7)
        XCTAssertEqual(back.roadPoint(for: asked, map: 0xDEAD_BEEF)?.longitude ?? 0, road.longitude, accuracy: 1e-7)
        XCTAssertNil(back.roadPoint(for: asked, map: 1), "another map")
        XCTAssertNil(back.roadPoint(for: Coordinate(latitude: 60.1711, longitude: 24.9414), map: 0xDEAD_BEEF), "another place")
        // osrm-routed's own hints, damaged text and other lengths are not RouteIt's.
        for text in ["", "!!!!", "AAAA", "vxsAgNnBYoAZAAAABQAAAAAAAAAAAAAAk8EhQZPBIUEAAAAAAAAAAAUAAAAAAAAAAAAAAAEAAAD7d0wBwJJfA5t3TAHKkl8DAAAPABYcALc=",
                     String(hint.text.dropLast())] {
            XCTAssertNil(OSRMHint(text: text), text)
        }
    }

    /// On the Helsinki map in process: the waypoints' hints are stable, and a route asked again
    /// with them starts and ends where it did; a hint of another coordinate changes nothing.
    func testServedHintsComeBackToTheSameRoad() throws {
        let map = try HelsinkiFlowTests.importedMap()
        let directions = try OfflineDirections(path: map)
        let service = OSRMService(directions: directions, roads: directions, maxTableSize: 100, maxTripSize: 100)
        func get(_ target: String) throws -> [String: Any] {
            let response = service.answer(try RequestTarget(target))
            XCTAssertEqual(response.status, 200, String(decoding: response.body, as: UTF8.self))
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        }
        let path = "/route/v1/driving/24.93889,60.16698;24.9414,60.1710"
        let first = try get(path)
        let waypoints = try XCTUnwrap(first["waypoints"] as? [[String: Any]])
        let hints = waypoints.compactMap { $0["hint"] as? String }
        XCTAssertEqual(hints.count, 2)
        XCTAssertFalse(hints.contains(""))
        XCTAssertEqual(try XCTUnwrap(get(path)["waypoints"] as? [[String: Any]]).compactMap { $0["hint"] as? String }, hints, "stable")
        let again = try get(path + "?hints=" + hints.joined(separator: ";"))
        let hinted = try XCTUnwrap(again["waypoints"] as? [[String: Any]])
        for i in 0..<2 {
            XCTAssertEqual(hinted[i]["location"] as? [Double], waypoints[i]["location"] as? [Double], "waypoint \(i)")
            XCTAssertEqual(hinted[i]["distance"] as? Double, waypoints[i]["distance"] as? Double, "from the place as asked")
        }
        let route = { (object: [String: Any]) in (object["routes"] as? [[String: Any]])?.first?["distance"] as? Double }
        XCTAssertEqual(route(again), route(first))
        // The start's hint given for the end: not the end's, passed over.
        let swapped = try get(path + "?hints=;" + hints[0])
        XCTAssertEqual((swapped["waypoints"] as? [[String: Any]])?[1]["location"] as? [Double], waypoints[1]["location"] as? [Double])
        // The hint is what places the start: the second nearest road's hint for the same
        // coordinate starts the route on that road, not on the nearest.
        let nearest = try XCTUnwrap(try get("/nearest/v1/driving/24.93889,60.16698?number=2")["waypoints"] as? [[String: Any]])
        XCTAssertEqual(nearest.count, 2)
        let second = try XCTUnwrap(nearest[1]["hint"] as? String)
        XCTAssertNotEqual(nearest[1]["location"] as? [Double], waypoints[0]["location"] as? [Double])
        let moved = try XCTUnwrap(try get(path + "?hints=" + second + ";")["waypoints"] as? [[String: Any]])
        let start = try XCTUnwrap(moved[0]["location"] as? [Double]), road = try XCTUnwrap(nearest[1]["location"] as? [Double])
        XCTAssertEqual(start[0], road[0], accuracy: 2e-6)
        XCTAssertEqual(start[1], road[1], accuracy: 2e-6)
    }
}
