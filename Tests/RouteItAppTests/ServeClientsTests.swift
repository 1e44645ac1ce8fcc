import Foundation
import XCTest

/// routingpy's OSRM client and geopy's Nominatim against `routeit serve` (Scripts/serve-clients,
/// which compares every answer with routeit's own tools). The clients' venv takes ~25 s to make, so
/// Scripts/test makes it while the package builds (`Scripts/serve-clients --setup`); the test runs
/// when it exists ($ROUTEIT_CLIENTS_VENV, default .data/serve-clients-venv) and is skipped otherwise.
final class ServeClientsTests: XCTestCase {
    func testRoutingpyAndGeopyGetRouteItsAnswers() throws {
        let root = RouteItProcess.packageRoot
        let venv = ProcessInfo.processInfo.environment["ROUTEIT_CLIENTS_VENV"] ?? root.appendingPathComponent(".data/serve-clients-venv").path
        guard FileManager.default.isExecutableFile(atPath: venv + "/bin/python") else {
            throw XCTSkip("no client venv at \(venv): run Scripts/serve-clients once to make it")
        }
        let result = try RouteItProcess.runCommand(root.appendingPathComponent("Scripts/serve-clients").path,
                                                   [try RouteItProcess.locate().path, try HelsinkiFlowTests.importedMap()],
                                                   environment: ["ROUTEIT_CLIENTS_VENV": venv], timeout: 120)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("all agree"), result.stdout)
    }
}
