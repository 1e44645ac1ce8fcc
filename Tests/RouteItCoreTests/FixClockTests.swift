import XCTest
import RouteItCore

/// A receiver's time gone wrong while following `FollowFixtureTrip`: one fix dated far ahead, or
/// the clock stepping back. No single bad time may end guidance or stretch the trip's duration.
final class FixClockTests: XCTestCase {
    typealias Trip = FollowFixtureTrip

    /// Both legs, one fix a second from the departure.
    private func wholeDrive() -> [GuidanceFix] {
        let leg1 = Trip.drive(Trip.legOne)
        return leg1 + Trip.drive(Trip.legTwo, from: Double(leg1.count))
    }

    private func follow(_ fixes: [GuidanceFix], _ guidance: GuidanceViewModel) async -> (events: [FollowEvent], notices: [String]) {
        var all: (events: [FollowEvent], notices: [String]) = ([], [])
        for fix in fixes {
            let outcome = await guidance.handle(fix)
            all.events += outcome.events
            all.notices += outcome.notices
        }
        return all
    }

    private func finish(_ events: [FollowEvent]) -> FollowSummary? {
        events.lazy.compactMap { if case .finish(let summary) = $0.kind { summary } else { nil } }.first
    }

    func testAFixDatedADayAheadIsIgnoredAndTheTripIsFollowedToTheEnd() async {
        let guidance = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
        var drive = wholeDrive()
        drive[20].time += 86_400
        let before = await follow(Array(drive.prefix(21)), guidance)
        XCTAssertEqual(guidance.lastFixTime, drive[19].time, "the clock stays with the fixes followed")
        XCTAssertEqual(before.notices.filter { $0.contains("far ahead") }.count, 1, "\(before.notices)")
        let after = await follow(Array(drive[21...]), guidance)
        XCTAssertEqual(after.events.filter { $0.name == "arrive" }.count, 2, "\(after.events.map(\.name))")
        let summary = finish(after.events)
        XCTAssertEqual(summary?.duration ?? 0, drive.last!.time.timeIntervalSince(drive[0].time), accuracy: 0.5)
        XCTAssertTrue(after.notices.isEmpty, "the later fixes are not earlier than a wrong one: \(after.notices)")
    }

    func testAClockSteppingBackAnHourIsFollowedOnTheThirdFixAndAddsNoTime() async {
        let guidance = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
        var drive = wholeDrive()
        for index in 30..<drive.count { drive[index].time -= 3_600 }
        let stepping = await follow(Array(drive.prefix(32)), guidance)
        XCTAssertEqual(stepping.notices.filter { $0.contains("earlier than the last") }.count, 1, "\(stepping.notices)")
        XCTAssertEqual(guidance.follower.lastFix?.time, drive[29].time, "two fixes of the new time are not yet enough")
        let rest = await follow(Array(drive[32...]), guidance)
        XCTAssertEqual(guidance.follower.lastFix?.time, drive.last!.time)
        XCTAssertEqual(rest.events.filter { $0.name == "arrive" }.count, 2, "\(rest.events.map(\.name))")
        XCTAssertFalse(rest.events.contains { $0.name == "off-route" })
        // 29 s before the step, none in it (the two fixes ignored are not followed), the rest after.
        let followed = drive[29].time.timeIntervalSince(drive[0].time) + drive.last!.time.timeIntervalSince(drive[32].time)
        XCTAssertEqual(finish(rest.events)?.duration ?? 0, followed, accuracy: 0.5)
    }

    func testOneFixDatedBackIsIgnoredAndTheNextFollowedAtOnce() async {
        let guidance = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
        var drive = wholeDrive()
        drive[20].time -= 3_600
        _ = await follow(Array(drive.prefix(22)), guidance)
        XCTAssertEqual(guidance.follower.lastFix?.time, drive[21].time)
    }
}
