import XCTest
import RouteItCore

/// A fix after a gap, replayed (no time seen to pass between the fixes): one dated ahead and
/// contradicted by the next is ignored; a real gap (a tunnel) is lost while it lasts and counted.
final class FixGapTests: XCTestCase {
    typealias Trip = FollowFixtureTrip

    /// Both legs, one fix a second from the departure.
    private func wholeDrive() -> [GuidanceFix] {
        let leg1 = Trip.drive(Trip.legOne)
        return leg1 + Trip.drive(Trip.legTwo, from: Double(leg1.count))
    }

    /// The fixes handed over one by one as a replay does, then the end of the fixes.
    private func replay(_ fixes: [GuidanceFix]) async -> (events: [FollowEvent], notices: [String]) {
        let guidance = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
        var all: (events: [FollowEvent], notices: [String]) = ([], [])
        for fix in fixes {
            let outcome = await guidance.handle(fix)
            all.events += outcome.events
            all.notices += outcome.notices
        }
        let end = await guidance.fixesEnded()
        all.events += end.events
        if let finish = guidance.stop() { all.events.append(finish) }
        return all
    }

    private func finish(_ events: [FollowEvent]) -> FollowSummary? {
        events.lazy.compactMap { if case .finish(let summary) = $0.kind { summary } else { nil } }.first
    }

    private func lostAges(_ events: [FollowEvent]) -> [Int] {
        events.compactMap { if case .fixLost(let seconds) = $0.kind { seconds } else { nil } }
    }

    private func assertTimesNeverGoBack(_ events: [FollowEvent], file: StaticString = #filePath, line: UInt = #line) {
        for (earlier, later) in zip(events, events.dropFirst()) where later.time < earlier.time {
            XCTFail("\(later.name) at \(later.time) after \(earlier.name) at \(earlier.time)", file: file, line: line)
        }
    }

    private func assertOneFixAheadIsIgnored(by seconds: TimeInterval, file: StaticString = #filePath, line: UInt = #line) async {
        let plain = await replay(wholeDrive())
        var drive = wholeDrive()
        drive[20].time += seconds
        let run = await replay(drive)
        XCTAssertEqual(lostAges(run.events), [], "no made-up loss of the fix", file: file, line: line)
        assertTimesNeverGoBack(run.events, file: file, line: line)
        XCTAssertEqual(run.events.map(\.name), plain.events.map(\.name), file: file, line: line)
        XCTAssertEqual(finish(run.events)?.duration, finish(plain.events)?.duration, "the wrong time adds nothing", file: file, line: line)
        XCTAssertEqual(finish(run.events)?.distance ?? 0, finish(plain.events)?.distance ?? -1, accuracy: 5, file: file, line: line)
        XCTAssertEqual(run.notices, ["Ignored a fix dated \(Int(seconds) + 1) s after the last one: the next fix did not keep to its time."],
                       file: file, line: line)
    }

    func testOneFixDatedFourMinutesAheadIsIgnoredAndAddsNothing() async {
        await assertOneFixAheadIsIgnored(by: 240)
    }

    func testOneFixDatedAMinuteAheadIsIgnoredAndAddsNothing() async {
        await assertOneFixAheadIsIgnored(by: 60)
    }

    func testARealFortySecondGapIsLostWhileItLastsAndItsTimeAndTravelCount() async {
        let plain = await replay(wholeDrive())
        var drive = wholeDrive()
        drive.removeSubrange(11..<51)  // no fix from 10:00:11 to 10:00:50
        let run = await replay(drive)
        XCTAssertEqual(lostAges(run.events), [4, 10, 20, 30, 40])
        assertTimesNeverGoBack(run.events)
        XCTAssertEqual(run.notices, [])
        XCTAssertEqual(run.events.filter { $0.name == "arrive" }.count, 2)
        XCTAssertEqual(finish(run.events)?.duration, finish(plain.events)?.duration, "the gap's 40 s count")
        XCTAssertEqual(finish(run.events)?.distance ?? 0, finish(plain.events)?.distance ?? -1, accuracy: 5, "so does its 400 m")
    }

    func testGpsdsSecondReportOfAHeldFixCountsWhenTheGapIsConfirmed() {
        // After a tunnel gpsd reports each cycle twice, its own sums first (no course, 15 m/s),
        // then the receiver's: the receiver's figures of the held cycle carry to the next one's first report.
        var follower = RouteFollower(legs: [FollowedLeg(route: Trip.route(Trip.legOne, ("Itäkatu", "Pohjoiskatu")), stop: 1,
                                                        name: "Kauppa", stay: 0)], transportType: .car)
        func report(_ second: Double, _ east: Double, heading: Double?, speed: Double) {
            _ = follower.receive(GuidanceFix(coordinate: Trip.point(east, 0), time: Trip.departure.addingTimeInterval(second),
                                             heading: heading, speed: speed, accuracy: 6))
        }
        report(0, 100, heading: 90, speed: 3)
        report(10, 130, heading: nil, speed: 15)
        report(10, 130, heading: 90, speed: 3)
        XCTAssertEqual(follower.lastFix?.time, Trip.departure, "held: the gap is not yet confirmed")
        report(11, 133, heading: nil, speed: 15)
        XCTAssertEqual(follower.lastFix?.time, Trip.departure.addingTimeInterval(11))
        XCTAssertEqual(follower.lastFix?.speed, 3, "the held cycle was reported twice: the receiver's speed")
        XCTAssertEqual(follower.lastFix?.heading, 90)
    }

    func testAReplaysLastFixAfterAGapIsFollowedAtTheEnd() async {
        // A track recorded every 5 s: each fix is a gap's end, confirmed by the next; the last by nothing.
        let drive = wholeDrive().enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
        let guidance = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
        for fix in drive { _ = await guidance.handle(fix) }
        XCTAssertEqual(guidance.follower.lastFix?.time, drive[drive.count - 2].time, "held for the next fix")
        _ = await guidance.fixesEnded()
        XCTAssertEqual(guidance.follower.lastFix?.time, drive.last?.time)
    }
}
