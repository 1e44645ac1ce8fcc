import XCTest
import RouteItCore

/// Stopping (q, Ctrl-C, gpsd gone) sums up what was followed; before anything was (no fix,
/// no skip) there is nothing to sum up — no "Finished: 0.00 miles in 0s" — and following can
/// still start later.
final class FollowingStopTests: XCTestCase {
    typealias Trip = FollowFixtureTrip

    func testStoppedBeforeTheFirstFixThereIsNoFinishAndFollowingCanStartLater() async {
        let guidance = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
        XCTAssertNil(guidance.stop(at: Trip.departure))
        XCTAssertFalse(guidance.isFinished)
        var events: [FollowEvent] = []
        for fix in Trip.drive(Trip.legOne).prefix(5) { events += await guidance.handle(fix).events }
        XCTAssertEqual(events.first?.name, "depart")
        XCTAssertEqual(guidance.stop()?.name, "finish")
        XCTAssertTrue(guidance.isFinished)
        XCTAssertNil(guidance.stop(), "once")
    }

    func testASkipBeforeAnyFixIsSummedUp() async {
        let guidance = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
        _ = await guidance.skip(at: Trip.departure)
        guard case .finish(let summary)? = guidance.stop(at: Trip.departure)?.kind else { return XCTFail("a finish") }
        XCTAssertEqual(summary.skipped, 1)
    }
}
