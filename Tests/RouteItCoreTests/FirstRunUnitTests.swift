import XCTest
@testable import RouteItCore

/// The first session's distance unit, from the locale as README's `units` row says.
final class FirstRunUnitTests: XCTestCase {
    func testTheLocalesTerritoryDecides() {
        XCTAssertEqual(DistanceUnit.firstRun(environment: ["LANG": "en_US.UTF-8"]), .miles)
        XCTAssertEqual(DistanceUnit.firstRun(environment: ["LANG": "en_GB.UTF-8"]), .miles)
        XCTAssertEqual(DistanceUnit.firstRun(environment: ["LANG": "fi_FI.UTF-8"]), .kilometres)
        XCTAssertEqual(DistanceUnit.firstRun(environment: ["LANG": "de_DE@euro"]), .kilometres)
    }

    func testALocaleWithoutATerritoryKeepsTheAppsMiles() {
        for locale in ["", "C", "POSIX", "C.UTF-8"] {
            XCTAssertEqual(DistanceUnit.firstRun(environment: ["LANG": locale]), .miles, locale)
        }
        XCTAssertEqual(DistanceUnit.firstRun(environment: [:]), .miles)
    }

    func testMeasurementBeforeLang() {
        XCTAssertEqual(DistanceUnit.firstRun(environment: ["LC_MEASUREMENT": "fi_FI.UTF-8", "LANG": "en_US.UTF-8"]), .kilometres)
        XCTAssertEqual(DistanceUnit.firstRun(environment: ["LC_ALL": "en_US.UTF-8", "LC_MEASUREMENT": "fi_FI.UTF-8"]), .miles)
    }
}
