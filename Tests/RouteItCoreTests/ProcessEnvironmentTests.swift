import Foundation
import XCTest
import RouteItCore

/// The environment as ProcessInfo gives it, read as it is now.
final class ProcessEnvironmentTests: XCTestCase {
    func testTheVariablesAreProcessInfosAndASetenvIsSeen() {
        XCTAssertEqual(ProcessEnvironment.variables, ProcessInfo.processInfo.environment)
        let name = "ROUTEIT_TEST_ENVIRONMENT_\(getpid())"
        XCTAssertNil(ProcessEnvironment.value(name))
        setenv(name, "a=b é", 1)
        defer { unsetenv(name) }
        XCTAssertEqual(ProcessEnvironment.value(name), "a=b é")
        XCTAssertEqual(ProcessEnvironment.variables[name], "a=b é")
    }
}
