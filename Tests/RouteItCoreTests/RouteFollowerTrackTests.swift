import XCTest
import RouteItCore

/// The follower fed as a recorded track feeds it: GPX points carry no speed, course or accuracy.
final class RouteFollowerTrackTests: XCTestCase {
    typealias Trip = FollowFixtureTrip

    /// One leg east 300 m, a U-turn, back west 200 m on the same street to the stop at (100, 0).
    private func outAndBack() -> DirectionsViewModel {
        let line = [Trip.point(0, 0), Trip.point(300, 0), Trip.point(100, 0)]
        let start = Trip.item(line[0], "Start"), stop = Trip.item(line[2], "Kioski")
        return DirectionsViewModel(legs: [DirectionsLeg(source: start, destination: stop, route: Trip.route(line, ("Itäkatu", "Itäkatu")))],
                                   transportType: .car, places: [TripPlace(item: start, label: "the start"), TripPlace(item: stop, label: "Stop 1")])
    }

    /// Points every second at `speed` m/s along `line` with no figures but the time, then two at its end.
    private func track(_ line: [Coordinate], speed: Double) -> [GuidanceFix] {
        let route = RouteLine(line)
        var fixes: [GuidanceFix] = []
        var along = 0.0
        while along < route.length {
            fixes.append(GuidanceFix(coordinate: route.coordinate(at: along)!, time: Trip.departure.addingTimeInterval(Double(fixes.count))))
            along += speed
        }
        for _ in 0..<2 {
            fixes.append(GuidanceFix(coordinate: line.last!, time: Trip.departure.addingTimeInterval(Double(fixes.count))))
        }
        return fixes
    }

    func testASlowTrackWithoutCoursesTurningRoundOnTheRouteStaysOnIt() async {
        for speed in [1.5, 2.5, 4.0] {
            let directions = StraightLineDirections()
            let guidance = GuidanceViewModel(trip: outAndBack(), directions: directions)
            var events: [FollowEvent] = []
            for fix in track([Trip.point(0, 0), Trip.point(300, 0), Trip.point(100, 0)], speed: speed) {
                events += await guidance.handle(fix).events
            }
            XCTAssertFalse(events.map(\.name).contains("off-route"), "\(speed) m/s: \(events.map(\.name))")
            XCTAssertEqual(directions.routeRequests, 0)
            XCTAssertEqual(events.filter { $0.name == "arrive" }.count, 1, "\(speed) m/s: \(events.map(\.name))")
            XCTAssertEqual(guidance.follower.summary.distance, 500, accuracy: 10, "\(speed) m/s")
        }
    }

    /// Fixes with no figures but the time, `step` metres a second along `line` from its start to `to`.
    private func points(_ line: [Coordinate], every step: Double, to end: Double) -> [GuidanceFix] {
        let route = RouteLine(line)
        return stride(from: 0.0, through: end, by: step).enumerated().map {
            GuidanceFix(coordinate: route.coordinate(at: $0.element)!, time: Trip.departure.addingTimeInterval(Double($0.offset)))
        }
    }

    func testATrackWithoutSpeedsDrivingThroughAStopAtSpeedDoesNotArriveThere() async {
        // 8 m/s through stop 1 (1 km along, a point right on it) and 200 m on along leg 2: the
        // points' own speed says it never stopped (taken as standing, it arrived there).
        let guidance = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
        var events: [FollowEvent] = []
        for fix in points(Trip.legOne + Trip.legTwo.dropFirst(), every: 8, to: 1_200) {
            events += await guidance.handle(fix).events
        }
        XCTAssertFalse(events.map(\.name).contains("arrive"), "\(events.map(\.name))")
        // Starting at stop 1 and driving back the way its route came: 8 m off it a second later
        // is no arrival either.
        let leaving = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
        events = []
        for fix in points(Trip.legOne.reversed(), every: 8, to: 100) { events += await leaving.handle(fix).events }
        XCTAssertFalse(events.map(\.name).contains("arrive"), "\(events.map(\.name))")
    }

    func testATrackWithoutSpeedsEndingAtTheLastStopWhileMovingArrivesThereWhenItEnds() async {
        let guidance = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
        // To stop 1, standing there a second, then on to stop 2 (the points one a second).
        let drive = points(Trip.legOne, every: 8, to: 1_000) + [GuidanceFix(coordinate: Trip.legOne[2], time: Trip.departure)]
            + points(Trip.legTwo, every: 8, to: 1_000)
        var events: [FollowEvent] = []
        for (second, point) in drive.enumerated() {
            events += await guidance.handle(GuidanceFix(coordinate: point.coordinate, time: Trip.departure.addingTimeInterval(Double(second)))).events
        }
        XCTAssertEqual(events.filter { $0.name == "arrive" }.count, 1, "stop 1 on the way, standing: \(events.map(\.name))")
        XCTAssertFalse(events.map(\.name).contains("finish"))
        // The logger stopped on arriving at stop 2: its last point, still moving, is the end.
        let ended = await guidance.fixesEnded().events
        XCTAssertEqual(ended.map(\.name), ["arrive", "finish"])
        // A track ending short of the place does not.
        let short = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
        for fix in points(Trip.legOne, every: 8, to: 900) { _ = await short.handle(fix) }
        let endedShort = await short.fixesEnded().events
        XCTAssertEqual(endedShort.map(\.name), [])
    }

    func testATrackWithoutSpeedsStandingAtTheStopWithJitterArrives() async {
        let guidance = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
        var fixes = points(Trip.legOne, every: 8, to: 1_000)
        // A logger writing a point a second while standing: a few metres of jitter each.
        let jitter: [(Double, Double)] = [(2, 1), (-1, 2), (-2, -2), (1, -1), (0, 2)]
        for k in 0..<10 {
            let (east, north) = jitter[k % jitter.count]
            fixes.append(GuidanceFix(coordinate: Trip.point(600 + east, 400 + north), time: fixes.last!.time.addingTimeInterval(1)))
        }
        var events: [FollowEvent] = []
        for fix in fixes { events += await guidance.handle(fix).events }
        XCTAssertEqual(events.filter { $0.name == "arrive" }.count, 1, "\(events.map(\.name))")
    }

    /// A stop is reached within 5 m of the route's end, standing, whether the fixes carry a
    /// speed or not: a GPX logger parked a few metres short of it (or on a stop whose leg ends
    /// with a turn round just beyond it) once never arrived, where the same fixes as NMEA did.
    func testATrackWithoutSpeedsStandingAFewMetresShortOfTheStopArrives() async {
        for short in [1.0, 3.5, 4.5] {
            var withoutSpeeds = points(Trip.legOne, every: 8, to: 1_000 - short)
            for _ in 0..<10 {
                withoutSpeeds.append(GuidanceFix(coordinate: Trip.point(600, 400 - short), time: withoutSpeeds.last!.time.addingTimeInterval(1)))
            }
            // The same fixes with the speeds a receiver gives them.
            let withSpeeds = withoutSpeeds.enumerated().map { k, fix in
                GuidanceFix(coordinate: fix.coordinate, time: fix.time, speed: k + 10 < withoutSpeeds.count ? 8 : 0)
            }
            for (kind, fixes) in [("without speeds", withoutSpeeds), ("with speeds", withSpeeds)] {
                let guidance = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
                var events: [FollowEvent] = []
                for fix in fixes { events += await guidance.handle(fix).events }
                XCTAssertEqual(events.filter { $0.name == "arrive" }.count, 1, "\(short) m short, \(kind): \(events.map(\.name))")
            }
        }
    }

    func testTheDistanceTravelledIsTheDrivesNotTheSumOfTheNoise() async {
        for seed in [1, 2, 3] as [UInt64] {
            let guidance = GuidanceViewModel(trip: Trip.trip(), directions: StraightLineDirections())
            let fixes = Trip.drive(Trip.legOne, speed: 4, sigma: 5, accuracy: 12, seed: seed)
            for fix in fixes { _ = await guidance.handle(fix) }
            // 1 km driven: summing every fix 4 m apart with 5 m of noise counted about twice that.
            XCTAssertEqual(guidance.follower.summary.distance, 1_000, accuracy: 50, "seed \(seed)")
        }
    }
}
