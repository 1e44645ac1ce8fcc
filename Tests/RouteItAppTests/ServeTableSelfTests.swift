import Foundation
import XCTest

/// A `/table` place to itself is 0 s and 0 m whatever its `approaches`, as osrm-routed answers it.
/// On Monaco the router drove round the block back to the curb it left: 499.2 s for the second
/// place here with `approaches=curb` (round 9a #5; 10 of 25 random places with curb, 13 with opposite).
final class ServeTableSelfTests: XCTestCase {
    private let places = "7.4216,43.7318;7.4244,43.7535"

    private func monaco() throws -> String {
        try HelsinkiFlowTests.installedMaps(InstalledMapsTests.environment).appendingPathComponent("routeit/maps/monaco.routeit").path
    }

    func testAPlaceToItselfIsNothingWhateverTheApproach() throws {
        let server = try ServeProcess(map: try monaco())
        defer { _ = server.stop() }
        for approach in ["curb", "opposite", "unrestricted"] {
            let target = "/table/v1/driving/\(places)?approaches=\(approach);\(approach)&annotations=duration,distance"
            let answer = try server.get(target)
            XCTAssertEqual(answer.status, 200, target)
            let durations = try XCTUnwrap(answer.object["durations"] as? [[Double]], target)
            let distances = try XCTUnwrap(answer.object["distances"] as? [[Double]], target)
            for i in 0..<2 {
                XCTAssertEqual(durations[i][i], 0, target)
                XCTAssertEqual(distances[i][i], 0, target)
            }
            XCTAssertGreaterThan(durations[0][1], 0, target)
        }
        // The same place asked twice, and as a source against a destination list.
        let twice = try server.get("/table/v1/driving/7.4244,43.7535;7.4244,43.7535?approaches=curb;curb")
        XCTAssertEqual(twice.object["durations"] as? [[Double]], [[0, 0], [0, 0]])
        let one = try server.get("/table/v1/driving/\(places)?approaches=curb;curb&sources=1&destinations=0;1")
        XCTAssertEqual((one.object["durations"] as? [[Double]])?.first?.last, 0)
    }
}
