import XCTest
@testable import RouteItCore

/// No formatter traps on any Double: a damaged map or a wrong server can hand any of them NaN,
/// ±infinity, 1e300 or a negative number, and the answer must still be a line of text.
final class HostileNumberFormattingTests: XCTestCase {
    static let hostile: [Double] = [.nan, -.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude,
                                    -.greatestFiniteMagnitude, 9.3e18, -9.3e18, 1e15, -1, -0.0, .leastNonzeroMagnitude, 0.5]

    func testDurationsAndStays() {
        for value in Self.hostile {
            XCTAssertFalse(TravelTimeFormatter.string(from: value).isEmpty, "\(value)")
            XCTAssertFalse(StopwatchFormatter.string(from: value).isEmpty, "\(value)")
            XCTAssertFalse(StayDuration.text(value).isEmpty, "\(value)")
        }
    }

    func testDistancesBearingsAndJSONNumbers() {
        for value in Self.hostile {
            for unit in DistanceUnit.allCases { XCTAssertFalse(unit.format(metres: value).contains("nan"), "\(value)") }
            XCTAssertFalse(InstructionText.compassWord(forBearing: value).isEmpty)
            let json = JSONText.number(value)
            XCTAssertTrue(value.isFinite ? Double(json) != nil : json == "null", "\(value) → \(json)")
        }
    }

    func testClockAndDateTexts() {
        let calendar = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Helsinki")!)
        let reference = Date(timeIntervalSinceReferenceDate: 800_000_000)
        for value in Self.hostile {
            let date = Date(timeIntervalSinceReferenceDate: value)
            XCTAssertFalse(calendar.clockText(date).isEmpty, "\(value)")
            XCTAssertFalse(calendar.clockText(date, since: reference).isEmpty, "\(value)")
            XCTAssertFalse(calendar.dateText(date).isEmpty, "\(value)")
        }
    }

    func testCoordinateRanges() {
        for value in Self.hostile {
            let text = MapArea.range(value, 24.9, "E", "W") + MapArea.range(-1, value, "N", "S")
            XCTAssertFalse(text.isEmpty, "\(value)")
        }
    }
}
