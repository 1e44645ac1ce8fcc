import XCTest
import RouteItCore
@testable import RouteItScreens

/// Numbers a screen shows from a device or a map cannot trap, whatever the Double.
final class HostileNumberScreenTests: XCTestCase {
    func testAccuracyOfAnyDouble() {
        for value: Double in [.nan, .infinity, -.infinity, 1e300, -1e300, -5, 999.6, 12] {
            XCTAssertFalse(LocationText.accuracy(value).isEmpty, "\(value)")
        }
        XCTAssertEqual(LocationText.accuracy(17.4), "±17 m")
        XCTAssertEqual(LocationText.accuracy(1234), "±1.2 km")
    }
}
