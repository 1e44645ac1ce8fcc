import XCTest
@testable import RouteItCore
@testable import RouteItScreens

/// `back by` after midnight: a back-by clock time at or before the departure's time of day is
/// that time on the next day (`back by 01:00` for an evening out), said once above the
/// directions and written `01:00 (+1 day)` wherever the trip names it; over several days each
/// day's own. The fixtures are `TripClockTests`' (2026-12-03 is a Thursday; Stockmann is open
/// Mo-Fr until 21:00), with the Bar (hours unknown) 20 minutes from Home, 10 from Stockmann.
extension TripClockTests {
    private func eveningOut(barStay hours: Double) async throws {
        for (a, b, minutes) in [("Home", "Bar", 20.0), ("Bar", "Home", 20), ("Stockmann", "Bar", 10), ("Bar", "Stockmann", 10)] {
            router.set(a, b, [makeRoute(minutes: minutes, metres: 1000)])
        }
        try await choose("home", slot: 0)
        try await choose("bar", slot: 1)
        try await choose("shop", slot: 2)
        try flow.setDeparture(words: ["2026-12-03", "20:00"])
        try flow.editTrip { try $0.setStay(hours * 3600, forSlotAt: 1) }
        try flow.editTrip { $0.setBackBy(60) }
    }

    static let overnightNote = "Back by 01:00 (+1 day): the trip leaves at 20:00, so it may end after midnight."
    static let barHours = "Hours unknown: Stop 2 (Bar); planned as if open."

    func testABackByBeforeTheDeparturesTimeIsTheNextDays() async throws {
        try await eveningOut(barStay: 3)
        XCTAssertTrue(EntryScreen.render(flow.entry, settings: TripSettings(), calendar: calendar)
            .contains("leaving 2026-12-03 20:00, back by 01:00 (+1 day)"))
        // Stockmann before it closes at 21:00, three hours at the bar, home at 23:40: in time.
        let plan = try await flow.optimize()
        XCTAssertEqual(plan.notes, [Self.barHours])
        XCTAssertEqual(flow.entry.stops.map { $0.mapItem?.shortName }, ["Stockmann", "Bar"])
        try await flow.route()
        let shown = try directions()
        XCTAssertEqual(shown.notices, [Self.overnightNote, Self.barHours], "said once, first")
        XCTAssertEqual(shown.tripNotes, [], "back before the night's 01:00")
        XCTAssertEqual(shown.schedule?.back, at("2026-12-03 23:40"))

        // Five hours at the bar end after the night's 01:00: the order given says so under the
        // trip, and optimize leaves the bar out, both with the next day's clock.
        try flow.editTrip { try $0.setStay(5 * 3600, forSlotAt: 2) }
        try await flow.route()
        let late = try directions()
        XCTAssertEqual(late.tripNotes.first, "The trip ends at 01:40 (+1 day), after its end of day (back by 01:00 (+1 day)); optimizing the trip leaves out the stops that do not fit.")
        let short = try await flow.optimize()
        XCTAssertEqual(short.notes, ["Bar (Stop 2) is left out: the trip would end after 01:00 (+1 day)."])
    }

    /// `days 2`: each day leaves at 20:00 and has its own night's 01:00; the note is said once,
    /// on the first day. Together the stops would end at 01:10, so each gets its own evening.
    func testOverSeveralDaysEachDayHasItsOwnNextDayBackBy() async throws {
        try await eveningOut(barStay: 4)
        try flow.editTrip { try $0.setStay(30 * 60, forSlotAt: 2) }
        try flow.editTrip { $0.setDays(2) }
        let plan = try await flow.optimize()
        XCTAssertEqual(plan.dayLengths, [1, 1])
        XCTAssertEqual(plan.notes, [])
        try await flow.route()
        let first = try directions()
        let second = try XCTUnwrap(flow.laterDays.first)
        XCTAssertEqual(first.notices, [Self.overnightNote])
        XCTAssertEqual(second.notices, [], "said once, on the first day")
        XCTAssertEqual(second.schedule?.departure, at("2026-12-04 20:00"))
        XCTAssertEqual(first.tripNotes + second.tripNotes, [], "each day back by its own night's 01:00")
    }

    func testTheEndOfDayIsTheNextDaysOnlyWhenNotAfterTheDeparture() {
        let departure = at("2026-12-03 20:00")
        func end(_ minutes: Int) -> Date? { DayOptions(backBy: minutes).endOfDay(departure: departure, calendar: calendar) }
        XCTAssertEqual(end(21 * 60), at("2026-12-03 21:00"))
        XCTAssertEqual(end(24 * 60), at("2026-12-04 00:00"), "24:00 is the departure day's midnight")
        XCTAssertEqual(end(20 * 60), at("2026-12-04 20:00"), "the departure's own time: the next day's")
        XCTAssertEqual(end(60), at("2026-12-04 01:00"))
        XCTAssertNil(DayOptions().endOfDay(departure: departure, calendar: calendar))
        XCTAssertEqual(DayOptions(backBy: 24 * 60).backByText(departure: departure, calendar: calendar), "24:00")
        XCTAssertEqual(DayOptions(backBy: 60).backByText(departure: departure, calendar: calendar), "01:00 (+1 day)")
        XCTAssertEqual(DayOptions(backBy: 60).backByText(departure: nil, calendar: calendar), "01:00", "leaving now: as given")
    }
}
