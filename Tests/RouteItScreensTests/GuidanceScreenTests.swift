import Foundation
import RouteItCore
import RouteItScreens
import XCTest

/// `go`'s live screen and its event lines, from a guidance fed a fix or two.
final class GuidanceScreenTests: XCTestCase {
    private struct NoDirections: Directions {
        func calculate(_ request: DirectionsRequest) async throws -> [Route] { throw DirectionsError.noRoute }
        func table(_ request: TravelTableRequest) async throws -> TravelTable { throw DirectionsError.noRoute }
    }

    private let utc = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)
    private let start = Date(timeIntervalSince1970: 1_796_464_800)  // 10:00:00 UTC

    /// 500 m north along Pohjoiskatu, then right onto Itäkatu for 500 m to Kauppa.
    private func guidance() -> GuidanceViewModel {
        func at(_ east: Double, _ north: Double) -> Coordinate {
            Coordinate(latitude: 60.17 + north / Geodesy.metresPerDegree, longitude: 24.94 + east / (Geodesy.metresPerDegree * 0.4976))
        }
        let line = [at(0, 0), at(0, 500), at(500, 500)]
        let route = Route(distance: 1000, expectedTravelTime: 100, transportType: .car, polyline: line, steps: [
            RouteStep(instruction: "Head north on Pohjoiskatu", distance: 500, expectedTravelTime: 50, polyline: [line[0], line[1]]),
            RouteStep(instruction: "Turn right onto Itäkatu", distance: 500, expectedTravelTime: 50, polyline: [line[1], line[2]]),
            RouteStep(instruction: "Arrive at your destination", distance: 0, expectedTravelTime: 0, polyline: [line[2]]),
        ])
        let home = MapItem(placemark: Placemark(name: "Koti", coordinate: line[0]))
        let shop = MapItem(placemark: Placemark(name: "Kauppa", coordinate: line[2]))
        let trip = DirectionsViewModel(legs: [DirectionsLeg(source: home, destination: shop, route: route)], transportType: .car)
        return GuidanceViewModel(trip: trip, directions: NoDirections())
    }

    func testTheScreenShowsTheNextTurnTheStreetTheClockTimesAndTheFix() async {
        let guidance = guidance()
        let events = await guidance.handle(GuidanceFix(coordinate: guidance.follower.legs[0].line.coordinate(at: 200)!, time: start,
                                                       heading: 0, speed: 10, accuracy: 5)).events
        let screen = GuidanceScreen.render(guidance, now: start, unit: .kilometres, calendar: utc)
        XCTAssertEqual(screen, """
        Going to stop 1 of 1: Kauppa
        In 300 m  Turn right onto Itäkatu
        On Pohjoiskatu
        There at 10:01, back at 10:01; 1 stop left
        GPS 0 s ago, ±5 m  (q or Ctrl-C stops)
        """)
        XCTAssertTrue(GuidanceScreen.render(guidance, now: start + 12, unit: .kilometres, calendar: utc).contains("GPS lost 12 s ago"))
        XCTAssertEqual(events.map { GuidanceScreen.line($0, guidance: guidance, unit: .kilometres, calendar: utc) },
                       ["10:00:00 Depart for stop 1 (Kauppa): there at 10:01, back at 10:01", "10:00:00 In 300 m: Turn right onto Itäkatu"])
    }

    /// Helsinki's clocks go back at 04:00 on 2026-10-25: from a fix at 03:59:30 the stop is
    /// reached at 03:00, which is marked as the directions mark it.
    func testATimeAfterTheClocksChangeIsMarked() async {
        let helsinki = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Helsinki")!)
        let seen = Date(timeIntervalSince1970: 1_792_889_970)  // 00:59:30 UTC, 03:59:30 summer time
        let guidance = guidance()
        let events = await guidance.handle(GuidanceFix(coordinate: guidance.follower.legs[0].line.coordinate(at: 200)!, time: seen,
                                                       heading: 0, speed: 10, accuracy: 5)).events
        let screen = GuidanceScreen.render(guidance, now: seen, unit: .kilometres, calendar: helsinki)
        XCTAssertTrue(screen.contains("There at 03:00 (after clocks went back), back at 03:00 (after clocks went back); 1 stop left"), screen)
        XCTAssertEqual(events.first.map { GuidanceScreen.line($0, guidance: guidance, unit: .kilometres, calendar: helsinki) },
                       "03:59:30 Depart for stop 1 (Kauppa): there at 03:00 (after clocks went back), back at 03:00 (after clocks went back)")
        // An hour earlier the clocks do not change on the way: 03:00 summer time, unmarked.
        let earlier = self.guidance()
        _ = await earlier.handle(GuidanceFix(coordinate: earlier.follower.legs[0].line.coordinate(at: 200)!, time: seen - 3600,
                                             heading: 0, speed: 10, accuracy: 5))
        let plain = GuidanceScreen.render(earlier, now: seen - 3600, unit: .kilometres, calendar: helsinki)
        XCTAssertTrue(plain.contains("There at 03:00, back at 03:00; 1 stop left"), plain)
    }

    func testOffTheRouteWithNoNewRouteTheScreenGivesNoTurnAndNoStreet() async {
        let guidance = guidance()
        let on = guidance.follower.legs[0].line.coordinate(at: 200)!
        _ = await guidance.handle(GuidanceFix(coordinate: on, time: start, heading: 0, speed: 10, accuracy: 5))
        // West off Pohjoiskatu, 10 m a second; no new route can be had (NoDirections).
        for second in 1...8 {
            let west = Coordinate(latitude: on.latitude, longitude: on.longitude - Double(second) * 10 / (Geodesy.metresPerDegree * 0.4976))
            _ = await guidance.handle(GuidanceFix(coordinate: west, time: start + Double(second), heading: 270, speed: 10, accuracy: 5))
        }
        let screen = GuidanceScreen.render(guidance, now: start + 8, unit: .kilometres, calendar: utc)
        XCTAssertEqual(screen.split(separator: "\n")[1], "Off the route, no new route from here: no directions until you are back on it", screen)
        XCTAssertFalse(screen.contains("Turn right onto Itäkatu"), screen)
        XCTAssertFalse(screen.contains("On Pohjoiskatu"), screen)
    }

    func testALostFixSaysWhetherTheProgressIsStillGuessed() {
        let guidance = guidance()
        func line(_ seconds: Int) -> String {
            GuidanceScreen.line(FollowEvent(time: start + Double(seconds), kind: .fixLost(seconds: seconds)),
                                guidance: guidance, unit: .kilometres, calendar: utc)
        }
        XCTAssertEqual(line(20), "10:00:20 GPS lost 20 s ago; going on at the last speed")
        XCTAssertEqual(line(40), "10:00:40 GPS lost 40 s ago; no directions until it is back")
    }
}
