import XCTest
@testable import RouteItCore

/// A trip routed in the order given (not optimized) still says where it breaks the day's rules
/// the user set: a stop visited outside its window, a trip over after `back by`. Helsinki
/// time, 2026-12-03 (a Thursday) at 10:00; Home → A 10 min, A → B 7 min, B → Home 5 min (the
/// other way: Home → B 9, B → A 7, A → Home 12).
final class TripRulesOnRouteTests: XCTestCase {
    let calendar = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Helsinki")!)
    var flow: TripFlowController!

    func at(_ hour: Int, _ minute: Int, _ second: Int = 0) -> Date {
        calendar.calendar.date(from: DateComponents(year: 2026, month: 12, day: 3, hour: hour, minute: minute, second: second))!
    }

    override func setUp() async throws {
        let geocoder = StubGeocoder(candidates: ["home": [place("Home")], "a": [place("A", lat: 60.168, lon: 24.942)],
                                                 "b": [place("B", lat: 60.171, lon: 24.94)]])
        let router = StubDirections()
        for (a, b, minutes) in [("Home", "A", 10.0), ("A", "B", 7), ("B", "Home", 5), ("A", "Home", 12),
                                 ("Home", "B", 9), ("B", "A", 7)] {
            router.set(a, b, [makeRoute(minutes: minutes, metres: 1000)])
        }
        flow = TripFlowController(geocoder: geocoder, directions: router,
                                  location: LocationViewModel(provider: FixedLocationProvider(nil)),
                                  timer: TripTimerViewModel(timeSource: ManualTimeSource()),
                                  clock: FixedWallClock(at(10, 0)), calendar: calendar)
        for (slot, text) in ["home", "a", "b"].enumerated() {
            try flow.editTrip { try $0.type(text, inSlotAt: slot) }
            try await flow.enter(slotAt: slot)
            try flow.pick(row: 1)
        }
    }

    func routed() async throws -> DirectionsViewModel {
        try await flow.route()
        guard case .directions(let shown) = flow.screen else { throw XCTSkip("no directions shown") }
        return shown
    }

    func testAStopReachedAfterItsWindowIsSaidUnderItsLeg() async throws {
        try flow.editTrip { try $0.setWindows([VisitWindow(from: 8 * 60, to: 9 * 60)], forSlotAt: 1) }
        let directions = try await routed()
        XCTAssertEqual(directions.warnings[0], ["Stop 1 (A) is visited at 10:10, after its window 08:00-09:00."])
        XCTAssertEqual(directions.warnings[1], [], "B has no window")
    }

    func testAStayThatRunsPastTheWindowIsSaidWithTheStay() async throws {
        try flow.editTrip {
            try $0.setWindows([VisitWindow(from: 10 * 60, to: 10 * 60 + 20)], forSlotAt: 1)
            try $0.setStay(15 * 60, forSlotAt: 1)
        }
        let directions = try await routed()
        XCTAssertEqual(directions.warnings[0], ["Stop 1 (A) is visited at 10:10 (a 15m stay), outside its window 10:00-10:20."])
    }

    func testAVisitInsideOneOfSeveralWindowsIsNotSaid() async throws {
        try flow.editTrip {
            try $0.setWindows([VisitWindow(from: 8 * 60, to: 9 * 60), VisitWindow(from: 10 * 60, to: 11 * 60)], forSlotAt: 1)
        }
        let directions = try await routed()
        XCTAssertEqual(directions.warnings.flatMap { $0 }, [])
    }

    func testArrivingBeforeTheWindowWaitsForItUnlessWaitingIsOff() async throws {
        try flow.editTrip { try $0.setWindows([VisitWindow(from: 10 * 60 + 30, to: 11 * 60)], forSlotAt: 1) }
        let waiting = try await routed()
        XCTAssertEqual(waiting.warnings[0], [], "waits until 10:30, inside the window")
        try flow.editTrip { $0.setWaits(false) }
        let early = try await routed()
        XCTAssertEqual(early.warnings[0], ["Stop 1 (A) is visited at 10:10, before its window 10:30-11:00."])
    }

    func testAVisitEndingInsideTheMinuteTheWindowEndsIsInside() {
        // The screen shows whole minutes: 10:19:40 + 20 s ends "at 10:20", the window's end.
        var stop = TripPlace(item: MapItem(placemark: place("A")), stay: 20, label: "Stop 1",
                             windows: [VisitWindow(from: 10 * 60, to: 10 * 60 + 20)])
        XCTAssertNil(VisitCheck.windowWarning(for: stop, visitStart: at(10, 19, 40), day: at(10, 0), calendar: calendar))
        stop.stay = 81   // over at 10:21:01
        XCTAssertNotNil(VisitCheck.windowWarning(for: stop, visitStart: at(10, 19, 40), day: at(10, 0), calendar: calendar))
        XCTAssertNotNil(VisitCheck.windowWarning(for: stop, visitStart: at(9, 59, 59), day: at(10, 0), calendar: calendar),
                        "a second early is shown as 09:59")
    }

    func testATripOverAfterItsEndOfDayIsSaidUnderTheTrip() async throws {
        flow.entry.setBackBy(10 * 60 + 20)
        let late = try await routed()
        XCTAssertEqual(late.endTime, at(10, 22))
        XCTAssertEqual(late.tripNotes, ["The trip ends at 10:22, after its end of day (back by 10:20); optimizing the trip leaves out the stops that do not fit."])
        flow.entry.setBackBy(10 * 60 + 22)
        let inTime = try await routed()
        XCTAssertEqual(inTime.tripNotes, [], "back at 10:22 is back by 10:22")
        flow.entry.setBackBy(nil)
        let open = try await routed()
        XCTAssertEqual(open.tripNotes, [])
    }

    func testATripEndingAnywhereIsOverAfterItsLastStay() async throws {
        try flow.editTrip {
            try $0.setEnd(.anywhere)
            try $0.setStay(10 * 60, forSlotAt: 2)
        }
        flow.entry.setBackBy(10 * 60 + 25)
        let directions = try await routed()
        XCTAssertEqual(directions.endTime, at(10, 27))
        XCTAssertEqual(directions.tripNotes.first?.hasPrefix("The trip ends at 10:27, after its end of day (back by 10:25)"), true)
    }

    func testATripOverSeveralDaysNeverOptimizedSaysItIsRoutedInOneDay() async throws {
        try flow.editTrip { $0.setDays(2) }
        let unspread = try await routed()
        XCTAssertEqual(unspread.notices, [TripFlowController.notSpreadNotice(days: 2)])
        XCTAssertEqual(unspread.notices.first?.contains("2 days"), true)
        // Optimized over two days, both stops fit in day 1: one route, said as planned.
        _ = try await flow.optimize()
        let planned = try await routed()
        XCTAssertEqual(planned.notices, [])
        XCTAssertEqual(flow.laterDays.count, 0)
        // One day: nothing to spread.
        try flow.editTrip { $0.setDays(1) }
        let oneDay = try await routed()
        XCTAssertEqual(oneDay.notices, [])
    }

    func testAStopListKeepsTheDaysRulesAndEndsAtTheStartForAStopItReplaced() async throws {
        try flow.editTrip {
            $0.setDays(3)
            $0.setBackBy(17 * 60)
            $0.setWaits(false)
            try $0.setEnd(.place(2))
        }
        try await flow.loadStops([StopListLine(line: 1, query: "b"), StopListLine(line: 2, query: "a")])
        XCTAssertEqual(flow.entry.slots.map { $0.mapItem?.placemark.name }, ["Home", "B", "A"])
        XCTAssertEqual(flow.entry.slots.count, 3)
        XCTAssertEqual(flow.entry.day, DayOptions(waits: false, backBy: 17 * 60, end: .start, days: 3))
    }

    func testAStopLeftOutIsNotSaidToBePlannedAsIfOpen() async throws {
        try flow.editTrip {
            try $0.setWindows([VisitWindow(from: 10 * 60, to: 11 * 60)], forSlotAt: 1)
            try $0.setStay(20 * 60, forSlotAt: 2)
        }
        // Home → A → Home is back at 10:22; B and its stay take 34 minutes on their own.
        flow.entry.setBackBy(10 * 60 + 25)
        let plan = try await flow.optimize()
        XCTAssertEqual(plan.leftOut.count, 1)
        XCTAssertTrue(plan.notes.contains { $0.hasPrefix("B (Stop 2) is left out") }, "\(plan.notes)")
        XCTAssertFalse(plan.notes.contains { $0.hasPrefix("Hours unknown") }, "B has no hours but is not visited: \(plan.notes)")
    }

    /// `route` and `optimize` judge a window's end alike: at the minute shown.
    func testRouteAndOptimizeAgreeOnAWindowsLastMinute() async throws {
        try flow.editTrip {
            try $0.setWindows([VisitWindow(from: 9 * 60, to: 10 * 60 + 10)], forSlotAt: 1)
            try $0.setStay(30, forSlotAt: 1)
        }
        let directions = try await routed()
        XCTAssertEqual(directions.warnings[0], [], "at A 10:10:00-10:10:30, shown as 10:10")
        let plan = try await flow.optimize()
        XCTAssertEqual(plan.leftOut, [], "\(plan.notes)")
        // A minute later is outside for both.
        try flow.editTrip { try $0.setStay(90, forSlotAt: 1) }
        let late = try await routed()
        XCTAssertEqual(late.warnings[0].count, 1)
        let dropped = try await flow.optimize()
        XCTAssertEqual(dropped.leftOut.count, 1)
    }

    /// The stop a trip ends at is arrived at, not visited: its stay and windows are not planned,
    /// and the directions say so rather than drop them silently.
    func testTheStopATripEndsAtSaysItsStayAndWindowAreNotPlanned() async throws {
        try flow.editTrip {
            try $0.setEnd(.place(2))
            try $0.setStay(10 * 60, forSlotAt: 2)
            try $0.setWindows([VisitWindow(from: 8 * 60, to: 9 * 60)], forSlotAt: 2)
        }
        let directions = try await routed()
        XCTAssertEqual(directions.notices, ["Stop 2 (B) is where the trip ends: it is arrived at, not visited, so its stay (10m) and its window 08:00-09:00 are not planned; end start or end anywhere keeps them."])
        XCTAssertEqual(directions.warnings.flatMap { $0 }, [], "no window warning for a stop not visited")
        XCTAssertEqual(directions.endTime, at(10, 17))
        try flow.editTrip { try $0.setWindows([], forSlotAt: 2) }
        let stayOnly = try await routed()
        XCTAssertEqual(stayOnly.notices.first?.hasSuffix("so its stay (10m) is not planned; end start or end anywhere keeps it."), true)
    }

    /// "wait on" is advice only for a window that opens after the trip leaves.
    func testAWindowOverBeforeTheTripLeavesIsNotBlamedOnWaiting() async throws {
        try flow.editTrip {
            $0.setWaits(false)
            try $0.setWindows([VisitWindow(from: 8 * 60, to: 9 * 60)], forSlotAt: 1)
            try $0.setWindows([VisitWindow(from: 10 * 60 + 30, to: 11 * 60)], forSlotAt: 2)
        }
        do {
            _ = try await flow.optimize()
            XCTFail("nothing fits without waiting")
        } catch {
            let said = "\(error)"
            XCTAssertTrue(said.contains("A (Stop 1) is left out: its window 08:00-09:00 is over before the trip leaves at 10:00."), said)
            XCTAssertTrue(said.contains("B (Stop 2) is left out: its window 10:30-11:00 cannot be reached without waiting (wait on)."), said)
        }
    }
}
