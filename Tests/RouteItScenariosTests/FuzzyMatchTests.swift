import XCTest
@testable import RouteItScenarios

/// OSRM's FuzzyMatch: exact, `~%`, `+-`, regular expressions, bearing lists.
final class FuzzyMatchTests: XCTestCase {
    func testTolerancesAsOSRMReadsThem() {
        XCTAssertTrue(FuzzyMatch.match("ab,bc", "ab,bc"))
        XCTAssertFalse(FuzzyMatch.match("ab,cd", "ab,bc"))
        XCTAssertTrue(FuzzyMatch.match("", ""))
        XCTAssertTrue(FuzzyMatch.match("72s", "71s +-1"))
        XCTAssertFalse(FuzzyMatch.match("73.1s", "71s +-1"))
        XCTAssertTrue(FuzzyMatch.match("36 km/h", "36 km/h +- 1"))
        XCTAssertTrue(FuzzyMatch.match("104", "100 ~5%"))
        XCTAssertFalse(FuzzyMatch.match("106", "100 ~5%"))
        XCTAssertTrue(FuzzyMatch.match("depart,turn left,arrive", "/depart,turn (left|right),arrive/"))
        XCTAssertTrue(FuzzyMatch.match("0->90,88->180", "0->90,90->180 +- 2"))
        XCTAssertFalse(FuzzyMatch.match("0->90,85->180", "0->90,90->180 +- 2"))
    }
}
