import XCTest
@testable import RouteItCore

/// `depart` at a clock time the day does not have (the spring-forward gap) says so and when the
/// trip leaves instead, rather than moving it silently.
final class DepartureGapTests: XCTestCase {
    private func flow() -> TripFlowController {
        TripFlowController(geocoder: StubGeocoder(candidates: [:]), directions: StubDirections(),
                           location: LocationViewModel(provider: FixedLocationProvider(nil)),
                           timer: TripTimerViewModel(timeSource: ManualTimeSource()),
                           clock: FixedWallClock(Date(timeIntervalSinceReferenceDate: 800_000_000)),
                           calendar: LocalCalendar(timeZone: TimeZone(identifier: "Europe/Helsinki")!))
    }

    func testATimeInTheSpringForwardGapIsSaid() throws {
        let flow = flow()
        // Helsinki's clocks go from 03:00 to 04:00 on 28 March 2027.
        let notice = try flow.setDeparture(words: ["2027-03-28", "03:30"])
        // Where Foundation moves it (04:00 or 04:30) is its choice; the notice says which.
        guard case .at(let date) = flow.entry.departure else { return XCTFail("\(flow.entry.departure)") }
        XCTAssertEqual(notice, "03:30 does not exist on 2027-03-28 (clocks go forward); the trip leaves at \(flow.calendar.clockText(date)).")
        XCTAssertNotEqual(flow.calendar.clockText(date), "03:30")
        XCTAssertNil(try flow.setDeparture(words: ["2027-03-28", "02:30"]))
        XCTAssertNil(try flow.setDeparture(words: ["now"]))
    }
}
