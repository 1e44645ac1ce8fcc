import Foundation
import XCTest

/// A step's `name` and `ref` as OSRM writes them: the road's name, and its ref apart ("D 6007");
/// a way known by its ref alone (Helsinki's railway platform 19) has no name. The JSON read the
/// name back from the step's sentence ("onto 19") and gave no ref (round 9a #8: 36 Monaco car
/// steps in 200 routes where OSRM has a ref).
final class ServeStepRefTests: XCTestCase {
    private func steps(_ server: ServeProcess, _ target: String) throws -> [[String: Any]] {
        let answer = try server.get(target)
        XCTAssertEqual(answer.status, 200, target)
        return try XCTUnwrap(((answer.object["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])
    }

    func testARoadsRefIsItsOwnAndAPlatformHasNoName() throws {
        let monaco = try ServeProcess(map: try HelsinkiFlowTests.installedMaps(InstalledMapsTests.environment)
            .appendingPathComponent("routeit/maps/monaco.routeit").path)
        defer { _ = monaco.stop() }
        let depart = try XCTUnwrap(try steps(monaco, "/route/v1/driving/7.425513,43.746930;7.414936,43.730545?steps=true").first)
        XCTAssertEqual(depart["name"] as? String, "Avenue Prince Rainier III Monaco")
        XCTAssertEqual(depart["ref"] as? String, "D 6007")

        let helsinki = try ServeProcess(map: try HelsinkiFlowTests.importedMap())
        defer { _ = helsinki.stop() }
        let walk = try steps(helsinki, "/route/v1/foot/24.938999,60.178089;24.943035,60.175471?steps=true")
        let platform = try XCTUnwrap(walk.first { $0["ref"] as? String == "19" }, "\(walk.map { $0["name"] ?? "" })")
        XCTAssertEqual(platform["name"] as? String, "")
        XCTAssertFalse(walk.contains { $0["name"] as? String == "19" })
        XCTAssertNil(walk.first?["ref"], "a footway without a ref has none")
    }
}
