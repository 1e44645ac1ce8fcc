import Foundation
import XCTest
@testable import RouteItCore

/// `depart` (and `--depart`) take the years 1970 to 9998, in which every clock writes the date
/// given; a saved trip or file is checked against the same years (`Departure.isPlausible`).
final class DepartureRangeTests: XCTestCase {
    let helsinki = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Helsinki")!)
    let now = Date(timeIntervalSinceReferenceDate: 800_000_000)

    func utc(_ text: String) throws -> Date { try XCTUnwrap(ISO8601DateFormatter().date(from: text), text) }

    func testDatesOutsideTheYearsAreRefusedInOneLine() {
        for given in ["0001-01-01", "1582-10-10", "1900-01-01", "1969-12-31", "9999-01-01", "9999-12-31"] {
            XCTAssertThrowsError(try Departure.parse([given, "10:00"], now: now, calendar: helsinki), given) { error in
                XCTAssertEqual("\(error)", "\(given) is out of range; give a date from 1970 to 9998.")
            }
        }
        // Not a date at all stays so, signs and all.
        for given in ["+999-01-01", "-001-01-01", "2026-02-30", "0000-00-00x"] {
            XCTAssertThrowsError(try Departure.parse([given, "10:00"], now: now, calendar: helsinki), given) { error in
                XCTAssertEqual("\(error)", "Not a date: \"\(given)\"; use YYYY-MM-DD.")
            }
        }
    }

    func testTheFirstAndLastDaysAreTheDatesGiven() throws {
        XCTAssertEqual(try Departure.parse(["1970-01-01", "00:00"], now: now, calendar: helsinki), .at(try utc("1969-12-31T22:00:00Z")))
        XCTAssertEqual(try Departure.parse(["9998-12-31", "23:59"], now: now, calendar: helsinki), .at(try utc("9998-12-31T21:59:00Z")))
    }

    /// A departure from a saved trip or file: one `depart` could have set on some clock.
    func testPlausibleDeparturesAreThoseTheYearsGiveOnAnyClock() throws {
        for zone in ["Etc/GMT-14", "Etc/GMT+12", "UTC"] {   // UTC+14, UTC-12
            let calendar = LocalCalendar(timeZone: TimeZone(identifier: zone)!)
            for (day, time) in [("1970-01-01", "00:00"), ("9998-12-31", "23:59")] {
                guard case .at(let date) = try Departure.parse([day, time], now: now, calendar: calendar) else { return XCTFail() }
                XCTAssertTrue(Departure.isPlausible(date), "\(day) \(time) \(zone)")
            }
        }
        for outside in ["1969-12-31T09:00:00Z", "1900-01-01T10:00:00Z", "0001-01-01T00:00:00Z", "9999-01-01T13:00:00Z", "9999-12-31T23:59:00Z"] {
            XCTAssertFalse(Departure.isPlausible(try utc(outside)), outside)
        }
    }
}
