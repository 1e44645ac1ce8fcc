import XCTest
@testable import RouteItCore

final class TripTimerViewModelTests: XCTestCase {
    func testElapsedIsSumOfRunningSpans() throws {
        let clock = ManualTimeSource()
        let timer = TripTimerViewModel(timeSource: clock)
        XCTAssertEqual(timer.text, "00:00:00")
        try timer.start()
        clock.advance(65)
        XCTAssertEqual(timer.text, "00:01:05")
        try timer.pause()
        clock.advance(1000)
        XCTAssertEqual(timer.text, "00:01:05", "paused time does not count")
        try timer.resume()
        clock.advance(3600)
        XCTAssertEqual(timer.elapsed, 3665)
        XCTAssertEqual(timer.text, "01:01:05")
        try timer.pause()
        try timer.resume()
        clock.advance(1)
        XCTAssertEqual(timer.text, "01:01:06")
        timer.reset()
        XCTAssertEqual(timer.state, .stopped)
        XCTAssertEqual(timer.text, "00:00:00")
        clock.advance(10)
        XCTAssertEqual(timer.text, "00:00:00")
    }

    func testWrongOrderIsAnErrorAndChangesNothing() throws {
        let clock = ManualTimeSource()
        let timer = TripTimerViewModel(timeSource: clock)
        XCTAssertThrowsError(try timer.pause())
        XCTAssertThrowsError(try timer.resume())
        try timer.start()
        clock.advance(5)
        XCTAssertThrowsError(try timer.start()) {
            XCTAssertEqual(($0 as? InputError)?.message, "The timer is already running.")
        }
        XCTAssertThrowsError(try timer.resume())
        XCTAssertEqual(timer.state, .running)
        XCTAssertEqual(timer.elapsed, 5)
        try timer.pause()
        XCTAssertThrowsError(try timer.pause())
        XCTAssertThrowsError(try timer.start())
        XCTAssertEqual(timer.state, .paused)
        XCTAssertEqual(timer.elapsed, 5)
    }
}
