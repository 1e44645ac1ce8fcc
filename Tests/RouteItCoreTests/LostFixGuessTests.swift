import XCTest
import RouteItCore

/// A receiver that stops sending fixes (gpsd connected but silent): the progress is guessed for a
/// tunnel's worth only, and the loss is said again as it ages.
final class LostFixGuessTests: XCTestCase {
    typealias Trip = FollowFixtureTrip

    func testAfterThirtySecondsWithoutAFixNothingIsGuessedAndTheLossIsSaidAgain() async {
        let guidance = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
        let drive = Trip.drive(Trip.legOne)
        for fix in drive.prefix(11) { _ = await guidance.handle(fix) }  // 100 m along at 10 m/s
        let lastTime = drive[10].time
        var events: [FollowEvent] = []
        for second in 1...120 { events += guidance.elapse(to: lastTime.addingTimeInterval(Double(second))).events }
        XCTAssertEqual(guidance.follower.along, 100 + 10 * 30, accuracy: 1, "guessed for 30 s only")
        let guessedLate = events.filter { $0.name != "fix-lost" && $0.time.timeIntervalSince(lastTime) > 30 }
        XCTAssertEqual(guessedLate.map(\.name), [], "nothing said from a guess after 30 s")
        XCTAssertFalse(events.contains { $0.name == "arrive" })
        let ages = events.compactMap { if case .fixLost(let seconds) = $0.kind { seconds } else { nil } }
        XCTAssertEqual(ages, [4] + Array(stride(from: 10, through: 120, by: 10)))
        // A fix again, where the user really is: followed from there, the loss said again only when it is lost again.
        let back = await guidance.handle(drive[40])
        XCTAssertNil(guidance.follower.lostSince)
        XCTAssertFalse(back.events.contains { $0.name == "off-route" })
        let lostAgain = guidance.elapse(to: drive[40].time.addingTimeInterval(5)).events
        XCTAssertEqual(lostAgain.map(\.name), ["fix-lost"])
    }

    /// A tunnel: the travel through it counts once the fixes come back, guessed or not.
    func testTheTravelThroughAGapCountsInTheSummary() async {
        let drive = Trip.drive(Trip.legOne)
        let through = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
        for fix in drive.prefix(51) { _ = await through.handle(fix) }
        let gap = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
        for fix in drive.prefix(11) { _ = await gap.handle(fix) }
        for second in 1...40 { _ = gap.elapse(to: drive[10].time.addingTimeInterval(Double(second))) }
        _ = await gap.handle(drive[50])
        XCTAssertEqual(through.follower.summary.distance, 500, accuracy: 5)
        XCTAssertEqual(gap.follower.summary.distance, through.follower.summary.distance, accuracy: 5, "the 40 s without fixes counted")
    }
}
