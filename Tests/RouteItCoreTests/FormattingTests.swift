import XCTest
@testable import RouteItCore

final class FormattingTests: XCTestCase {
    func testTravelTimeLeavesOutZeroUnits() {
        XCTAssertEqual(TravelTimeFormatter.string(from: 3930), "1h 5m 30s")
        XCTAssertEqual(TravelTimeFormatter.string(from: 242), "4m 2s")
        XCTAssertEqual(TravelTimeFormatter.string(from: 45), "45s")
        XCTAssertEqual(TravelTimeFormatter.string(from: 3600), "1h")
        XCTAssertEqual(TravelTimeFormatter.string(from: 3605), "1h 5s")
        XCTAssertEqual(TravelTimeFormatter.string(from: 120), "2m")
        XCTAssertEqual(TravelTimeFormatter.string(from: 0), "0s")
        XCTAssertEqual(TravelTimeFormatter.string(from: 44.6), "45s")
        XCTAssertEqual(TravelTimeFormatter.string(from: .nan), "0s")
    }

    func testDistancesInMilesAndKilometresWithTwoDecimals() {
        XCTAssertEqual(DistanceUnit.miles.format(metres: 402.336), "0.25 miles")
        XCTAssertEqual(DistanceUnit.kilometres.format(metres: 402.336), "0.40 km")
        XCTAssertEqual(DistanceUnit.miles.format(metres: 0), "0.00 miles")
        XCTAssertEqual(DistanceUnit.kilometres.format(metres: 12_345), "12.35 km")
        XCTAssertEqual(DistanceUnit(rawValue: "km"), .kilometres)
        XCTAssertEqual(DistanceUnit(rawValue: "mi"), .miles)
    }

    func testStopwatchText() {
        XCTAssertEqual(StopwatchFormatter.string(from: 0), "00:00:00")
        XCTAssertEqual(StopwatchFormatter.string(from: 3930.9), "01:05:30")
        XCTAssertEqual(StopwatchFormatter.string(from: 100 * 3600), "100:00:00")
    }
}
