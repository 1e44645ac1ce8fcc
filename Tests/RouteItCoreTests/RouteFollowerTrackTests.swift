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
